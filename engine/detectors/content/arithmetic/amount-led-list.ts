/**
 * A breakdown written as sentences that each begin with their figure, then its total:
 * "$222.58 due as of 7/1/2022 (includes previous balance ...)", "$65.00 one-time HOA transfer
 * fees.", "$35.00 for clearance letter.", then "Total due $322.58" (an association's dues letter,
 * read as a statement, where no table or balance column is printed). The lines straight above
 * the total that start with a money figure followed by words are the parts, up to the first line
 * above that does not (the letter's text). At least two parts, and the total line holds its label
 * and figure only.
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import { findMoney, formatAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { STRENGTH } from '../../strengths.js';

const TOTAL = /total due|total amount due|amount due|balance due|total/;
/** Parts at least: one leading figure is a sentence, not a breakdown. */
const MIN_PARTS = 2;

/** The figure a line starts with when words follow it ("$65.00 one-time HOA transfer fees."), else null. */
function leadingFigure(line: Line, model: DocModel): number | null {
  const text = line.text.trim();
  const first = findMoney(text, model.style)[0];
  if (!first || first.index !== 0 || first.percent) return null;
  const rest = text.slice(first.raw.length);
  return /^\s+\p{L}{2}/u.test(rest) ? first.value : null;
}

export function amountLedListFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const out: ArithmeticFinding[] = [];
  for (const total of labelledAmounts(model.lines, TOTAL, model.style)) {
    if (total.amounts.length !== 1 || total.line.cells.length > 2) continue;
    const at = model.lines.indexOf(total.labelLine ?? total.line);
    const parts: Array<{ line: Line; value: number }> = [];
    for (let i = at - 1; i >= 0; i--) {
      const line = model.lines[i];
      if (line.page !== total.line.page) break;
      const v = leadingFigure(line, model);
      if (v === null) break;
      parts.push({ line, value: v });
    }
    if (parts.length < MIN_PARTS) continue;
    checked.add('items_subtotal');
    const sum = parts.reduce((a, p) => a + p.value, 0);
    const found = total.amounts[0].value;
    if (near(sum, found, 0.011)) continue;
    out.push(
      finding(
        'arithmetic_error',
        'items_subtotal',
        `${total.label} ${formatAmount(found)} does not equal the ${parts.length} amounts listed above it (${formatAmount(sum)}).`,
        total.line,
        STRENGTH['arithmetic_error.items_subtotal'].receiptItems,
        { expected: formatAmount(sum), found: formatAmount(found), ...operands([...parts.map((p) => p.line).reverse(), total.line]) },
        total.cells,
      ),
    );
  }
  return out;
}
