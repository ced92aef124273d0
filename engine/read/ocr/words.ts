/**
 * Tesseract's page (blocks > paragraphs > lines > words) as the text layer the engine already
 * reads: one run per word, font 'ocr', boxes as page fractions with a top-left origin, size from
 * the line height, and the word confidence kept on the run.
 */
import type { Line, Page, Word } from 'tesseract.js';
import { pageText } from '../pdf/text/reading-order.js';
import type { PageLayer, TextRun } from '../pdf/text/types.js';
import type { BBox } from '../../types.js';
import type { Region } from './page-region.js';
import { baselineAt, levelBaseline, rowGeometries, type RowGeometry } from './skew.js';
import { round2 } from '../../kit/numbers.js';

/** Words below this confidence that carry no digit are specks, rules and table lines read as text. */
const NOISE_CONFIDENCE = 35;
/** A printed line's box is about 1.2 times its font size (ascenders plus descenders). */
const LINE_TO_FONT = 1 / 1.2;

export interface OcrGeometry {
  page: number;
  /** Page size in page units (pixels for images, points for PDF pages). */
  width: number;
  height: number;
  /** Prepared image size in pixels (the space tesseract's boxes are in). */
  imageWidth: number;
  imageHeight: number;
  /** The part of the page the prepared image shows (fractions), when OCR read only the sheet of a photo. */
  crop?: Region;
}

function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

export function isNoise(word: Word): boolean {
  const text = word.text.trim();
  if (!text) return true;
  if (/\d/.test(text)) return false;
  return word.confidence < NOISE_CONFIDENCE || (!/[\p{L}\p{N}\p{Sc}]/u.test(text) && text.length > 2);
}

/**
 * A tilde glued to the front of a figure is a speck or the end of a rule drawn above a total
 * ("~4,236.09" under a payslip's earnings rule): print never sets one there, and left on, it hides
 * the figure from every amount reader.
 */
function wordText(raw: string): string {
  const text = raw.trim();
  return /^[~˜](?=[-£€$]?\d)/u.test(text) ? text.slice(1) : text;
}

function lineRuns(line: Line, geo: OcrGeometry, row: RowGeometry | null): TextRun[] {
  const [cx0, cy0, cx1, cy1] = geo.crop ?? [0, 0, 1, 1];
  // Prepared-image pixels -> fractions of the whole page.
  const fx = (px: number) => cx0 + clamp01(px / geo.imageWidth) * (cx1 - cx0);
  const fy = (px: number) => cy0 + clamp01(px / geo.imageHeight) * (cy1 - cy0);
  if (row) return slantedLineRuns(line, geo, row, fx, fy);
  // Words take their line's vertical extent so that a row reads as one band whatever its letters
  // (a word without ascenders has a shorter box than its neighbours).
  const y0 = fy(line.bbox.y0);
  const y1 = fy(line.bbox.y1);
  const size = Math.max(1, (y1 - y0) * geo.height * LINE_TO_FONT);
  const baselinePx = Number.isFinite(line.baseline?.y0) ? (line.baseline.y0 + line.baseline.y1) / 2 : line.bbox.y1;
  const baseline = geo.height * (1 - fy(baselinePx));
  const runs: TextRun[] = [];
  for (const word of line.words) {
    if (isNoise(word)) continue;
    const bbox: BBox = [round4(fx(word.bbox.x0)), round4(y0), round4(fx(word.bbox.x1)), round4(y1)];
    runs.push({
      page: geo.page,
      text: wordText(word.text),
      fontId: 'ocr',
      fontName: 'ocr',
      size: round2(size),
      bbox,
      baseline: round2(baseline),
      confidence: Math.round(word.confidence),
    });
  }
  return runs;
}

/**
 * On a slanted page (engine/ocr/skew.ts) each word gets its row's extent where the word is, and
 * the baseline and `rowShift` of the row as a level page would place it.
 */
function slantedLineRuns(line: Line, geo: OcrGeometry, row: RowGeometry, fx: (px: number) => number, fy: (px: number) => number): TextRun[] {
  const level = levelBaseline(row, geo.imageWidth);
  const size = Math.max(1, (fy(row.height) - fy(0)) * geo.height * LINE_TO_FONT);
  const runs: TextRun[] = [];
  for (const word of line.words) {
    if (isNoise(word)) continue;
    const base = baselineAt(row, (word.bbox.x0 + word.bbox.x1) / 2);
    const bottom = base + row.descent;
    runs.push({
      page: geo.page,
      text: wordText(word.text),
      fontId: 'ocr',
      fontName: 'ocr',
      size: round2(size),
      bbox: [round4(fx(word.bbox.x0)), round4(fy(bottom - row.height)), round4(fx(word.bbox.x1)), round4(fy(bottom))],
      baseline: Math.round(geo.height * (1 - fy(level)) * 100) / 100,
      rowShift: round4(fy(base) - fy(level)),
      confidence: Math.round(word.confidence),
    });
  }
  return runs;
}

/** Tesseract's lines of a page, in reading order (blocks > paragraphs > lines). */
export function linesOf(page: Page): Line[] {
  return (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
}

export function ocrRuns(data: Page, geo: OcrGeometry): TextRun[] {
  const lines = linesOf(data);
  const rows = rowGeometries(lines, geo.imageWidth);
  return lines.flatMap((line, i) => lineRuns(line, geo, rows?.[i] ?? null));
}

/** A page layer read by OCR; `imageCoverage`/`paint` come from the PDF page when there is one. */
export function ocrPageLayer(data: Page, geo: OcrGeometry, base?: PageLayer): PageLayer {
  const runs = ocrRuns(data, geo);
  return {
    ...(base ?? { imageCoverage: 1, imageOnly: true }),
    page: geo.page,
    width: geo.width,
    height: geo.height,
    runs,
    text: pageText(runs, geo.width),
    source: 'ocr',
  };
}
