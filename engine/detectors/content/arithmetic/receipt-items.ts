/**
 * Receipt item lists without a column header: "2 x Cold brew   25.86" lines straight above the
 * subtotal must add up to it. The list is only trusted when it is bounded above by a line with
 * no figures at all (a heading, the till header) so that a quantity line ("2 @ 1.50") or a
 * wrapped item we cannot read never leaves part of the list out of the sum.
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts, moneyCells } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { repeatsAcrossPageBreak } from './page-break.js';
import { oneMisreadExplains, swappedDigits } from './misread.js';
import { confirmedByRate, confirmedIncluded } from './totals-cross-check.js';
import { STRENGTH } from '../../strengths.js';

const SUBTOTAL = /sub[- ]?total|zwischensumme|sous-total|subtotaal/;
/** Right edges of item figures and the subtotal figure line up within this (page fraction). */
const ALIGN = 0.03;

function itemAmount(line: Line, model: DocModel): { value: number; x1: number } | null {
  if (!/\p{L}{2}/u.test(line.cells[0]?.text ?? '')) return null;
  const money = moneyCells(line, model.style, 1);
  if (money.length !== 1 || money[0].cell !== line.cells[line.cells.length - 1]) return null;
  return { value: money[0].amount.value, x1: money[0].cell.x1 };
}

/**
 * Line `i` heads its page's list and repeats, word for word, a line of the page before: a
 * column heading printed again after a page break.
 */
function repeatsEarlierHeading(lines: readonly Line[], i: number): boolean {
  const line = lines[i];
  if (lines.filter((l) => l.page === line.page).indexOf(line) > 2) return false;
  return lines.some((l, j) => j < i && repeatsAcrossPageBreak(line, l));
}

/**
 * On a picture, the subtotal as read is the one the receipt was computed with when the tax line
 * under it is its printed rate of it (added or included, to the cent): OCR does not misread a
 * subtotal and its tax into agreement. With no single misread of one item closing the gap either,
 * an item was changed, and word confidence adds nothing (cross-check.ts).
 */
function subtotalConfirmed(model: DocModel, subLine: Line, found: number): boolean {
  const at = model.lines.indexOf(subLine);
  const tax = labelledAmounts(model.lines.slice(at + 1, at + 3), /[\p{L}][\p{L} .:()/%-]*/u, model.style).find(
    (h) => h.rate !== null && h.amounts.length === 1,
  );
  if (!tax || tax.rate === null) return false;
  const t = Math.abs(tax.amounts[0].value);
  return confirmedIncluded([found], [t], tax.rate) !== null || confirmedByRate([found], [t], tax.rate) !== null;
}

export function receiptItemFindings(model: DocModel, checked: Checked = new Set()): ArithmeticFinding[] {
  const out: ArithmeticFinding[] = [];
  for (const sub of labelledAmounts(model.lines, SUBTOTAL, model.style)) {
    if (sub.amounts.length !== 1 || !sub.cells.length) continue;
    // A stacked subtotal ("Subtotal" above "43,97 €") lists its items above the label.
    const at = model.lines.indexOf(sub.labelLine ?? sub.line);
    const subX1 = sub.cells[sub.cells.length - 1].x1;
    const items: Array<{ value: number; x1: number; line: Line }> = [];
    let bounded = false;
    let page = sub.line.page;
    for (let i = at - 1; i >= 0; i--) {
      const line = model.lines[i];
      if (line.page !== page) break;
      const item = itemAmount(line, model);
      if (!item) {
        // The list's heading repeated at the top of a page: the list goes on on the page before.
        if (!/\d/.test(line.text) && repeatsEarlierHeading(model.lines, i)) {
          page = line.page - 1;
          continue;
        }
        bounded = !/\d/.test(line.text);
        break;
      }
      items.push({ ...item, line });
    }
    if (!bounded || items.length < 2) continue;
    if (!items.every((it) => Math.abs(it.x1 - subX1) <= ALIGN)) continue;
    const sum = Math.round(items.reduce((a, it) => a + it.value, 0) * 100) / 100;
    const found = sub.amounts[0].value;
    checked.add('items_subtotal');
    // A picture's subtotal read with two neighbouring digits swapped (misread.ts) is the items' sum.
    if (near(sum, found) || (sub.line.ocr === true && swappedDigits(found, sum))) continue;
    const crossChecked =
      sub.line.ocr === true &&
      subtotalConfirmed(model, sub.line, found) &&
      !oneMisreadExplains(
        items.map((it) => ({ value: it.value, decimals: 2 })),
        (vs) =>
          near(
            vs.reduce((a, v) => a + v, 0),
            found,
          ),
      );
    out.push(
      finding(
        'arithmetic_error',
        'items_subtotal',
        `Subtotal ${formatAmount(found)} does not equal the sum of the ${items.length} items listed above it (${formatAmount(sum)}).`,
        sub.line,
        STRENGTH['arithmetic_error.items_subtotal'].receiptItems,
        {
          expected: formatAmount(sum),
          found: formatAmount(found),
          ...(crossChecked ? { crossChecked: true } : {}),
          ...operands([...items.map((it) => it.line), sub.line]),
        },
        sub.cells,
      ),
    );
  }
  return out;
}
