/**
 * Tesseract's single-column page segmentation sometimes returns nothing for a column set apart
 * from the text: a receipt's amounts under an "EUR" heading, a page number in a corner. A page
 * read without its amounts has no currency, no totals and no arithmetic to check. This module
 * finds the printed marks no recognised word covers and groups them into the columns they form,
 * so that each column can be read again on its own (engine/ocr/index.ts).
 */
import type { Page } from 'tesseract.js';
import type { Crop } from './prepare.js';
import { overlapOfFirst } from '../../kit/boxes.js';
import { linesOf } from './words.js';

/** Grid cell size (px of the ~1600 px wide prepared picture: a fifth of a text line). */
const CELL = 8;
const CELL_SHIFT = 3;
/** Grey level under which a pixel is ink (the picture is contrast-stretched, paper at 255). */
const INK = 110;
/** Ink pixels that make a cell part of a mark (of 64): a stroke, not a speck. */
const INK_PIXELS = 3;
/** Margin around a recognised word that counts as covered by it (px). */
const WORD_PAD = 6;
/** A group of marks is text-like when its height is that of one line of print: 2-8 cells. */
const MIN_CELLS_HIGH = 2;
const MAX_CELLS_HIGH = 8;
/** Paper kept around a strip's marks, in cells. */
const STRIP_MARGIN = 3;
/** Columns read again per page at most: each costs a recognition of its strip. */
const MAX_COLUMNS = 3;
/** A column is read again only when it holds this many line-like marks (one is a logo or a speck). */
const MIN_MARKS = 2;

interface Mark {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function pixelsOf(pgm: Buffer, width: number, height: number): Uint8Array {
  return pgm.subarray(pgm.length - width * height);
}

/** Cells with ink, and cells that a recognised word covers. */
function grids(pgm: Buffer, width: number, height: number, page: Page) {
  const cw = Math.ceil(width / CELL);
  const ch = Math.ceil(height / CELL);
  const px = pixelsOf(pgm, width, height);
  // Counts per cell (at most 64, so bytes); CELL is a power of two, so a shift finds the cell.
  const ink = new Uint8Array(cw * ch);
  for (let y = 0; y < height; y++) {
    const row = (y >> CELL_SHIFT) * cw;
    const from = y * width;
    for (let x = 0; x < width; x++) if (px[from + x] < INK) ink[row + (x >> CELL_SHIFT)]++;
  }
  const covered = new Uint8Array(cw * ch);
  for (const w of wordBoxes(page)) {
    const y0 = Math.max(0, Math.floor((w.bbox.y0 - WORD_PAD) / CELL));
    const y1 = Math.min(ch - 1, Math.floor((w.bbox.y1 + WORD_PAD) / CELL));
    const x0 = Math.max(0, Math.floor((w.bbox.x0 - WORD_PAD) / CELL));
    const x1 = Math.min(cw - 1, Math.floor((w.bbox.x1 + WORD_PAD) / CELL));
    for (let y = y0; y <= y1; y++) covered.fill(1, y * cw + x0, y * cw + x1 + 1);
  }
  return { cw, ch, ink, covered };
}

function wordBoxes(page: Page): Array<{ bbox: { x0: number; y0: number; x1: number; y1: number } }> {
  return linesOf(page).flatMap((l) => l.words);
}

/**
 * A mark with read words on both sides on its row is a word dropped inside a read line (a lone
 * digit between "payment" and "-58.00"): read alone in a strip it gives nothing, and the line
 * reads as it is. Only marks beside or beyond the read text are a column left out.
 */
function insideReadLine(m: Mark, words: ReturnType<typeof wordBoxes>): boolean {
  const [x0, y0, x1, y1] = [m.x0 * CELL, m.y0 * CELL, (m.x1 + 1) * CELL, (m.y1 + 1) * CELL];
  const sameRow = words.filter((w) => w.bbox.y0 < y1 && y0 < w.bbox.y1);
  return sameRow.some((w) => w.bbox.x1 <= x0 + CELL) && sameRow.some((w) => w.bbox.x0 >= x1 - CELL);
}

/** Uncovered marks, joined across gaps of up to three cells in a row (letters of a word, words of a figure). */
function marks(cw: number, ch: number, ink: Uint8Array, covered: Uint8Array): Mark[] {
  const free = (k: number) => ink[k] >= INK_PIXELS && !covered[k];
  const seen = new Uint8Array(cw * ch);
  const out: Mark[] = [];
  for (let i = 0; i < seen.length; i++) {
    if (seen[i] || !free(i)) continue;
    seen[i] = 1;
    const stack = [i];
    const m = { x0: cw, y0: ch, x1: -1, y1: -1 };
    while (stack.length) {
      const j = stack.pop()!;
      const x = j % cw;
      const y = (j / cw) | 0;
      m.x0 = Math.min(m.x0, x);
      m.x1 = Math.max(m.x1, x);
      m.y0 = Math.min(m.y0, y);
      m.y1 = Math.max(m.y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -3; dx <= 3; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= cw || yy >= ch) continue;
          const k = yy * cw + xx;
          if (!seen[k] && free(k)) {
            seen[k] = 1;
            stack.push(k);
          }
        }
      }
    }
    const high = m.y1 - m.y0 + 1;
    if (high >= MIN_CELLS_HIGH && high <= MAX_CELLS_HIGH && m.x1 > m.x0) out.push(m);
  }
  return out;
}

/** Marks stacked in one column (overlapping in x), top to bottom. */
function columns(found: Mark[]): Mark[][] {
  const cols: Array<{ x0: number; x1: number; marks: Mark[] }> = [];
  for (const m of [...found].sort((a, b) => a.x0 - b.x0)) {
    const col = cols.find((c) => m.x0 <= c.x1 && c.x0 <= m.x1);
    if (col) {
      col.marks.push(m);
      col.x0 = Math.min(col.x0, m.x0);
      col.x1 = Math.max(col.x1, m.x1);
    } else cols.push({ x0: m.x0, x1: m.x1, marks: [m] });
  }
  return cols.map((c) => c.marks);
}

/**
 * The strips of the prepared picture (a PGM, engine/ocr/prepare.ts) holding text-like marks that
 * no word of `page` covers, one per column of such marks, the fullest first.
 */
export function uncoveredColumns(pgm: Buffer, width: number, height: number, page: Page): Crop[] {
  const { cw, ch, ink, covered } = grids(pgm, width, height, page);
  const words = wordBoxes(page);
  return columns(marks(cw, ch, ink, covered).filter((m) => !insideReadLine(m, words)))
    .filter((col) => col.length >= MIN_MARKS)
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_COLUMNS)
    .map((col) => {
      // A margin of paper around the marks: tesseract finds no line in a strip cut tight to it.
      const left = Math.max(0, (Math.min(...col.map((m) => m.x0)) - STRIP_MARGIN) * CELL);
      const top = Math.max(0, (Math.min(...col.map((m) => m.y0)) - STRIP_MARGIN) * CELL);
      const right = Math.min(width, (Math.max(...col.map((m) => m.x1)) + 1 + STRIP_MARGIN) * CELL);
      const bottom = Math.min(height, (Math.max(...col.map((m) => m.y1)) + 1 + STRIP_MARGIN) * CELL);
      return { left, top, width: right - left, height: bottom - top };
    });
}

/**
 * `page` with the lines read from its uncovered columns added as blocks of their own; a word
 * that overlaps one already read (the strip took in the edge of a read line) is left out.
 */
export function withColumns(page: Page, extra: readonly Page[]): Page {
  const known = wordBoxes(page).map((w) => w.bbox);
  const blocks = extra
    .flatMap((e) =>
      (e.blocks ?? []).map((b) => ({
        ...b,
        paragraphs: b.paragraphs
          .map((p) => ({
            ...p,
            lines: p.lines
              .map((l) => ({ ...l, words: l.words.filter((w) => !known.some((k) => overlapOfFirst(w.bbox, k) > 0.3)) }))
              .filter((l) => l.words.length > 0),
          }))
          .filter((p) => p.lines.length > 0),
      })),
    )
    .filter((b) => b.paragraphs.length > 0);
  return blocks.length ? { ...page, blocks: [...(page.blocks ?? []), ...blocks] } : page;
}
