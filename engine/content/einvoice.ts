/**
 * The structured invoice inside a hybrid e-invoice (ZUGFeRD / Factur-X / XRechnung: PDF/A-3
 * with the CII or UBL XML attached). The XML is the legally binding invoice, written by the
 * same issuing system as the page. When a printed figure or identifier that looks wrong is
 * exactly what the XML says, the page shows the issuer's own data (a specimen IBAN, a rounded
 * unit price), not an edit: content checks report it as context. Only the page can be forged
 * without the XML; values that agree with it are not that.
 */
import type { DetectorContext } from '../context.js';
import type { PdfFile } from '../pdf/structure/document.js';
import { PdfRef, PdfStream, PdfString } from '../pdf/structure/objects.js';
import { decodePdfText } from '../pdf/structure/text-strings.js';
import type { Finding } from '../types.js';
import { STRENGTH_CAP } from '../detect/strengths.js';

export interface EInvoice {
  file: string;
  ibans: ReadonlySet<string>;
  /** Every decimal figure in the XML, in cents. */
  cents: ReadonlySet<number>;
}

const INVOICE_XML = /CrossIndustryInvoice|CrossIndustryDocument|urn:oasis:names:specification:ubl:schema:xsd:(?:Invoice|CreditNote)/;
const MAX_OBJECTS = 200_000;
/** Read once per parsed file: two content detectors ask. */
const memo = new WeakMap<PdfFile, EInvoice | null>();

export function embeddedInvoice(ctx: DetectorContext): EInvoice | null {
  if (!ctx.pdf) return null;
  const file = ctx.facts.now('pdfFile');
  if (!file) return null;
  if (memo.has(file)) return memo.get(file)!;
  let found: EInvoice | null = null;
  try {
    found = scan(file);
  } catch {
    found = null;
  }
  memo.set(file, found);
  return found;
}

function scan(file: PdfFile): EInvoice | null {
  for (const num of file.liveNumbers().slice(0, MAX_OBJECTS)) {
    const d = file.dict(file.getObject(num));
    if (!d || d.name('Type') !== 'Filespec' || !d.has('EF')) continue;
    const nameVal = file.resolve(d.get('UF') ?? d.get('F'));
    const name = nameVal instanceof PdfString ? decodePdfText(file.stringBytes(nameVal, num, 0) ?? nameVal.bytes) : '';
    if (!/\.xml$/i.test(name)) continue;
    const ef = file.dict(d.get('EF'));
    const ref = ef?.get('F') ?? ef?.get('UF');
    const stream = file.resolve(ref);
    if (!(stream instanceof PdfStream)) continue;
    const data = file.streamData(stream, ref instanceof PdfRef ? ref.num : num, 0);
    if (!data) continue;
    const xml = new TextDecoder('utf-8').decode(data.subarray(0, 4_000_000));
    if (!INVOICE_XML.test(xml)) continue;
    return { file: name, ibans: ibansIn(xml), cents: figuresIn(xml) };
  }
  return null;
}

function ibansIn(xml: string): Set<string> {
  const out = new Set<string>();
  // In IBANID elements and in free text (payment terms quote the account too).
  for (const m of xml.matchAll(/\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]){8,32})\b/g)) out.add(m[1].replace(/\s/g, ''));
  return out;
}

function figuresIn(xml: string): Set<number> {
  const out = new Set<number>();
  for (const m of xml.matchAll(/>\s*(-?\d+(?:\.\d+)?)\s*</g)) {
    const v = Number(m[1]);
    if (Number.isFinite(v)) {
      out.add(Math.round(v * 100));
      out.add(Math.round(Math.abs(v) * 100));
    }
  }
  return out;
}

function cents(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const v = Number(String(text).replace(/[^\d.-]/g, ''));
  return Number.isFinite(v) ? Math.round(Math.abs(v) * 100) : null;
}

/**
 * Findings whose printed value the attached invoice XML states too become context: the
 * identifier or figure is the issuer's, carried into both the page and the structured data.
 */
export function agreeingWithInvoice<T extends Pick<Finding, 'flag' | 'summary' | 'evidence' | 'strength'>>(findings: T[], invoice: EInvoice | null): T[] {
  if (!invoice) return findings;
  return findings.map((f) => {
    const value = f.evidence.value;
    const agreesIban = f.flag === 'identifier_invalid' && typeof value === 'string' && invoice.ibans.has(value.replace(/\s/g, ''));
    const found = f.flag === 'arithmetic_error' ? cents(f.evidence.found) : null;
    const agreesFigure = found !== null && found > 0 && invoice.cents.has(found);
    if (!agreesIban && !agreesFigure) return f;
    return {
      ...f,
      summary: `${f.summary} The attached e-invoice (${invoice.file}) states the same ${agreesIban ? 'IBAN' : 'figure'}: the issuer's own data, not an edit of the page.`,
      evidence: { ...f.evidence, einvoice: invoice.file },
      strength: Math.min(f.strength, STRENGTH_CAP.agreesWithEInvoice),
    };
  });
}
