/**
 * Short statements without a running-balance column: an opening balance, a few transactions
 * with one figure each, and a closing balance below them (account summaries, savings statements,
 * letters stating a balance). Opening plus the transactions must give the closing balance.
 * Read only when everything between the two balances is understood: every line that carries a
 * figure carries exactly one, in its own cell, after a description; a subtotal, a second
 * balance or a figure run into its text means another layout, and nothing is said.
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import { findMoney, formatAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts, moneyCells, type Labelled } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { isContinuation } from './carried.js';
import { STRENGTH } from '../../strengths.js';

const OPENING =
  /opening balance|previous balance|starting balance|start balance|balance brought forward|brought forward|beginning balance|anfangssaldo|alter (?:kontostand|saldo)|saldo alt|solde (?:précédent|initial|de début)|ancien solde|saldo (?:inicial|anterior|iniziale)/;
const CLOSING =
  /closing balance|new balance|ending balance|end balance|balance carried forward|carried forward|endsaldo|neuer (?:kontostand|saldo)|saldo neu|solde (?:final|de fin|nouveau)|nouveau solde|saldo (?:final|finale)/;
/** Lines that sum or restate others: a table of this kind has none between its balances. */
const SUMMARY = /\b(?:total|sum|summe|balance|saldo|solde|sub-?total|money in|money out|paid in|paid out|credits|debits|deposits|withdrawals)\b/i;

/**
 * Unsigned figures whose direction the page does not print: each may be money in or out, so the
 * check asks whether some choice of directions reaches the closing balance. Past this many the
 * choices are too many for a miss to mean anything.
 */
const MAX_UNSIGNED = 8;

interface Movement {
  line: Line;
  value: number;
  /** Printed with a sign (minus, parentheses, CR/DR): its direction is known. */
  signed: boolean;
}

/** The one figure of a transaction line, or null when the line is not one. */
function movement(line: Line, model: DocModel): Movement | null | 'other' {
  const money = moneyCells(line, model.style);
  const all = findMoney(line.text, model.style).filter((a) => !a.percent);
  if (!money.length && !all.length) return null;
  if (money.length !== 1 || all.length !== 1) return 'other';
  const cell = money[0].cell;
  if (cell !== line.cells[line.cells.length - 1] || !line.cells.some((c) => c !== cell && /\p{L}{2}/u.test(c.text))) return 'other';
  if (
    SUMMARY.test(
      line.cells
        .filter((c) => c !== cell)
        .map((c) => c.text)
        .join(' '),
    )
  )
    return 'other';
  const a = money[0].amount;
  return { line, value: a.value, signed: a.sign !== null };
}

/** Sums the movements can reach: signed ones as printed, unsigned ones either way. */
function reachable(moves: Movement[]): number[] | null {
  const fixed = moves.filter((m) => m.signed).reduce((a, m) => a + m.value, 0);
  const free = moves.filter((m) => !m.signed).map((m) => Math.abs(m.value));
  if (free.length > MAX_UNSIGNED) return null;
  // All in one direction comes first: it is what the finding quotes when nothing fits.
  const sums = [fixed + free.reduce((a, v) => a + v, 0)];
  for (let mask = 1; mask < 1 << free.length; mask++) sums.push(fixed + free.reduce((a, v, i) => a + (mask & (1 << i) ? -v : v), 0));
  return sums;
}

function single(model: DocModel, re: RegExp): Labelled | null {
  const hits = labelledAmounts(model.lines, re, model.style).filter((h) => h.amounts.length === 1 && !isContinuation(h.label));
  return hits.length === 1 ? hits[0] : null;
}

export function statementFlowFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const opening = single(model, OPENING);
  const closing = single(model, CLOSING);
  if (!opening || !closing || opening.line.page !== closing.line.page) return [];
  const from = model.lines.indexOf(opening.line);
  const to = model.lines.indexOf(closing.line);
  if (from < 0 || to <= from + 1) return [];
  const moves: Movement[] = [];
  for (const line of model.lines.slice(from + 1, to)) {
    const m = movement(line, model);
    if (m === 'other') return [];
    if (m) moves.push(m);
  }
  if (!moves.length) return [];
  const sums = reachable(moves);
  if (!sums) return [];
  checked.add('statement_summary');
  const start = opening.amounts[0].value;
  const found = closing.amounts[0].value;
  if (sums.some((s) => near(start + s, found))) return [];
  const expected = start + sums[0];
  return [
    finding(
      'arithmetic_error',
      'statement_summary',
      `Closing balance ${formatAmount(found)} does not follow from the opening balance ${formatAmount(start)} and the ${moves.length === 1 ? 'transaction' : `${moves.length} transactions`} listed between them${moves.some((m) => !m.signed) ? ', whichever way they go' : ''} (${formatAmount(expected)} if all are money in).`,
      closing.line,
      STRENGTH['arithmetic_error.statement_summary'],
      {
        expected: formatAmount(expected),
        found: formatAmount(found),
        ...operands([opening.line, ...moves.map((m) => m.line), closing.line]),
      },
      closing.cells,
    ),
  ];
}
