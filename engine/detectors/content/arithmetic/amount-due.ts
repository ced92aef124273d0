/**
 * The amount due printed under an invoice total: total - amounts already paid (deposits, advance
 * payments) + a rounding amount = amount due (EN 16931 BT-112 - BT-113 + BT-114 = BT-115;
 * "Bruttosumme, Erhaltene Anzahlungen, Zahlbetrag", "TOTAL TTC, Acompte, NET A PAYER"). Read
 * only when the lines straight after the total are nothing but those: any other figure first
 * (a discount for early payment, a second currency) and nothing is said.
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts, type Labelled } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { STRENGTH } from '../../strengths.js';
import { PREVIOUS } from './account-summary.js';

const PAID =
  /prepaid(?: amount)?|paid amount|amount paid|already paid|deposit paid|advance payments?|less (?:deposit|payments?)|(?:erhaltene |geleistete )?anzahlung(?:en)?|bereits (?:bezahlt|gezahlt)|acomptes?(?: versés?)?|déjà (?:payé|réglé)|montant (?:payé|réglé)/;
const ROUNDING = /rounding(?: amount)?|rundungsbetrag|arrondi/;
const DUE =
  /amount due(?: for payment)?|balance due|total due|amount to pay|total to pay|zahlbetrag|zu zahlen(?:der betrag)?|fälliger (?:zahlungs)?betrag|restbetrag|net [àa] payer|reste [àa] payer|montant d[ûu]|montant [àa] payer/;

/** How many lines after the total the amount due may stand (a paid line and a rounding line between). */
const REACH = 5;

/**
 * Checks the amount due against the total printed on `totalLine` (value `total`). `hasFigure`
 * tells whether a line carries a figure of any kind (the caller's reading of money).
 */
export function amountDueFindings(model: DocModel, totalLine: Line, total: number, checked: Checked, hasFigure: (l: Line) => boolean): ArithmeticFinding[] {
  const at = model.lines.indexOf(totalLine);
  if (at < 0) return [];
  // A bill carries its previous balance into the amount due (account-summary.ts checks that sum).
  if (labelledAmounts(model.lines.slice(0, at), PREVIOUS, model.style).length) return [];
  const parts: Array<{ hit: Labelled; paid: boolean }> = [];
  let due: Labelled | null = null;
  // Each line is asked for the labels in turn: a due line may share its line with a due date.
  const hit = (line: Line, re: RegExp) => labelledAmounts([line], re, model.style)[0] ?? null;
  for (const line of model.lines.slice(at + 1, at + 1 + REACH)) {
    const d = hit(line, DUE);
    const p = d ? null : hit(line, PAID);
    const r = d || p ? null : hit(line, ROUNDING);
    const h = d ?? p ?? r;
    if (!h) {
      if (hasFigure(line)) return [];
      continue;
    }
    if (h.amounts.length !== 1) return [];
    if (d) {
      due = d;
      break;
    }
    parts.push({ hit: h, paid: p !== null });
  }
  if (!due) return [];
  checked.add('amount_due');
  const paid = parts.filter((p) => p.paid).reduce((a, p) => a + Math.abs(p.hit.amounts[0].value), 0);
  const rounding = parts.filter((p) => !p.paid).reduce((a, p) => a + p.hit.amounts[0].value, 0);
  const expected = total - paid + rounding;
  const found = due.amounts[0].value;
  // A credit note prints its amounts negative, or the amount due as a positive refund.
  if (near(expected, found) || near(Math.abs(expected), Math.abs(found))) return [];
  return [
    finding(
      'arithmetic_error',
      'amount_due',
      `Amount due ${formatAmount(found)} does not equal the total ${formatAmount(total)}${paid ? ' less the amounts already paid' : ''} (${formatAmount(expected)}).`,
      due.line,
      STRENGTH['arithmetic_error.amount_due'],
      { expected: formatAmount(expected), found: formatAmount(found), ...operands([totalLine, ...parts.map((p) => p.hit.line), due.line]) },
      due.cells,
    ),
  ];
}
