/**
 * Where to cut a prepared page (engine/read/ocr/prepare.ts) so its two halves can be recognised on
 * two tesseract workers at once: at a band of blank paper between text lines, as near the middle
 * of the page's text as such a band lies. Tesseract reads each half as a rectangle of the same
 * picture, so words come back in page pixels and the halves' blocks simply join.
 */
import type { Page } from 'tesseract.js';
import type { Crop } from './prepare.js';
import { movedBy, partImage } from './part.js';

/** A pixel darker than this is ink (as engine/read/ocr/uncovered.ts counts it). */
const INK = 110;
/**
 * The blank band cut through, in prepared pixels: half of it stays as paper around each half's
 * outer line (tesseract finds no line cut tight to its rectangle), and a band this tall lies
 * between paragraphs or table sections rather than between a line and its descenders.
 */
const MIN_GAP = 24;
/** A column inked on this share of rows is a rule, border or photo surround, not text. */
const RULE_SHARE = 0.5;
/** The blank band cut through is at least this many of the page's median text-line heights. */
const LINE_GAPS = 2;
/** Halves must each hold at least this share of the page's inked rows, or the page is read whole. */
const MIN_SHARE = 0.3;
/** Pages with fewer inked rows than this are read whole: a split would cost more than it saves. */
const MIN_INK_ROWS = 120;

/**
 * The two halves of a prepared PGM (`pgm`, `width` x `height` after its header), top then
 * bottom, or null when the page has no blank band near its middle.
 */
export function pageHalves(pgm: Buffer, width: number, height: number): [Crop, Crop] | null {
  const pixels = pgm.subarray(pgm.length - width * height);
  if (width < 1 || height < 2 * MIN_GAP || pixels.length !== width * height) return null;
  const rows = inkedRows(pixels, width, height);
  const total = rows.reduce((n, r) => n + (r ? 1 : 0), 0);
  if (total < MIN_INK_ROWS) return null;
  // Paper around each half's edge line at least as tall as a line of text: tesseract lost the
  // labels of a receipt's rows when its half began 9 px above a 20 px line.
  const minGap = Math.max(MIN_GAP, Math.round(LINE_GAPS * lineHeight(rows)));
  let best: { cut: number; off: number } | null = null;
  let above = 0;
  let gapStart = -1;
  for (let y = 0; y <= height; y++) {
    const blank = y < height && !rows[y];
    if (blank && gapStart < 0) gapStart = y;
    if (!blank && gapStart >= 0) {
      // A band of paper from gapStart to y (exclusive), with `above` inked rows over it; the page
      // edges are not cuts.
      if (gapStart > 0 && y < height && y - gapStart >= minGap) {
        const off = Math.abs(above / total - 0.5);
        if (above / total >= MIN_SHARE && 1 - above / total >= MIN_SHARE && (!best || off < best.off)) best = { cut: (gapStart + y) >> 1, off };
      }
      gapStart = -1;
    }
    if (y < height && rows[y]) above++;
  }
  if (!best) return null;
  return [
    { left: 0, top: 0, width, height: best.cut },
    { left: 0, top: best.cut, width, height: height - best.cut },
  ];
}

/** The median height of the runs of inked rows (text lines), in pixels. */
function lineHeight(rows: Uint8Array): number {
  const runs: number[] = [];
  let run = 0;
  for (let y = 0; y <= rows.length; y++) {
    if (y < rows.length && rows[y]) run++;
    else if (run) {
      runs.push(run);
      run = 0;
    }
  }
  runs.sort((a, b) => a - b);
  return runs.length ? runs[runs.length >> 1] : 0;
}

/**
 * Which rows carry ink, not counting columns inked on most rows (a table's vertical rules, a
 * page border, the dark surround of a photographed sheet): through those no row would be blank.
 */
function inkedRows(pixels: Uint8Array, width: number, height: number): Uint8Array {
  const perColumn = new Uint32Array(width);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) if (pixels[row + x] < INK) perColumn[x]++;
  }
  const counted = new Uint8Array(width);
  for (let x = 0; x < width; x++) counted[x] = perColumn[x] < RULE_SHARE * height ? 1 : 0;
  // A row with a speck or two of dust is still paper.
  const minInk = Math.max(2, Math.round(width * 0.001));
  const rows = new Uint8Array(height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let n = 0;
    for (let x = 0; x < width && n < minInk; x++) if (counted[x] && pixels[row + x] < INK) n++;
    rows[y] = n >= minInk ? 1 : 0;
  }
  return rows;
}

/** The rows of `half` as a PGM of their own (tesseract lays out and thresholds what it is given). */
export const halfImage = partImage;

/** A half's page moved down to where the half lies on the page (boxes and baselines at every level). */
export function movedDown(page: Page, dy: number): Page {
  return movedBy(page, 0, dy);
}
