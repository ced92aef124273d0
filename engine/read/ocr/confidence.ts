/**
 * Content findings must not rest on digits OCR was unsure of: a misread "8" for "3" makes a
 * statement fail to add up exactly like a forged one. A content finding on an OCR page is dropped
 * when a low-confidence figure lies under its evidence, and an arithmetic finding when a
 * low-confidence figure lies among the lines it added up (a misread amount on one row breaks the
 * balance of another), or anywhere on its page when it does not say which lines those were.
 */
import { flagDefinition } from '../../catalog/flags.js';
import type { PageLayer, TextRun } from '../pdf/text/types.js';
import type { BBox, Finding } from '../../types.js';

/** Word confidence (0..100) below which an OCR'd figure is not trusted as evidence. */
export const MIN_FIGURE_CONFIDENCE = 75;

/** A word that is a number (amount, date, account) rather than a word with a digit in it. */
function isFigure(text: string): boolean {
  const digits = (text.match(/\p{N}/gu) ?? []).length;
  return digits > 0 && digits >= (text.match(/\p{L}/gu) ?? []).length;
}

function uncertainFigure(run: TextRun): boolean {
  return run.confidence !== undefined && run.confidence < MIN_FIGURE_CONFIDENCE && isFigure(run.text);
}

function overlaps(a: BBox, b: BBox): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

function evidenceBoxes(f: Finding): Array<{ page: number; bbox: BBox }> {
  const out: Array<{ page: number; bbox: BBox }> = [];
  if (f.evidence.bbox) out.push({ page: f.evidence.page ?? f.pages[0], bbox: f.evidence.bbox });
  for (const r of f.evidence.regions ?? []) out.push(r);
  return out;
}

/**
 * A figure that can enter a sum: it has a decimal part or a currency sign and is not a date.
 * Account numbers, postcodes, page ranges and dates misread elsewhere on the page cannot make
 * the figures disagree. Quantities (small counts) enter only item checks: see `countLike`.
 */
function amountLike(text: string): boolean {
  const t = text.trim().replace(/[:;.,]+$/, '');
  if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(t)) return false;
  return /\d[.,]\d/.test(t) || /[£€$¥]/.test(t);
}

/** A quantity: a misread "11" as "1" breaks a line item and the items' sum. */
function countLike(text: string): boolean {
  return /^\d{1,4}$/.test(text.trim().replace(/[:;.,]+$/, ''));
}

const ITEM_CHECKS = new Set(['arithmetic_error.line_item', 'arithmetic_error.items_subtotal']);

/**
 * The vertical band per page from the first to the last line a check added up. Rows outside it
 * cannot change the sum; a doubtful figure inside it (an operand, or a row between them whose
 * misread date or amount dropped it from the sum) can.
 */
function operandBands(f: Finding): Map<number, [number, number]> | null {
  const ops = f.evidence.operands;
  if (!Array.isArray(ops) || !ops.length) return null;
  const bands = new Map<number, [number, number]>();
  for (const { page, bbox } of ops) {
    const b = bands.get(page);
    bands.set(page, b ? [Math.min(b[0], bbox[1]), Math.max(b[1], bbox[3])] : [bbox[1], bbox[3]]);
  }
  return bands;
}

/**
 * An amount whose decimal mark OCR dropped ("2285€" for "22,85 €", "-9943" for "-99,43"): a
 * signed or currency-marked figure of three or more digits without a decimal mark. Read as
 * hundreds of units it breaks any sum it enters, however confident tesseract was.
 */
function lostDecimalMark(text: string): boolean {
  const t = text.trim();
  return /^[-(]?[£€$]?\d{3,}[£€$]?\)?$/.test(t) && /[-£€$]/.test(t);
}

function arithmeticVetoed(f: Finding, ocrPage: (n: number) => PageLayer | undefined): boolean {
  const bands = operandBands(f);
  const amountVeto = (r: TextRun) => uncertainFigure(r) && (amountLike(r.text) || (ITEM_CHECKS.has(f.code) && countLike(r.text)));
  const pagesRead = new Set([...f.pages, ...(bands?.keys() ?? [])]);
  for (const n of pagesRead) {
    const page = ocrPage(n);
    if (!page) continue;
    const band = bands?.get(n);
    // Without the operands' positions, any doubtful amount on the page may be the one.
    if (!band) {
      if (page.runs.some(amountVeto)) return true;
      continue;
    }
    if (page.runs.some((r) => (uncertainFigure(r) || lostDecimalMark(r.text)) && r.bbox[1] < band[1] && band[0] < r.bbox[3])) return true;
  }
  return false;
}

/** A day number or a range of days ("31", "1-31", "01 -"): no month, no year. */
const DAY_NUMBERS = /^(?:0?[1-9]|[12]\d|3[01])(?:\s*[-–]\s*(?:0?[1-9]|[12]\d|3[01])?)?[.,]?$/;

/**
 * The line whose day numbers a date finding holds without (`evidence.daysAside`, set by
 * content/content-inconsistency when a date lies months off its period whatever the days are):
 * a doubtful "1-31" there cannot undo it, while its month, year and the other dates still count.
 */
function daysAside(f: Finding): { page: number; bbox: BBox } | null {
  const a = f.evidence.daysAside as { page?: unknown; bbox?: unknown } | undefined;
  return a && typeof a.page === 'number' && Array.isArray(a.bbox) && a.bbox.length === 4 ? { page: a.page, bbox: a.bbox as BBox } : null;
}

export function isUncertainOcrFinding(f: Finding, pages: readonly PageLayer[]): boolean {
  if (flagDefinition(f.flag).category !== 'content') return false;
  // The figures around the disagreement were confirmed by the document's own arithmetic and the
  // odd figure is several characters from any misreading (engine/content/arithmetic/cross-check.ts):
  // word confidence, which tesseract gives correctly read figures as readily as wrong ones, adds nothing.
  if (f.evidence.crossChecked === true) return false;
  const ocrPage = (n: number) => pages.find((p) => p.page === n && p.source === 'ocr');
  if (f.flag === 'arithmetic_error' && arithmeticVetoed(f, ocrPage)) return true;
  const aside = daysAside(f);
  // The word's middle on the period line: a day number of a neighbouring line still counts.
  const onAside = (r: TextRun, page: number) => {
    const [cx, cy] = [(r.bbox[0] + r.bbox[2]) / 2, (r.bbox[1] + r.bbox[3]) / 2];
    return !!aside && aside.page === page && cx > aside.bbox[0] && cx < aside.bbox[2] && cy > aside.bbox[1] && cy < aside.bbox[3];
  };
  const counts = (r: TextRun, page: number) => !(onAside(r, page) && DAY_NUMBERS.test(r.text.trim()));
  return evidenceBoxes(f).some(({ page, bbox }) => ocrPage(page)?.runs.some((r) => uncertainFigure(r) && overlaps(r.bbox, bbox) && counts(r, page)) ?? false);
}

export function withoutUncertainOcrFindings(findings: Finding[], pages: readonly PageLayer[]): Finding[] {
  if (!pages.some((p) => p.source === 'ocr')) return findings;
  return findings.filter((f) => !isUncertainOcrFinding(f, pages));
}
