/** arithmetic_error.tax_rate: a tax printed with its rate must be that rate of its base. */
import type { Cell, Line } from '../../../read/extract/layout.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import type { Labelled } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { STRENGTH } from '../../strengths.js';
import type { ArithmeticFinding } from './emits.js';

/** Whether `tax` is `expected` within what rounding allows: two cents, and more on large bases (rounded per line). */
export function taxAgrees(expected: number, tax: number, base: number): boolean {
  return near(expected, tax, 0.02 + Math.abs(base) * 0.0005);
}

/** The finding when `tax` is not `rate`% of `base`, else null; `operandLines` are the lines the check read. */
export function taxRateFinding(tax: { value: number; line: Line; cells?: Cell[] }, rate: number, base: number, operandLines: Line[]): ArithmeticFinding | null {
  const expected = (base * rate) / 100;
  if (taxAgrees(expected, tax.value, base)) return null;
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
