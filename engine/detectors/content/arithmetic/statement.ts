/**
 * Bank statement arithmetic: each printed balance must equal the previous balance plus the
 * transactions since, and the summary (opening + money in - money out) must give the closing
 * balance. Rows are checked in both directions (statements list oldest or newest first) and
 * the direction that explains more rows wins. A table where many rows disagree was probably
 * misread, so it produces nothing.
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { DocModel } from '../../../read/extract/model.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { crossCheckedBreaks, type ChainCheck as Check, type CrossChecked } from './cross-check.js';
import { carriedFindings, isContinuation } from './carried.js';
import { readStatementTable, type TxRow } from './statement-table.js';
import { STRENGTH } from '../../strengths.js';
import { summaryBreakdown } from './summary-breakdown.js';

/** Walks the rows, comparing each printed balance with the running one. */
function walk(rows: TxRow[], reverse: boolean): Check[] {
  const seq = reverse ? [...rows].reverse() : rows;
  const checks: Check[] = [];
  let prev: number | null = null;
  let prevRow: TxRow | null = null;
  let pending: number[] = [];
  let unsigned: number[] = [];
  let txSince = 0;
  // In newest-first order a row's own amount leads from the row below it to its balance, so
  // walking the reversed list applies the same rule.
  for (const r of seq) {
    if (r.unread) {
      prev = null;
      prevRow = null;
      pending = [];
      unsigned = [];
      continue;
    }
    if (r.delta !== null) pending.push(r.delta);
    if (r.magnitude !== null) unsigned.push(r.magnitude);
    if (r.balance === null) continue;
    // A brought-forward balance restarts the chain; it is what the next rows build on.
    const restarts = r.carried === (reverse ? 'close' : 'open');
    // A closing line right after an opening one is a summary box, not the end of a table.
    const summaryOnly = r.carried !== null && !restarts && txSince === 0;
    if (!r.carried) txSince++;
    if (restarts) txSince = 0;
    if (prev !== null && prevRow && unsigned.length <= 1 && !restarts && !summaryOnly && !amountNotRead(r, prev, pending, unsigned)) {
      const base = prev + pending.reduce((a, b) => a + b, 0);
      const options = unsigned.length ? [base + unsigned[0], base - unsigned[0]] : [base];
      const ok = options.some((o) => near(o, r.balance as number));
      const expected = ok ? r.balance : options[0];
      checks.push({ row: r, expected: expected as number, found: r.balance, ok, deltas: pending, unsigned, from: prevRow, prev });
    }
    prev = r.balance;
    prevRow = r;
    pending = [];
    unsigned = [];
  }
  return checks;
}

/**
 * A row OCR read with its balance but none of its transaction, although the balance moved: the
 * amount is there on the page (often a coloured credit column the reading lost). The chain goes
 * on from this row's balance instead of calling it wrong. A text layer misses nothing, so there a
 * balance that moves with no amount still counts.
 */
function amountNotRead(r: TxRow, prev: number, pending: readonly number[], unsigned: readonly number[]): boolean {
  return r.line.ocr === true && r.carried === null && pending.length === 0 && unsigned.length === 0 && !near(prev, r.balance as number);
}

/** More broken balances than this in one table is a misread table, not an edit. */
const MAX_WRONG_ROWS = 6;

function flipExplained(c: Check): boolean {
  return c.deltas.some((d) => d !== 0 && near(c.expected - 2 * d, c.found));
}

function tableFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const table = readStatementTable(model.lines, model.style, model.dateOrder);
  if (!table) return [];
  return [...chainFindings(model, table.rows, checked), ...carriedFindings(table.rows)];
}

function chainFindings(model: DocModel, rows: TxRow[], checked: Checked): ArithmeticFinding[] {
  const table = { rows };
  const forward = walk(table.rows, false);
  const backward = walk(table.rows, true);
  const score = (cs: Check[]) => cs.filter((c) => c.ok).length;
  const checks = score(backward) > score(forward) ? backward : forward;
  if (checks.length) checked.add('running_balance');
  const good = checks.filter((c) => c.ok).length;
  const bad = checks.filter((c) => !c.ok);
  // On a picture the table is judged by balances its own arithmetic confirms (cross-check.ts);
  // those checks are local and sign-blind, so a misread column elsewhere does not void them.
  const crossed = crossCheckedBreaks(checks, table.rows, model.lines);
  // A balance that a sign flip would explain means a debit was read as a credit (or back):
  // the columns were misread, so the table says nothing reliable.
  if (bad.some(flipExplained)) return crossed.map((x, i) => crossCheckedFinding(x, i));
  if (!bad.length && good >= 3) return closingFindings(model, table.rows, checks === backward);
  // One or two wrong rows in a table that otherwise adds up is decisive; more means misreading
  // (a quarter of a short table; never more than a forger changes: a figure retyped breaks
  // one balance, a balance retyped two, and a table of 80 rows with 19 breaks was read wrong).
  if (!bad.length || good < 2 || bad.length > Math.min(MAX_WRONG_ROWS, Math.max(2, Math.floor(checks.length * 0.25))))
    return crossed.map((x, i) => crossCheckedFinding(x, i));
  return bad.map((c, i) => {
    const x = crossed.find((k) => k.check === c);
    if (x) return crossCheckedFinding(x, i);
    return finding(
      'arithmetic_error',
      'running_balance',
      `Balance ${formatAmount(c.found)} does not follow from the previous balance and the transactions (expected ${formatAmount(c.expected)}).`,
      c.row.line,
      i === 0 ? STRENGTH['arithmetic_error.running_balance'].firstRow : STRENGTH['arithmetic_error.running_balance'].laterRow,
      // No operands: on a photographed statement rows merge and columns drift, so a running balance
      // read by OCR is trusted only when no figure on the page is doubtful (engine/ocr/confidence.ts).
      { expected: formatAmount(c.expected), found: formatAmount(c.found), from: c.from.line.text },
    );
  });
}

/**
 * A wrong figure pinned down by the balances around it (cross-check.ts). `crossChecked` tells the
 * OCR guard (engine/ocr/confidence.ts) that the figures around it were confirmed by the
 * arithmetic, so tesseract's word confidence does not decide.
 */
function crossCheckedFinding(x: CrossChecked, i: number): ArithmeticFinding {
  const what = x.figure === 'transaction' ? `The transaction ${formatAmount(x.printed)}` : `Balance ${formatAmount(x.printed)}`;
  return finding(
    'arithmetic_error',
    'running_balance',
    `${what} does not fit the balances around it, which both add up with their other neighbours (they require ${formatAmount(x.required)}).`,
    x.check.row.line,
    i === 0 ? STRENGTH['arithmetic_error.running_balance'].firstRow : STRENGTH['arithmetic_error.running_balance'].laterRow,
    { expected: formatAmount(x.required), found: formatAmount(x.printed), from: x.check.from.line.text, crossChecked: true, ...operands(x.lines) },
  );
}

/**
 * The closing balance printed in the summary must be the balance the table ends on. A table that
 * adds up row by row but ends elsewhere than the summary says was joined to another document's
 * page (page swap) or had its summary retyped.
 */
function closingFindings(model: DocModel, rows: TxRow[], newestFirst: boolean): ArithmeticFinding[] {
  // A balance carried forward to the next page is a hand-over inside the table (carried.ts),
  // not the statement's closing balance.
  const closings = labelledAmounts(model.lines, CLOSING, model.style).filter((h) => h.amounts.length === 1 && !isContinuation(h.label));
  // Several closing balances: several accounts or sub-totals per page; nothing to compare.
  if (closings.length !== 1) return [];
  const balances = rows.filter((r) => !r.unread && r.balance !== null && r.carried !== 'open');
  if (balances.length < 3) return [];
  const last = newestFirst ? balances[0] : balances[balances.length - 1];
  // Rows after it whose figures were not all read: the table may end on another balance.
  const at = rows.indexOf(last);
  if ((newestFirst ? rows.slice(0, at) : rows.slice(at + 1)).some((r) => r.unread)) return [];
  const closing = closings[0];
  const found = closing.amounts[0].value;
  if (near(last.balance as number, found) || near(Math.abs(last.balance as number), Math.abs(found))) return [];
  return [
    finding(
      'arithmetic_error',
      'closing_balance',
      `Closing balance ${formatAmount(found)} is not the balance the transactions end on (${formatAmount(last.balance as number)}).`,
      closing.line,
      STRENGTH['arithmetic_error.closing_balance'],
      {
        expected: formatAmount(last.balance as number),
        found: formatAmount(found),
        regions: [last.line, closing.line].filter((l) => l.bbox).map((l) => ({ page: l.page, bbox: l.bbox! })),
        ...operands([last.line, closing.line]),
      },
      closing.cells,
    ),
  ];
}

const OPENING =
  /opening balance|previous balance|starting balance|start balance|balance brought forward|brought forward|beginning balance|balance at start of period|anfangssaldo|alter (?:kontostand|saldo)|solde (?:précédent|initial|de début)/;
const CLOSING =
  /closing balance|new balance|ending balance|end balance|balance carried forward|carried forward|balance at end of period|endsaldo|neuer (?:kontostand|saldo)|solde (?:final|de fin|nouveau)/;
const MONEY_IN =
  /(?:total )?(?:money in|paid in|payments in|deposits(?: and (?:other )?(?:credits|additions))?|total credits|credits|total deposits|summe haben|total des crédits)/;
const MONEY_OUT =
  /(?:total )?(?:money out|paid out|payments out|withdrawals(?: and (?:other )?(?:debits|subtractions))?|total debits|debits|total withdrawals|summe soll|total des débits)/;

/** Opening + money in - money out = closing, from the statement summary. */
function summaryFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const one = (re: RegExp) => {
    const hits = labelledAmounts(model.lines, re, model.style).filter((h) => h.amounts.length === 1);
    return hits[0];
  };
  const opening = one(OPENING);
  // The summary's closing balance, not a page's carried-forward hand-over printed earlier.
  const closing = labelledAmounts(model.lines, CLOSING, model.style)
    .filter((h) => h.amounts.length === 1)
    .sort((a, b) => Number(isContinuation(a.label)) - Number(isContinuation(b.label)))[0];
  const inflow = one(MONEY_IN);
  const outflow = one(MONEY_OUT);
  if (!opening || !closing || !inflow || !outflow) return [];
  if (new Set([opening.line, closing.line, inflow.line, outflow.line]).size < 2) return [];
  checked.add('statement_summary');
  // Several kinds of money in or out listed between the two balances: all of them count.
  const breakdown = summaryBreakdown(model.lines, opening.line, closing.line, opening.amounts[0].value, model.style);
  const expected = breakdown?.expected ?? opening.amounts[0].value + Math.abs(inflow.amounts[0].value) - Math.abs(outflow.amounts[0].value);
  const found = closing.amounts[0].value;
  if (near(expected, found)) return [];
  const parts = breakdown?.lines ?? [inflow.line, outflow.line];
  return [
    finding(
      'arithmetic_error',
      'statement_summary',
      `Closing balance ${formatAmount(found)} does not equal opening balance plus money in minus money out (${formatAmount(expected)}).`,
      closing.line,
      STRENGTH['arithmetic_error.statement_summary'],
      {
        expected: formatAmount(expected),
        found: formatAmount(found),
        regions: [opening, inflow, outflow, closing].filter((h) => h.line.bbox).map((h) => ({ page: h.line.page, bbox: h.line.bbox!, label: h.label })),
        ...operands([opening.line, ...parts, closing.line]),
      },
      closing.cells,
    ),
  ];
}

export function statementFindings(model: DocModel, checked: Checked = new Set()): ArithmeticFinding[] {
  return [...tableFindings(model, checked), ...summaryFindings(model, checked)];
}
