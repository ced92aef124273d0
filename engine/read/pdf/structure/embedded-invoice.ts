/**
 * The structured invoice attached to a hybrid e-invoice (ZUGFeRD / Factur-X / XRechnung: PDF/A-3
 * with the CII or UBL XML attached), or the order of its sibling Order-X (UN/CEFACT Cross
 * Industry Order, order change and response) and UBL orders: which file it is, the IBANs it
 * names and every figure it states. Content checks compare the page with it
 * (detectors/content/einvoice.ts).
 */
import type { PdfFile } from './document.js';
import { PdfRef, PdfStream, PdfString } from './objects.js';
import { decodePdfText } from './text-strings.js';

export interface EInvoice {
  file: string;
  ibans: ReadonlySet<string>;
  /** Every decimal figure in the XML, in cents. */
  cents: ReadonlySet<number>;
  /**
   * The amount the invoice asks to be paid, in cents (CII DuePayableAmount, else GrandTotalAmount;
   * UBL PayableAmount, else TaxInclusiveAmount), or null when the XML states none.
   */
  payable: number | null;
  /**
   * The XML's money figures, in cents: amounts (elements named ...Amount) and figures written with
   * a decimal point. Unlike `cents`, no quantities, codes or rates written as whole numbers.
   */
  amounts: ReadonlySet<number>;
  /**
   * The document totals, in cents: amounts inside the XML's monetary summation (CII
   * ...MonetarySummation other than a line's, UBL LegalMonetaryTotal): line total, allowances,
   * charges, tax basis, tax, grand total, prepaid, due. A figure of a totals relation is the
   * issuer's only if it is one of these, not an item's price that happens to be equal.
   */
  summation: ReadonlySet<number>;
}

const INVOICE_XML =
  /CrossIndustryInvoice|CrossIndustryDocument|SCRDMCCBDACIOMessageStructure|CrossIndustryOrder|urn:oasis:names:specification:ubl:schema:xsd:(?:Invoice|CreditNote|Order|OrderChange|OrderResponse)/;
const MAX_OBJECTS = 200_000;
/** Read once per parsed file: two content detectors ask. */
const memo = new WeakMap<PdfFile, EInvoice | null>();

/** The invoice XML attached to the file, or null; unreadable attachments count as none. */
export function readEmbeddedInvoice(file: PdfFile): EInvoice | null {
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
    return { file: name, ibans: ibansIn(xml), cents: figuresIn(xml), payable: payableIn(xml), amounts: amountsIn(xml), summation: summationIn(xml) };
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

/** Element names (any namespace prefix) of the amount to be paid, most specific first. */
const PAYABLE = ['DuePayableAmount', 'GrandTotalAmount', 'PayableAmount', 'TaxInclusiveAmount'];

function payableIn(xml: string): number | null {
  for (const name of PAYABLE) {
    const m = new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>\\s*(-?\\d+(?:\\.\\d+)?)\\s*<`).exec(xml);
    if (m) return unsignedCents(m[1]);
  }
  return null;
}

/** An XML figure in cents without its sign (credit notes state negative amounts), or null. */
function unsignedCents(text: string): number | null {
  const v = Math.abs(Number(text));
  return Number.isFinite(v) ? Math.round(v * 100) : null;
}

function amountsIn(xml: string): Set<number> {
  const out = new Set<number>();
  const add = (text: string) => {
    const c = unsignedCents(text);
    if (c !== null) out.add(c);
  };
  for (const m of xml.matchAll(/<(?:[\w-]+:)?\w*Amount\b[^>]*>\s*(-?\d+(?:\.\d+)?)\s*</g)) add(m[1]);
  for (const m of xml.matchAll(/>\s*(-?\d+\.\d+)\s*</g)) add(m[1]);
  return out;
}

/** Amounts inside the document-level summation blocks (a line's own summation left out). */
function summationIn(xml: string): Set<number> {
  const out = new Set<number>();
  const blocks = /<((?:[\w-]+:)?(?:\w*(?<!Line)MonetarySummation|LegalMonetaryTotal))\b[^>]*>([\s\S]*?)<\/\1>/g;
  for (const b of xml.matchAll(blocks)) {
    for (const m of b[2].matchAll(/<(?:[\w-]+:)?\w*Amount\b[^>]*>\s*(-?\d+(?:\.\d+)?)\s*</g)) {
      const c = unsignedCents(m[1]);
      if (c !== null) out.add(c);
    }
  }
  return out;
}
