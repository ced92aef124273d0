/**
 * A statement summary that breaks the money moved into several kinds ("Deposits & Other Credits
 * +3,615.08 / ATM Withdrawals & Debits -20.00 / Checks Paid -200.00 / Service charges 12.00")
 * between the opening and the closing balance. One money-in and one money-out line do not
 * describe it: the closing balance is the opening one plus every line printed between them.
 */
import type { Line } from '../../../read/extract/layout.js';
import type { NumberStyle } from '../../../read/extract/numbers.js';
import { moneyCells } from '../amounts.js';

/** Kinds of money leaving the account, as summaries label them. */
const OUT = /withdrawals?|debits?|checks?|cheques?|purchases?|payments? (?:out|made)|paid out|money out|charges?|fees?|transfers? out/i;
/** Kinds of money coming in. */
const IN = /deposits?|credits?|interest (?:paid|earned|credited)|money in|paid in|payments? (?:in|received)|transfers? in/i;

export interface Breakdown {
  /** Opening balance plus the signed lines between it and the closing balance. */
  expected: number;
  lines: Line[];
}

/**
 * The summary's lines between `opening` and `closing` (same page), each signed by its printed
 * sign (+, -, parentheses, CR/DR) or else by its label. Null when fewer than three lines carry a
 * figure (one money-in and one money-out line: the plain summary) or when a line's direction
 * cannot be told (the block is not a summary, and guessing would invent a discrepancy).
 */
export function summaryBreakdown(all: Line[], opening: Line, closing: Line, openingValue: number, style: NumberStyle): Breakdown | null {
  if (opening.page !== closing.page || closing.index <= opening.index) return null;
  const between = all.filter((l) => l.page === opening.page && l.index > opening.index && l.index < closing.index);
  let expected = openingValue;
  const used: Line[] = [];
  for (const line of between) {
    const money = moneyCells(line, style);
    if (!money.length) continue;
    // The first figure is the line's own; a side panel's figures (average balance, YTD interest) follow it.
    const { cell, amount } = money[0];
    const label = line.cells
      .slice(0, line.cells.indexOf(cell))
      .map((c) => c.text)
      .join(' ');
    const lead = /^\s*([+-])/.exec(label)?.[1];
    const sign = amount.sign === 'neg' || lead === '-' ? -1 : amount.sign === 'pos' || lead === '+' ? 1 : OUT.test(label) ? -1 : IN.test(label) ? 1 : 0;
    if (sign === 0) return null;
    expected += sign * Math.abs(amount.value);
    used.push(line);
  }
  return used.length >= 3 ? { expected, lines: used } : null;
}
