/** arithmetic_error.tax_rate: a tax printed with its rate must be that rate of its base. */
import type { Cell, Line } from '../../../read/extract/layout.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import type { Labelled } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { STRENGTH } from '../../strengths.js';
import type { ArithmeticFinding } from './emits.js';
import type { Step } from './totals-labels.js';

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

/** Tax included in a gross total is rate / (100 + rate) of it. */
export function includedTaxFindings(hits: Labelled[], gross: number, totalLine: Line): ArithmeticFinding[] {
  const out: ArithmeticFinding[] = [];
  for (const h of hits) {
    if (h.rate === null || h.rate <= 0 || hits.length !== 1) continue;
    const tax = h.amounts[h.amounts.length - 1].value;
    const expected = (gross * h.rate) / (100 + h.rate);
    if (!taxAgrees(expected, tax, gross)) {
      out.push(
        finding(
          'arithmetic_error',
          'tax_rate',
          `Included tax ${formatAmount(tax)} is not the ${h.rate}% share of the total ${formatAmount(gross)} (expected ${formatAmount(expected)}).`,
          h.line,
          STRENGTH['arithmetic_error.tax_rate'],
          { expected: formatAmount(expected), found: formatAmount(tax), rate: h.rate, ...operands([h.line, totalLine]) },
          h.cells,
        ),
      );
    }
  }
  return out;
}

/** The subtotal less the discounts printed above the tax line (null without any, or when a sum restates it). */
export function discountedBase(steps: Step[], subtotal: number, restated: Step | undefined): number | null {
  const firstTax = steps.findIndex((s) => s.kind === 'tax');
  const above = steps.slice(0, firstTax < 0 ? 0 : firstTax).filter((s) => s.kind === 'discount');
  if (restated || !above.length) return null;
  return subtotal - above.reduce((a, s) => a + Math.abs(s.hit.amounts[s.hit.amounts.length - 1].value), 0);
}

/** Tax = rate x base, where the base is printed or (with a single rate) is the subtotal, or the subtotal less its discounts. */
export function rateFindings(
  taxLines: Labelled[],
  rows: Array<{ rate: number; base: number; tax: number; line: Line }>,
  subtotal: number,
  subtotalLine: Line,
  discounted: number | null,
): ArithmeticFinding[] {
  const out: ArithmeticFinding[] = [];
  const single = taxLines.length === 1 && rows.length === 0;
  for (const h of taxLines) {
    const tax = h.amounts[h.amounts.length - 1].value;
    const own = h.amounts.length === 2 || h.base !== null;
    const base = h.amounts.length === 2 ? h.amounts[0].value : (h.base ?? (single ? subtotal : null));
    if (h.rate === null || base === null || h.rate <= 0) continue;
    if (!own && discounted !== null && taxAgrees((discounted * h.rate) / 100, tax, discounted)) continue;
    const f = taxRateFinding({ value: tax, line: h.line, cells: h.cells }, h.rate, base, own ? [h.line] : [subtotalLine, h.line]);
    if (f) out.push(f);
  }
  for (const r of rows) {
    const f = taxRateFinding({ value: r.tax, line: r.line }, r.rate, r.base, [r.line]);
    if (f) out.push(f);
  }
  return out;
}
