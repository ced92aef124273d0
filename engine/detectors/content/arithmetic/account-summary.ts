/**
 * Bill account summaries: amount due = previous balance - payments received + this period's
 * charges. Checked only when the block reads cleanly: the previous balance, then payments,
 * then the charges (table rows, tax) and their total directly followed by the amount due. Any
 * other figure in between (an adjustment, a fee) is something we cannot place: stay quiet.
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { DocModel } from '../../../read/extract/model.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts, moneyCells, type Labelled } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { readItemTable, type ItemRow } from './line-items.js';
import { confirmedByRate, moneyReadings, judgeTotal } from './totals-cross-check.js';
import { STRENGTH } from '../../strengths.js';

/** Lines of the charges section that the charges total sums up, besides the charges table rows. */
const CHARGE_PARTS = /^\s*(?:sub[- ]?total|tax|vat|gst|hst|pst|sales tax|mwst|ust|tva|iva)(?![\p{L}])/iu;

export const PREVIOUS =
  /previous balance|balance from (?:your )?(?:last|previous) (?:bill|statement)|last bill(?: amount)?|balance brought forward|vorheriger saldo|saldo vormonat|solde précédent|ancien solde/;
const PAYMENT =
  /payments? received|payment,? thank you|thank you for your payment|payments?(?= |$)|zahlung(?:en)?(?: erhalten)?|paiements? reçus?|règlement reçu/;
const CHARGES =
  /total (?:new |current )?charges|new charges|current charges|total this (?:period|bill)|charges this period|summe (?:der )?kosten|total des frais|montant de la facture/;
const DUE = /total amount due|amount due|total due|balance due|amount to pay|total to pay|zu zahlen(?:der betrag)?|montant dû|montant à payer|reste à payer/;

function one(model: DocModel, re: RegExp): Labelled[] {
  return labelledAmounts(model.lines, re, model.style).filter((h) => h.amounts.length === 1);
}

export function accountSummaryFindings(model: DocModel, checked: Checked = new Set()): ArithmeticFinding[] {
  const idx = (h: Labelled) => model.lines.indexOf(h.line);
  const previous = one(model, PREVIOUS)[0];
  if (!previous) return [];
  const charges = one(model, CHARGES).find((h) => idx(h) > idx(previous) && h.line.page === previous.line.page);
  if (!charges) return [];
  const due = one(model, DUE).find((h) => idx(h) > idx(charges));
  if (!due || due.line === charges.line) return [];
  // Any figure between the charges total and the amount due is something we cannot place.
  if (model.lines.slice(idx(charges) + 1, idx(due)).some((l) => moneyCells(l, model.style).length)) return [];
  const payments = one(model, PAYMENT).filter((h) => idx(h) > idx(previous) && idx(h) < idx(charges) && h.line !== previous.line);
  // Payments sit right below the previous balance; anything else there (adjustments) is unexplained.
  const between = model.lines.slice(idx(previous) + 1, payments.length ? idx(payments[payments.length - 1]) : idx(previous) + 1);
  if (between.some((l) => moneyCells(l, model.style).length && !payments.some((p) => p.line === l))) return [];
  // Between the payments and the charges total only the charges table and its tax may carry figures.
  const table = readItemTable(model.lines, model.style);
  const rows = new Set(table?.rows.map((r) => r.line) ?? []);
  const from = payments.length ? idx(payments[payments.length - 1]) : idx(previous);
  const section = model.lines.slice(from + 1, idx(charges));
  // A figure alone on its line takes the label alone on the line above (stacked totals).
  const labelOf = (l: (typeof model.lines)[number]): string => {
    const above = model.lines[model.lines.indexOf(l) - 1];
    const stacked = l.cells.length === 1 && above && above.page === l.page && above.cells.length === 1 && !moneyCells(above, model.style).length;
    return (stacked ? above.cells[0].text : l.cells[0]?.text) ?? '';
  };
  if (section.some((l) => moneyCells(l, model.style).length && !rows.has(l) && !CHARGE_PARTS.test(labelOf(l)))) return [];
  const paid = payments.reduce((a, p) => a + Math.abs(p.amounts[0].value), 0);
  let expected = previous.amounts[0].value - paid + charges.amounts[0].value;
  const found = due.amounts[0].value;
  checked.add('amount_due');
  if (near(expected, found)) return [];
  let crossChecked = false;
  if (due.line.ocr === true) {
    // On a picture: judged by the figures the bill's own arithmetic confirms (totals-cross-check.ts).
    const parts = section.filter((l) => !rows.has(l) && moneyCells(l, model.style).length);
    const required = confirmedCharges(model, table?.rows ?? [], parts, charges);
    const settled = payments.length > 0 && near(paid, Math.abs(previous.amounts[0].value));
    if (required !== null && settled) {
      const verdict = judgeTotal(moneyReadings(due.amounts[0], true), required);
      if (verdict === 'adds_up') return [];
      expected = required;
      crossChecked = verdict === 'contradicts';
    }
  }
  return [
    finding(
      'arithmetic_error',
      'amount_due',
      `Amount due ${formatAmount(found)} does not equal the previous balance, less payments, plus this period's charges (${formatAmount(expected)}).`,
      due.line,
      STRENGTH['arithmetic_error.amount_due'],
      {
        expected: formatAmount(expected),
        found: formatAmount(found),
        regions: [previous, ...payments, charges, due].filter((h) => h.line.bbox).map((h) => ({ page: h.line.page, bbox: h.line.bbox!, label: h.label })),
        ...(crossChecked ? { crossChecked: true } : {}),
        ...operands([previous.line, charges.line, due.line]),
      },
      due.cells,
    ),
  ];
}

const TAX_PART = /^\s*(?:tax|vat|gst|hst|pst|sales tax|mwst|ust|tva|iva)(?![\p{L}])/iu;

/**
 * This period's charges as the bill's own figures confirm them, or null: every charge row adds up
 * (quantity x rate), a single tax line is its printed rate of the rows' sum to the cent, and the
 * printed charges total (some reading of it) is rows plus tax. Any other figure in the section
 * (a subtotal, a second tax) leaves the charges unconfirmed.
 */
function confirmedCharges(model: DocModel, rows: ItemRow[], parts: DocModel['lines'], charges: Labelled): number | null {
  if (!rows.length || rows.some((r) => !r.ok)) return null;
  const items = Math.round(rows.reduce((a, r) => a + r.total, 0) * 100) / 100;
  let tax = 0;
  if (parts.length > 1) return null;
  if (parts.length === 1) {
    const hit = labelledAmounts(parts, TAX_PART, model.style)[0];
    if (!hit || hit.rate === null || hit.amounts.length !== 1) return null;
    const pair = confirmedByRate([items], moneyReadings(hit.amounts[0], hit.line.ocr === true), hit.rate);
    if (!pair) return null;
    tax = pair.tax;
  }
  const total = Math.round((items + tax) * 100) / 100;
  return moneyReadings(charges.amounts[0], charges.line.ocr === true).some((v) => near(v, total)) ? total : null;
}
