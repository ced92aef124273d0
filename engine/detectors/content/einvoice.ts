/**
 * The structured invoice inside a hybrid e-invoice (ZUGFeRD / Factur-X / XRechnung: PDF/A-3
 * with the CII or UBL XML attached). The XML is the legally binding invoice, written by the
 * same issuing system as the page. When a printed figure or identifier that looks wrong is
 * exactly what the XML says, the page shows the issuer's own data (a specimen IBAN, a rounded
 * unit price), not an edit: content checks report it as context. Only the page can be forged
 * without the XML; values that agree with it are not that.
 */
import type { DetectorContext } from '../../facts/context.js';
import { readEmbeddedInvoice, type EInvoice } from '../../read/pdf/structure/embedded-invoice.js';
import type { Finding } from '../../types.js';
import { STRENGTH_CAP } from '../strengths.js';

export function embeddedInvoice(ctx: DetectorContext): EInvoice | null {
  if (!ctx.pdf) return null;
  const file = ctx.facts.now('pdfFile');
  return file ? readEmbeddedInvoice(file) : null;
}

function cents(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const v = Number(String(text).replace(/[^\d.-]/g, ''));
  return Number.isFinite(v) ? Math.round(Math.abs(v) * 100) : null;
}

/**
 * Findings whose printed value the attached invoice XML states too become context: the
 * identifier or figure is the issuer's, carried into both the page and the structured data.
 * `figuresOf` gives the other printed figures an arithmetic finding was computed from; each must
 * be stated by the XML as well.
 */
/** Relations made of document totals only (EN 16931 BT-112 - BT-113 + BT-114 = BT-115): their figures are the XML's summation's. */
const TOTALS_ONLY = new Set(['arithmetic_error.amount_due']);

export function agreeingWithInvoice<T extends Pick<Finding, 'flag' | 'summary' | 'evidence' | 'strength'> & { code?: string }>(
  findings: T[],
  invoice: EInvoice | null,
  figuresOf: (f: T) => number[] = () => [],
): T[] {
  if (!invoice) return findings;
  return findings.map((f) => {
    const value = f.evidence.value;
    const agreesIban = f.flag === 'identifier_invalid' && typeof value === 'string' && invoice.ibans.has(value.replace(/\s/g, ''));
    const found = f.flag === 'arithmetic_error' ? cents(f.evidence.found) : null;
    // The relation's other printed figures must be the XML's too: a net edited under an untouched
    // total leaves the total agreeing with the XML, and the edited net is what the XML does not state.
    // A totals relation's figures must be the XML's totals: an edited deposit "30,00" equal to an
    // item's line total is still not the prepaid amount the XML states.
    const pool = f.code && TOTALS_ONLY.has(f.code) && invoice.summation.size ? invoice.summation : invoice.cents;
    const agreesFigure = found !== null && found > 0 && pool.has(found) && figuresOf(f).every((v) => pool.has(Math.round(Math.abs(v) * 100)));
    if (!agreesIban && !agreesFigure) return f;
    return {
      ...f,
      summary: `${f.summary} The attached e-invoice (${invoice.file}) states the same ${agreesIban ? 'IBAN' : 'figure'}: the issuer's own data, not an edit of the page.`,
      evidence: { ...f.evidence, einvoice: invoice.file },
      strength: Math.min(f.strength, STRENGTH_CAP.agreesWithEInvoice),
    };
  });
}
