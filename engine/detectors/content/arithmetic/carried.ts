/**
 * A balance carried from one page to the next: statements that print "Balance carried forward"
 * at the foot of a page print the same figure as "Balance brought forward" at the head of the
 * next one; that is what both labels say. The running-balance walk restarts at a brought-forward
 * line (the rows below build on it), so a page taken from another statement of the issuer, whose
 * rows add up among themselves, passed unseen: only the hand-over between the pages breaks.
 *
 * Only the explicit continuation labels count. "Closing balance" / "Opening balance" also end
 * and open accounts, and a statement of several accounts opens the second with a figure of its own.
 */
import type { ArithmeticFinding } from './emits.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import { finding, near, operands } from '../evidence.js';
import type { TxRow } from './statement-table.js';
import { STRENGTH } from '../../strengths.js';

const CARRIED = /\b(?:carried forward|carried fwd|c\/f|c\/fwd)\b/i;
const BROUGHT = /\b(?:brought forward|brought fwd|b\/f|b\/fwd)\b/i;

/** A label that hands a balance over between pages ("carried forward", "brought forward"). */
export function isContinuation(text: string): boolean {
  return CARRIED.test(text) || BROUGHT.test(text);
}

const label = (r: TxRow) => r.line.cells.map((c) => c.text).join(' ');

/** Rows in document order; a carried-forward row followed by the next page's brought-forward row. */
export function carriedFindings(rows: readonly TxRow[]): ArithmeticFinding[] {
  const out: ArithmeticFinding[] = [];
  for (let i = 0; i + 1 < rows.length; i++) {
    const close = rows[i];
    if (close.unread || close.carried !== 'close' || close.balance === null || !CARRIED.test(label(close))) continue;
    const next = rows[i + 1];
    if (next.unread || next.carried !== 'open' || next.balance === null || !BROUGHT.test(label(next))) continue;
    // The hand-over is between pages; two lines on one page are a summary box, not a carry.
    if (next.line.page !== close.line.page + 1) continue;
    const a = close.balance;
    const b = next.balance;
    if (near(a, b) || near(Math.abs(a), Math.abs(b))) continue;
    out.push(
      finding(
        'arithmetic_error',
        'carried_balance',
        `Page ${next.line.page} brings forward ${formatAmount(b)}, but page ${close.line.page} carried forward ${formatAmount(a)}: the pages do not continue each other.`,
        next.line,
        STRENGTH['arithmetic_error.carried_balance'],
        {
          expected: formatAmount(a),
          found: formatAmount(b),
          regions: [close.line, next.line].filter((l) => l.bbox).map((l) => ({ page: l.page, bbox: l.bbox!, label: l.text.slice(0, 60) })),
          ...operands([close.line, next.line]),
        },
        next.cells,
      ),
    );
  }
  return out;
}
