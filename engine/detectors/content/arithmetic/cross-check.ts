/**
 * Running balances read by OCR, judged by the arithmetic itself rather than by tesseract's word
 * confidence. Tesseract's confidence on figures says little (a correctly read "2071.78" at 0, a
 * misread one at 90), so on a picture every wrong balance used to be dropped. A statement checks
 * itself, though: a balance that follows from the one before it and leads to the one after it
 * (both neighbouring checks add up) cannot have been misread. When the two balances around a
 * single transaction are confirmed that way, that transaction is the only figure left that can
 * be wrong; if what the balances require and what is printed are several characters apart (not
 * one or two misread, dropped or doubled digits), or differ in one digit OCR never takes for the
 * other, the figure on the page is not the one the statement was computed with. The same holds the other way round for a balance whose two
 * neighbouring checks both fail while the check across it adds up.
 *
 * Guards against OCR losing a whole row (its transaction would be missing from the sum): the
 * rows must be neighbouring lines of the page, at the table's usual row pitch, with no line
 * carrying a digit between them.
 */
import type { Line } from '../../../read/extract/layout.js';
import { near } from '../evidence.js';
import type { TxRow } from './statement-table.js';
import { median } from '../../../kit/stats.js';
import { foreignDigit } from './misread.js';

/** One comparison of a printed balance with the running one (statement.ts `walk`). */
export interface ChainCheck {
  row: TxRow;
  expected: number;
  found: number;
  ok: boolean;
  /** Signed transactions applied since the previous balance. */
  deltas: number[];
  /** Unsigned transactions (sign not readable) applied since the previous balance. */
  unsigned: number[];
  /** The row the previous balance was printed on, and that balance. */
  from: TxRow;
  prev: number;
}

export interface CrossChecked {
  check: ChainCheck;
  /** The figure the neighbouring balances disagree with: a transaction or the balance itself. */
  figure: 'transaction' | 'balance';
  printed: number;
  required: number;
  /** Rows whose figures took part (previous balance to the confirming next balance). */
  lines: Line[];
}

/** Fewest single-character edits between two strings. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

const digitsOf = (v: number) => Math.round(Math.abs(v) * 100).toString();

/**
 * OCR misreads, drops or doubles a digit or two of a figure; a forger types another figure.
 * Three or more character edits between what is printed and what the balances require is not a
 * misreading.
 */
export const MIN_EDITS = 3;

export function farApart(printed: number, required: number): boolean {
  return editDistance(digitsOf(printed), digitsOf(required)) >= MIN_EDITS;
}

/**
 * Not a misreading: several characters apart, or one digit replaced by one OCR does not take it
 * for (misread.ts `foreignDigit`: a "3" pasted over a "1"), as the totals cross-check judges.
 */
function notMisread(printed: number, required: number): boolean {
  return farApart(printed, required) || foreignDigit(digitsOf(printed), digitsOf(required));
}

/**
 * The rows `a` and `b` are neighbouring lines of one page: same page, no line with a digit between
 * them (a row whose date OCR misread is still a line), and at most 1.6 row pitches apart.
 */
function adjacent(lines: readonly Line[], a: Line, b: Line, pitch: number): boolean {
  if (a.page !== b.page) return false;
  const [lo, hi] = a.index < b.index ? [a, b] : [b, a];
  const between = lines.filter((l) => l.page === lo.page && l.index > lo.index && l.index < hi.index);
  if (between.some((l) => /\d/.test(l.text))) return false;
  return pitch > 0 && hi.top - lo.top <= pitch * 1.6;
}

/** Median distance between consecutive table rows of a page (the row pitch). */
function rowPitch(rows: readonly TxRow[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1].line;
    const b = rows[i].line;
    if (a.page === b.page && b.index > a.index) gaps.push(b.top - a.top);
  }
  return gaps.length ? median(gaps) : 0;
}

/** The one transaction applied between two balances, as a magnitude; null when there were several. */
function singleTransaction(c: ChainCheck): number | null {
  const all = [...c.deltas, ...c.unsigned];
  return all.length === 1 ? Math.abs(all[0]) : null;
}

/** Does `base` plus the checks' transactions (unsigned ones either way) reach `target`? */
function reaches(base: number, checks: ChainCheck[], target: number): boolean {
  let sums = [base];
  for (const c of checks) {
    sums = sums.map((s) => s + c.deltas.reduce((x, y) => x + y, 0));
    for (const u of c.unsigned) sums = sums.flatMap((s) => [s + u, s - u]);
  }
  return sums.some((s) => near(s, target));
}

/**
 * Wrong balances of an OCR-read table that its neighbouring balances pin down (see above), in
 * the order of `checks` (one walk direction, statement.ts).
 */
export function crossCheckedBreaks(checks: ChainCheck[], rows: readonly TxRow[], lines: readonly Line[]): CrossChecked[] {
  const pitch = rowPitch(rows.filter((r) => !r.unread));
  const out: CrossChecked[] = [];
  const linked = (a: ChainCheck | undefined, b: ChainCheck) => a !== undefined && b.from === a.row;
  for (let i = 1; i < checks.length - 1; i++) {
    const before = checks[i - 1];
    const c = checks[i];
    const after = checks[i + 1];
    if (c.ok || !c.row.line.ocr || !before.ok || !linked(before, c) || !linked(c, after)) continue;
    if (!adjacent(lines, c.from.line, c.row.line, pitch)) continue;
    const tx = singleTransaction(c);
    if (tx === null) continue;
    if (after.ok) {
      // Both balances confirmed: the transaction between them is the odd figure.
      const required = Math.abs(c.found - c.prev);
      if (near(required, tx) || !notMisread(tx, required)) continue;
      out.push({ check: c, figure: 'transaction', printed: tx, required, lines: [c.from.line, c.row.line, after.row.line] });
      continue;
    }
    // This balance disagrees with both neighbours, and the check across it adds up: the balance is the odd figure.
    const next = checks[i + 2];
    if (!next?.ok || !linked(after, next) || !adjacent(lines, c.row.line, after.row.line, pitch)) continue;
    if (!reaches(c.prev, [c, after], after.found)) continue;
    if (!farApart(c.found, c.expected) || [c.prev + tx, c.prev - tx].some((v) => !farApart(c.found, v))) continue;
    out.push({ check: c, figure: 'balance', printed: c.found, required: c.expected, lines: [c.from.line, c.row.line, after.row.line] });
  }
  return out;
}
