/**
 * Rebuilds reading lines and table cells from a page's text layer. With runs (positions from the
 * PDF text layer) a line is the runs sharing a baseline band and a cell is a run cluster without a
 * column-sized gap. Without runs (plain or `pdftotext -layout` text) a line is a text line and
 * cells are split at two or more spaces, with character columns standing in for x positions.
 * Both give x in fractions of the page width so column logic is the same for either source.
 */
import type { PageLayer, TextRun } from '../pdf/text/types.js';
import type { BBox } from '../../types.js';
import { visibleRuns } from './visible.js';
import { boundingBox } from '../../kit/boxes.js';
import { median } from '../../kit/stats.js';

export interface Cell {
  text: string;
  x0: number;
  x1: number;
  bbox?: BBox;
}

export interface Line {
  page: number;
  /** Order of the line on its page, top to bottom. */
  index: number;
  /** Cells joined by two spaces, so label/value regexes work on either source. */
  text: string;
  cells: Cell[];
  bbox?: BBox;
  /** Vertical position and height in one unit per source (page fraction, or text rows). */
  top: number;
  height: number;
  /** Representative font size (runs only). */
  size?: number;
  /** Read by OCR from a picture (digits may be misread). */
  ocr?: boolean;
}

/** Empty space between two lines of a page, in heights of the upper line. */
export function verticalGap(upper: Line, lower: Line): number {
  return (lower.top - (upper.top + upper.height)) / Math.max(upper.height, 1e-6);
}

/**
 * OCR gives every word of a line the size estimated from that line's height, which runs small on
 * lines without capitals or descenders ("Dublin 2", "Portland, OR"); the page's usual OCR size
 * keeps such a line's words in one cell.
 */
function runSize(run: TextRun, ocrSize: number): number {
  return run.fontId === 'ocr' ? Math.max(run.size, ocrSize) : run.size;
}

/**
 * OCR reads a figure grouped with a thin space ("17 022,83") as two words and places the second
 * a little further than a space's width: the leading group (1-3 digits, maybe a sign or
 * currency) and a group of exactly three digits with the decimals stay one figure when they are
 * less than 2.5 em apart. Columns (a quantity before a unit price) lie much further apart.
 */
function splitThousands(prev: TextRun, run: TextRun, em: number, page: PageLayer): boolean {
  if (page.source !== 'ocr') return false;
  if (!/^[-(£€$]?\d{1,3}$/.test(prev.text.trim()) || !/^\d{3}[.,]\d{2}\b/.test(run.text.trim())) return false;
  return run.bbox[0] - prev.bbox[2] < em * 2.5;
}

/**
 * The em of an OCR page from its letters' widths (a letter is about half an em wide): the size
 * OCR gives a run comes from its line's box, which tesseract draws tight around small type at
 * 150 dpi (a 9 pt line measured 5.6 pt), so word spaces looked like column gaps.
 */
function ocrEm(page: PageLayer): number {
  if (page.source !== 'ocr') return 0;
  const widths = page.runs.filter((r) => /^\p{L}{3,}[.,:]?$/u.test(r.text.trim())).map((r) => (r.bbox[2] - r.bbox[0]) / r.text.trim().length);
  return widths.length >= 10 ? 2 * median(widths) : 0;
}

/** An amount with its decimals, grouped or not, with an optional sign or currency: "3.207,88", "-£1,250.00". */
const WHOLE_AMOUNT = /^[-+(]?[£€$]?\s?\d{1,3}(?:[.,\u00a0\u202f]\d{3})*[.,]\d{2}\)?\s?[£€$]?-?$|^[-+(]?[£€$]?\s?\d+[.,]\d{2}\)?\s?[£€$]?-?$/;

function cellsOfRuns(runs: TextRun[], page: PageLayer, ocrSize: number, pageEm = 0): Cell[] {
  const sorted = [...runs].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const cells: Array<{ parts: TextRun[]; x1: number }> = [];
  for (const run of sorted) {
    if (!run.text.trim()) continue;
    const em = Math.max(Math.max(runSize(run, ocrSize), 1) / Math.max(page.width, 1), pageEm);
    const last = cells[cells.length - 1];
    // A gap wider than about two character widths separates columns.
    const prev = last?.parts[last.parts.length - 1];
    // Two whole amounts a space apart are two cells (LibreOffice packs narrow "Paid in" and
    // "Balance" columns a word space apart): no figure is written as two amounts.
    const twoAmounts = !!prev && WHOLE_AMOUNT.test(prev.text.trim()) && WHOLE_AMOUNT.test(run.text.trim()) && run.bbox[0] - last.x1 > em * 0.2;
    if (last && prev && !twoAmounts && (run.bbox[0] - last.x1 < em * 1.1 || splitThousands(prev, run, em, page))) {
      last.parts.push(run);
      last.x1 = Math.max(last.x1, run.bbox[2]);
    } else cells.push({ parts: [run], x1: run.bbox[2] });
  }
  return cells.map(({ parts }) => {
    let text = '';
    let prevX1: number | null = null;
    for (const p of parts) {
      const em = Math.max(p.size, 1) / Math.max(page.width, 1);
      const t = p.text.replace(/\s+/g, ' ');
      if (prevX1 !== null && p.bbox[0] - prevX1 > em * 0.15 && !text.endsWith(' ') && !t.startsWith(' ')) text += ' ';
      text += t;
      prevX1 = p.bbox[2];
    }
    const bbox = boundingBox(parts.map((p) => p.bbox));
    return { text: text.trim(), x0: bbox[0], x1: bbox[2], bbox };
  });
}

/** How many times the page's usual type size a run must be set to be a stamp, not a heading (titles run 2-4x). */
const STAMP_SIZE = 6;

/**
 * Runs set far larger than the page's type: a "PAID" or "DRAFT" stamp laid over the page (textract's
 * sample invoice: 120 pt over 8.8 pt rows). No page with fewer than 10 runs has a usual size.
 */
function stampOf(runs: TextRun[]): (run: TextRun) => boolean {
  if (runs.length < 10 || runs.some((r) => r.fontId === 'ocr')) return () => false;
  const usual = median(runs.map((r) => r.size));
  return (run) => usual > 0 && run.size >= usual * STAMP_SIZE;
}

function linesOfRuns(page: PageLayer): Line[] {
  const runs = visibleRuns(page).filter((r) => r.text.trim() !== '');
  const ocr = runs.filter((r) => r.fontId === 'ocr');
  // Line heights understate the size on lines of small letters; the words' widths do not (a
  // character is about half an em wide in print faces, 0.6 em in typewriter faces).
  const heightSizes = ocr.map((r) => r.size);
  const widthSizes = ocr.filter((r) => r.text.length >= 3).map((r) => ((r.bbox[2] - r.bbox[0]) * page.width) / r.text.length / 0.55);
  // No OCR words (or none long enough): that estimate is 0, so the other one decides.
  const ocrSize = Math.max(heightSizes.length ? median(heightSizes) : 0, widthSizes.length ? median(widthSizes) : 0);
  // Vertical positions on the level page (a slanted photo's rows, engine/ocr/skew.ts).
  const top = (r: TextRun) => r.bbox[1] - (r.rowShift ?? 0);
  const bottom = (r: TextRun) => r.bbox[3] - (r.rowShift ?? 0);
  const sorted = [...runs].sort((a, b) => (top(a) + bottom(a)) / 2 - (top(b) + bottom(b)) / 2);
  const bands: Array<{ top: number; bottom: number; runs: TextRun[]; stamp?: true }> = [];
  // Runs come in order of their middle, so a band that ends above this run's middle can take no
  // later run either: only the bands still open are searched (first one in creation order wins,
  // as a search over all bands would find), which keeps a dense page linear.
  // A middle below the highest one seen (unordered or NaN boxes) searches every band instead.
  let open: typeof bands = [];
  let highest = -Infinity;
  const stamp = stampOf(runs);
  for (const run of sorted) {
    // A stamp ("PAID", "COPY" set across the page) shares no row: its middle fell on a totals
    // label and made it "PaidSub Total", which no reader knew.
    if (stamp(run)) {
      bands.push({ top: top(run), bottom: bottom(run), runs: [run], stamp: true });
      continue;
    }
    const mid = (top(run) + bottom(run)) / 2;
    let band: (typeof bands)[number] | undefined;
    if (mid >= highest) {
      highest = mid;
      if (open.some((b) => b.bottom < mid)) open = open.filter((b) => b.bottom >= mid);
      band = open.find((b) => mid >= b.top);
    } else band = bands.find((b) => !b.stamp && mid >= b.top && mid <= b.bottom);
    if (band) {
      band.runs.push(run);
      continue;
    }
    const h = Math.max(run.bbox[3] - run.bbox[1], 1e-4);
    const created = { top: top(run) + h * 0.2, bottom: bottom(run) - h * 0.2, runs: [run] };
    bands.push(created);
    open.push(created);
  }
  bands.sort((a, b) => a.top - b.top);
  const em = ocrEm(page);
  return bands.map((band, index) => {
    const cells = cellsOfRuns(band.runs, page, ocrSize, em);
    return {
      page: page.page,
      index,
      text: cells.map((c) => c.text).join('  '),
      cells,
      bbox: boundingBox(band.runs.map((r) => r.bbox)),
      top: Math.min(...band.runs.map(top)),
      height: Math.max(1e-4, median(band.runs.map((r) => r.bbox[3] - r.bbox[1]))),
      size: median(band.runs.map((r) => r.size)),
      ...(page.source === 'ocr' ? { ocr: true } : {}),
    };
  });
}

/** Character-grid lines (pdftotext -layout style); x is the column over the widest line. */
export function linesOfText(text: string, page: number): Line[] {
  const raw = text.split(/\r?\n/);
  const width = Math.max(80, ...raw.map((l) => l.length));
  const out: Line[] = [];
  for (const [row, l] of raw.entries()) {
    if (!l.trim()) continue;
    const cells: Cell[] = [];
    // Cells split at two or more spaces or a tab; no-break and thin spaces stay inside figures.
    for (const m of l.matchAll(/[^ \t\r]+(?: [^ \t\r]+)*/g)) {
      const start = m.index ?? 0;
      cells.push({ text: m[0], x0: start / width, x1: (start + m[0].length) / width });
    }
    out.push({ page, index: out.length, text: cells.map((c) => c.text).join('  '), cells, top: row, height: 1 });
  }
  return out;
}

export function pageLines(page: PageLayer): Line[] {
  return page.runs.some((r) => r.text.trim()) ? linesOfRuns(page) : linesOfText(page.text, page.page);
}

/** All lines of a document; pages without a layer fall back to the joined text (form feeds). */
export function documentLines(pages: PageLayer[], text: string): Line[] {
  if (pages.length) return pages.flatMap(pageLines);
  return text.split('\f').flatMap((t, i) => linesOfText(t, i + 1));
}

/** The box of a line, or of the cells that matter on it. */
export function boxOf(line: Line, cells?: Cell[]): BBox | undefined {
  const boxes = (cells ?? line.cells).map((c) => c.bbox).filter((b): b is BBox => Boolean(b));
  return boxes.length ? boundingBox(boxes) : line.bbox;
}
