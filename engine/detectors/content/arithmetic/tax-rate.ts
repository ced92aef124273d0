/** arithmetic_error.tax_rate: a tax printed with its rate must be that rate of its base. */
import type { Cell, Line } from '../../../read/extract/layout.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import { finding, near, operands } from '../evidence.js';
import { STRENGTH } from '../../strengths.js';
import type { ArithmeticFinding } from './emits.js';

/** Whether `tax` is `expected` within what rounding allows: two cents, and more on large bases (rounded per line). */
export function taxAgrees(expected: number, tax: number, base: number): boolean {
  return near(expected, tax, 0.02 + Math.abs(base) * 0.0005);
}

/**
 * OCR of small type loses a decimal comma or point ("824,33 €" read "82433 €" at 110 dpi): a
 * whole figure with exactly the digits of the required tax in cents is that tax misread, not
 * another figure (an edited tax would have to be 100 times the right one to the cent).
 */
function lostDecimalComma(expected: number, read: number): boolean {
  return Number.isInteger(read) && read !== 0 && Math.abs(read) === Math.round(Math.abs(expected) * 100);
}

/** The finding when `tax` is not `rate`% of `base`, else null; `operandLines` are the lines the check read. */
export function taxRateFinding(tax: { value: number; line: Line; cells?: Cell[] }, rate: number, base: number, operandLines: Line[]): ArithmeticFinding | null {
  const expected = (base * rate) / 100;
  if (taxAgrees(expected, tax.value, base)) return null;
  if (tax.line.ocr && lostDecimalComma(expected, tax.value)) return null;
  return finding(
    'arithmetic_error',
    'tax_rate',
    `Tax ${formatAmount(tax.value)} is not ${rate}% of ${formatAmount(base)} (expected ${formatAmount(expected)}).`,
    tax.line,
    STRENGTH['arithmetic_error.tax_rate'],
    { expected: formatAmount(expected), found: formatAmount(tax.value), rate, ...operands(operandLines) },
    tax.cells,
  );
}
