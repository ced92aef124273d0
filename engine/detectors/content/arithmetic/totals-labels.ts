/**
 * How the totals block of an invoice or receipt names its lines: subtotal, tax, tax total,
 * included tax, discount, charges and total, in the languages and the EN 16931 terms invoices
 * print, and the line forms the totals walk (invoice.ts) reads besides "label  figure".
 */
import type { Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import { parseAmount } from '../../../read/extract/numbers.js';
import { moneyCells, type Labelled } from '../amounts.js';

export const SUBTOTAL =
  /sub[- ]?total|net total|total net|net amount|total excl\.?(?:uding)? (?:vat|tax)|total before tax|zwischensumme|nettobetrag|netto|summe netto|rechnungssumme netto|rechnungssumme ohne (?:ust|mwst|umsatzsteuer)\.?|gesamtbetrag (?:der rechnung )?ohne (?:ust|mwst|umsatzsteuer)\.?|(?:invoice )?total amount without (?:vat|tax)|total without (?:vat|tax)|total ht|montant (?:total )?ht|total hors taxes?|subtotaal|totaal excl/;
export const TAX = /vat|tax|sales tax|gst|hst|pst|mwst\.?|ust\.?|umsatzsteuer|mehrwertsteuer|steuerbasisbetrag|tva|btw|iva/;
/** Includes the tax totals of EN 16931 invoices as their viewers name them (BT-110: "Invoice total VAT amount", "Steuerbetrag"). */
const TAX_TOTAL =
  /(?:invoice )?total (?:vat|tax)(?: amount)?|vat total|tax total|summe (?:ust|mwst)|total tva|steuerbetrag|umsatzsteuerbetrag|(?:ust|mwst)\.?-?betrag|gesamtbetrag (?:der )?(?:umsatzsteuer|ust|mwst)|montant (?:total )?(?:de la )?tva/;
/** Tax already inside the total ("incl. VAT 20%"): checked against the total, never added to it. */
const INCLUDED = /incl\.?\s*(?:vat|tax|gst|mwst\.?|ust\.?|tva|btw|iva)|including (?:vat|tax|gst)|inkl\.?\s*(?:mwst|ust)\.?|davon (?:mwst|ust)\.?|dont tva/;
/**
 * Deductions a receipt prints between subtotal and total: a discount named by whom it is for
 * ("Member Discount (15%)", "Loyalty discount"), a coupon or voucher, rewards redeemed.
 * ("Savings", "You saved" restate discounts already inside the prices: never a step.)
 */
const DISCOUNT =
  /discount|rabatt|remise|korting|descuento|(?:member|loyalty|promo(?:tional)?|coupon|employee|staff|senior|student|volume|trade) discount|coupons?|vouchers?|rewards? (?:applied|redeemed)|(?:kunden|mitglieds?)rabatt|gutschein/;
/**
 * The running sum restated after a discount ("Subtotal less discount", "Total after discount",
 * "Summe nach Rabatt"): the base the tax below it is charged on, not a further figure of the sum.
 */
const RESTATED =
  /(?:sub[- ]?total )?(?:less|after|net of) discounts?|(?:sub-?)?total after discounts?|(?:summe |zwischensumme )?nach (?:abzug (?:des |von )?)?rabatt|(?:sous-total |total )?après remise/;
/** A line that prints the tax rate alone, for the tax total on a line of its own below it. */
const TAX_RATE = /(?:sales )?(?:tax|vat|gst) rate|steuersatz|(?:mwst|ust)\.?-?satz|taux (?:de )?(?:tva|taxe)|btw-?tarief|tipo (?:de )?iva/;
const EXTRA = /shipping|delivery|postage|freight|handling|service charge|tip|gratuity|versand|fracht|livraison|frais de port/;
const TOTAL =
  /grand total|total amount|invoice total|total due|balance due|amount due|total to pay|total payable|amount payable|total|gesamtbetrag|rechnungsbetrag|endbetrag|brutto|summe brutto|rechnungssumme brutto|bruttosumme|gesamtbetrag (?:der rechnung )?(?:mit|inkl\.?|einschließlich) (?:ust|mwst|umsatzsteuer)|(?:invoice )?total amount with (?:vat|tax)|amount due for payment|total ttc|montant (?:total )?ttc|net [àa] payer|factuur totaal|totaal|due payable|zahlbetrag/;

export function labelOf(text: string, re: RegExp): boolean {
  return new RegExp(`^\\s*(?:${re.source})(?![\\p{L}])`, 'iu').test(text);
}

export interface Step {
  kind: 'tax' | 'tax_total' | 'included' | 'discount' | 'restated' | 'extra' | 'total';
  hit: Labelled;
}

/** "zuzüglich 19% MwSt.", "plus VAT": the word that adds a line to the sum is not its name. */
const ADDS = /^(?:plus|zzgl\.?|zuzüglich|add)(?:\s+|$)/i;

export function classify(h: Labelled): Step['kind'] | null {
  let t = h.label;
  if (ADDS.test(t)) {
    const cell = h.line.cells.find((c) => c.text.trim().toLowerCase().startsWith(t.toLowerCase()));
    t = (cell ? cell.text.trim() : t).replace(ADDS, '').replace(/^\d{1,2}(?:[.,]\d{1,3})?\s?%\s*/, '');
  }
  if (labelOf(t, INCLUDED)) return 'included';
  if (labelOf(t, TAX_TOTAL)) return 'tax_total';
  if (labelOf(t, TAX)) return 'tax';
  if (labelOf(t, RESTATED)) return 'restated';
  if (labelOf(t, DISCOUNT)) return 'discount';
  if (labelOf(t, EXTRA)) return 'extra';
  if (labelOf(t, TOTAL)) return 'total';
  return null;
}

/** A tax breakdown row: "19 %  336.00  63.84" (rate, base, tax). */
export function taxRow(line: Line, model: DocModel): { rate: number; base: number; tax: number } | null {
  const first = parseAmount(line.cells[0]?.text.replace(/\s+%$/, '%') ?? '', model.style);
  const money = moneyCells(line, model.style, 1);
  if (!first?.percent || money.length < 2) return null;
  return { rate: first.value, base: money[0].amount.value, tax: money[1].amount.value };
}

/**
 * A tax line that prints its rate before its name ("19% VAT  108.87", "7 % MwSt.  3,50"), as
 * ERP invoice layouts do: read as the tax line "VAT 19%" would be.
 */
export function rateFirstTax(line: Line, model: DocModel): Labelled | null {
  const m = /^\s*(\d{1,2}(?:[.,]\d{1,3})?)\s?%\s+(\p{L}.*)$/u.exec(line.cells[0]?.text ?? '');
  if (!m || !labelOf(m[2], TAX) || labelOf(m[2], INCLUDED)) return null;
  const money = moneyCells(line, model.style, 1);
  if (money.length !== 1 || money[0].cell !== line.cells[line.cells.length - 1]) return null;
  return { line, label: m[2].trim(), amounts: [money[0].amount], cells: [money[0].cell], rate: Number(m[1].replace(',', '.')), base: null };
}

/**
 * A figure after a label that the money reading does not take: a whole number ("Steuerbetrag  70"
 * for 70,00), two figures run into one cell ("163,16183,14", an amount and its foreign-currency
 * twin), or a sign set apart from its figure ("EUR  -" above "1,12": a credit note whose minus
 * the reading order left on another line). Each is part of the block's arithmetic, which is then
 * not understood.
 */
export function unreadFigure(line: Line): boolean {
  return (
    /\p{L}/u.test(line.cells[0]?.text ?? '') &&
    line.cells.slice(1).some((c) => /\d/.test(c.text.replace(/\(?\d{1,2}(?:[.,]\d{1,3})?\s?%\)?/g, '')) || /^[-−–]$/.test(c.text.trim()))
  );
}

/** "Tax rate  7.00%": the rate of the tax total printed on its own line below (null otherwise). */
export function taxRateLine(line: Line, model: DocModel): number | null {
  if (line.cells.length !== 2 || !labelOf(line.cells[0].text, TAX_RATE)) return null;
  const a = parseAmount(line.cells[1].text.replace(/\s+%$/, '%'), model.style);
  return a?.percent && a.value > 0 && a.value < 100 ? a.value : null;
}

/**
 * A totals line whose figure is printed as a whole number ("SUBTOTAL  1440", "DISCOUNT  4", as
 * invoice templates that keep whole-number prices print their sums above a "$1,536.52" balance):
 * label and figure only, the label a subtotal or a step of the sum (never the total, which must be
 * read as money for the block to be checked). The figure is read as that many units of money.
 * Never on a picture: OCR drops decimal marks ("1250" for "12.50"), and the sum would look wrong.
 */
export function wholeFigureLine(line: Line, model: DocModel): Labelled | null {
  if (line.ocr || line.cells.length !== 2 || !/\p{L}/u.test(line.cells[0].text)) return null;
  const a = parseAmount(line.cells[1].text, model.style);
  if (!a || a.percent || a.decimals !== 0 || a.currency !== null) return null;
  const label = line.cells[0].text.trim().replace(/:$/, '');
  // A coupon or voucher line with a whole number is its code, not an amount.
  if (/coupon|voucher|reward|gutschein/i.test(label)) return null;
  const hit: Labelled = { line, label, amounts: [a], cells: [line.cells[1]], rate: null, base: null };
  const kind = classify(hit);
  if (!(labelOf(label, SUBTOTAL) && !labelOf(label, TAX)) && (kind === null || kind === 'total' || kind === 'included')) return null;
  return hit;
}
