/**
 * content_inconsistency.einvoice_mismatch: a hybrid e-invoice (ZUGFeRD / Factur-X / XRechnung)
 * carries the legally binding invoice as XML beside the page, written by the same issuing system
 * at the same moment. A forger who changes a figure on the page (a content-stream digit swap, a
 * re-distilled or rewritten page) rarely rewrites the XML too. When the page is plainly this
 * XML's invoice (most of its money figures are figures the XML states) and a labelled total on it
 * is a figure the XML states nowhere, the page was changed after the invoice was issued.
 *
 * Visualisations that show another invoice than the XML (test files pairing any PDF with any
 * XML) agree on few figures and stay quiet; totals the XML never states (a cash-discount amount,
 * a carried-over subtotal) are not read as totals.
 */
import { embeddedInvoice } from './einvoice.js';
import { labelledAmounts, type Labelled } from './amounts.js';
import { cents, findMoney, isMoney, type NumberStyle, type ParsedAmount } from '../../read/extract/numbers.js';
import type { DocModel } from '../../read/extract/model.js';
import type { EInvoice } from '../../read/pdf/structure/embedded-invoice.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { finding } from './evidence.js';

const THRESHOLDS = {
  minAgreeing: {
    value: 3,
    why: 'Three distinct figures the XML states too (lines, net, tax) make the page this invoice; fewer is a page showing another one.',
  },
  minAgreeingShare: {
    value: 0.5,
    why: 'A visualisation of its own XML prints mostly figures the XML states; one showing another invoice shares few.',
  },
  maxFindings: { value: 2, why: 'One changed total is the edit; more are its copies.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

/** Totals an invoice's XML states: the amount due, grand total, net, tax, subtotal, in the languages e-invoices are issued in. */
const TOTAL_LABEL =
  /(?:grand |invoice |net |gross )?total(?: amount| due| payable| to pay| net| gross| incl\.?| excl\.?| ttc| ht| tva| vat| tax)?|amount (?:due|payable)|balance due|sub-?total|net amount|(?:vat|tax) (?:amount|total)|gesamt(?:betrag|summe|preis)?|rechnungs(?:betrag|summe)|zahlbetrag|zu zahlen(?:der betrag)?|endbetrag|brutto(?:betrag|summe)?|netto(?:betrag|summe)?|summe(?: netto| brutto| positionen)?|zwischensumme|warenwert|montant (?:ttc|ht|total|net)|net à payer|totaal|te betalen|importe total|totale(?: documento| imponibile)?|da pagare/;
/** The rest of a total's label that makes it another amount than the invoice's own (a discounted or foreign-currency figure). */
const NOT_THE_INVOICE =
  /skonto|discount|rabatt|escompte|sconto|if paid|bei zahlung|carried|übertrag|report|brought forward|in (?:usd|eur|gbp|chf)\b|quantity|menge|weight|gewicht/i;

const EMITS = [{ flag: 'content_inconsistency', reasons: ['einvoice_mismatch'] }] as const satisfies readonly Emit[];
type Found = DeclaredFinding<typeof EMITS>;

/** A printed amount in cents, unsigned: the XML states credits and allowances without the page's sign. */
const centsOf = (a: ParsedAmount): number => cents(Math.abs(a.value));

/**
 * A two-decimal money figure written with the document's own decimal mark: "08.30" on a German
 * invoice is an opening hour, not an amount.
 */
function pageMoney(a: ParsedAmount, style: NumberStyle): boolean {
  const mark = /([.,])\d{2}\D*$/.exec(a.raw)?.[1];
  return a.decimals === 2 && !a.percent && a.value !== 0 && mark === style.decimal;
}

/** Distinct two-decimal money figures on the page, and how many of them the XML states. */
function agreement(model: DocModel, inv: EInvoice): { agreeing: number; distinct: number } {
  const seen = new Set<number>();
  for (const line of model.lines) {
    for (const a of findMoney(line.text, model.style)) {
      if (pageMoney(a, model.style)) seen.add(centsOf(a));
    }
  }
  let agreeing = 0;
  for (const c of seen) if (inv.amounts.has(c)) agreeing++;
  return { agreeing, distinct: seen.size };
}

/** The XML's figure written the way the page writes its own, so the reviewer compares like with like. */
function formatCents(c: number, style: NumberStyle): string {
  const mark = style.decimal;
  const group = mark === ',' ? '.' : ',';
  const whole = Math.floor(c / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${whole}${mark}${(c % 100).toString().padStart(2, '0')}`;
}

function mismatches(model: DocModel, inv: EInvoice): Array<{ hit: Labelled; amount: ParsedAmount; index: number }> {
  const out: Array<{ hit: Labelled; amount: ParsedAmount; index: number }> = [];
  for (const hit of labelledAmounts(model.lines, TOTAL_LABEL, model.style)) {
    if (NOT_THE_INVOICE.test(hit.line.text)) continue;
    hit.amounts.forEach((amount, index) => {
      if (!isMoney(amount) || !pageMoney(amount, model.style)) return;
      if (!inv.amounts.has(centsOf(amount))) out.push({ hit, amount, index });
    });
  }
  return out;
}

export const einvoiceMismatchDetector = defineDetector({
  meta: {
    id: 'content/einvoice-mismatch',
    description:
      'A total printed on a hybrid e-invoice (ZUGFeRD, Factur-X, XRechnung) that the invoice XML attached to the same file states nowhere, while the page otherwise shows that XML’s figures.',
    appliesTo: ['pdf'],
    needs: ['pdf', 'pdfFile', 'textModel'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx) {
    const inv = embeddedInvoice(ctx);
    if (!inv) return [];
    const model = ctx.facts.now('textModel');
    const wrong = mismatches(model, inv);
    if (!wrong.length) return [];
    const { agreeing, distinct } = agreement(model, inv);
    if (agreeing < T.minAgreeing || agreeing < distinct * T.minAgreeingShare) return [];
    const out: Found[] = [];
    for (const { hit, amount, index } of wrong.slice(0, T.maxFindings)) {
      const payable = inv.payable !== null ? formatCents(inv.payable, model.style) : null;
      out.push(
        finding(
          'content_inconsistency',
          'einvoice_mismatch',
          `Page ${hit.line.page} prints "${hit.label} ${amount.raw}", a figure the invoice XML attached to the file (${inv.file}) states nowhere, ` +
            `although it states ${agreeing} of the page's other ${distinct - 1} figures${payable ? ` and an amount payable of ${payable}` : ''}: ` +
            'the page was changed after the e-invoice was issued.',
          hit.line,
          STRENGTH['content_inconsistency.einvoice_mismatch'],
          { value: amount.raw, ...(payable ? { expected: payable } : {}), einvoice: inv.file, agreeing, distinct },
          [hit.cells[index]],
        ),
      );
    }
    return out;
  },
});
