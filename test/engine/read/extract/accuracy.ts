/** Per-field extraction accuracy over a generated set (used by the accuracy test and reports). */
import { extractFields } from '../../../../engine/read/extract/index.js';
import type { Extracted } from '../../../../engine/types.js';
import { layoutPage, textPage } from './fixtures.js';
import { bankStatement, invoice, payslip, receipt, type Generated, type Locale } from './generate-docs.js';

export const FIELDS: Array<keyof Extracted> = ['doc_type', 'issuer', 'name', 'address', 'document_date', 'account_number', 'currency'];

export function generatedSet(): Array<Generated & { id: string }> {
  const out: Array<Generated & { id: string }> = [];
  const locales: Locale[] = ['uk', 'us', 'de', 'fr'];
  let seed = 1;
  for (const locale of locales) {
    for (let k = 0; k < 3; k++) {
      out.push({ id: `statement-${locale}-${k}`, ...bankStatement(seed++, { locale, layout: k % 2 ? 'signed' : 'split' }) });
      out.push({ id: `invoice-${locale}-${k}`, ...invoice(seed++, { locale }) });
      out.push({ id: `receipt-${locale}-${k}`, ...receipt(seed++, { locale }) });
      if (locale !== 'fr') out.push({ id: `payslip-${locale}-${k}`, ...payslip(seed++, { locale }) });
    }
  }
  return out;
}

export function measure(docs: Array<Generated & { id: string }>, runs = true): { perField: Record<string, number>; misses: string[] } {
  const hits: Record<string, number> = Object.fromEntries(FIELDS.map((f) => [f, 0]));
  const misses: string[] = [];
  for (const d of docs) {
    const page = runs ? layoutPage(d.text) : textPage(d.text);
    const got = extractFields([page], d.text);
    for (const f of FIELDS) {
      if (got[f] === d.truth[f]) hits[f]++;
      else misses.push(`${d.id} ${f}: got ${JSON.stringify(got[f])} want ${JSON.stringify(d.truth[f])}`);
    }
  }
  return { perField: Object.fromEntries(FIELDS.map((f) => [f, hits[f] / docs.length])), misses };
}
