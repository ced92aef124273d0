/**
 * What a receipt says was handed over: cash tendered - total = change; and a card payment, which
 * is charged to the cent, equals the total when it is the one tender printed under it and no
 * change or amount still due follows ("TOTAL £53.36", "Card ****5474 £73.36": the total retyped).
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { DocModel } from '../../../read/extract/model.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { STRENGTH } from '../../strengths.js';
import { labelOf, SUBTOTAL } from './totals-labels.js';

const TENDERED = /cash tendered|amount tendered|tendered|cash|bar|gegeben|espèces/;
const CHANGE = /change due|change|rückgeld|wechselgeld|rendu|monnaie rendue/;
const RECEIPT_TOTAL = /total|amount due|to pay|summe|gesamt|zu zahlen|total ttc/;

export function changeFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const one = (re: RegExp) => labelledAmounts(model.lines, re, model.style).filter((h) => h.amounts.length === 1);
  const change = one(CHANGE)[0];
  if (!change) return [];
  const tendered = one(TENDERED)
    .filter((h) => h.line !== change.line && model.lines.indexOf(h.line) < model.lines.indexOf(change.line))
    .pop();
  if (!tendered) return [];
  const total = one(RECEIPT_TOTAL)
    .filter((h) => model.lines.indexOf(h.line) < model.lines.indexOf(tendered.line) && !labelOf(h.label, SUBTOTAL))
    .pop();
  if (!total) return [];
  const expected = tendered.amounts[0].value - total.amounts[0].value;
  const found = Math.abs(change.amounts[0].value);
  checked.add('change_due');
  if (expected < 0 || near(expected, found)) return [];
  return [
    finding(
      'arithmetic_error',
      'change_due',
      `Change ${formatAmount(found)} does not equal amount tendered minus total (${formatAmount(expected)}).`,
      change.line,
      STRENGTH['arithmetic_error.change_due'],
      { expected: formatAmount(expected), found: formatAmount(found), ...operands([total.line, tendered.line, change.line]) },
      change.cells,
    ),
  ];
}

/** A card tender's label ("Card ****0672", "VISA", "Kartenzahlung"). */
const CARD = /(?:credit |debit |bank )?card|visa|mastercard|maestro|amex|american express|contactless|girocard|ec-?karte|kartenzahlung|carte bancaire|carte|cb/;
/** The bottom line of a receipt: the total paid, never a subtotal or a tax line. */
const PAID_TOTAL = /total|grand total|amount due|to pay|summe|gesamt(?:betrag)?|zu zahlen|total ttc|net [àa] payer/;
/** Any label: a line of a label and its figure. */
const ANY_LABEL = /[\p{L}][\p{L} .()/%*-]*/u;
/** Lines after the card line that may hold a further figure (change, a second tender, an amount still due). */
const AFTER = 2;

/**
 * A card charged another amount than the total straight above it: the card is the receipt's only
 * tender (the next line with a figure is the card line, and no figure follows it), so it was
 * charged the total to the cent. Tips and cashback print a line of their own between the two.
 */
export function cardTenderFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const cards = labelledAmounts(model.lines, CARD, model.style).filter((h) => h.amounts.length === 1);
  const out: ArithmeticFinding[] = [];
  for (const card of cards) {
    const at = model.lines.indexOf(card.line);
    const before = model.lines.slice(0, at).filter((l) => l.page === card.line.page && labelledAmounts([l], ANY_LABEL, model.style).length);
    const prev = before[before.length - 1];
    const total = prev ? labelledAmounts([prev], PAID_TOTAL, model.style)[0] : undefined;
    if (!total || total.amounts.length !== 1 || labelOf(total.label, SUBTOTAL) || labelOf(total.label, CARD)) continue;
    if (model.lines.slice(at + 1, at + 1 + AFTER).some((l) => labelledAmounts([l], ANY_LABEL, model.style).length)) continue;
    checked.add('change_due');
    const expected = Math.abs(total.amounts[0].value);
    const found = Math.abs(card.amounts[0].value);
    if (near(expected, found)) continue;
    out.push(
      finding(
        'arithmetic_error',
        'change_due',
        `The card was charged ${formatAmount(found)}, not the total ${formatAmount(expected)} above it, with no change, tip or other tender printed.`,
        card.line,
        STRENGTH['arithmetic_error.change_due'],
        { expected: formatAmount(expected), found: formatAmount(found), ...operands([total.line, card.line]) },
        card.cells,
      ),
    );
  }
  return out;
}
