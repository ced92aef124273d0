/** One entry point for every document model. */
import { issuersFor, type Issuer } from '../data/issuers.js';
import type { DocType } from '../labels.js';
import type { Rng } from '../util/prng.js';
import { bankStatement } from './bank-statement.js';
import { invoice } from './invoice.js';
import { payslip } from './payslip.js';
import { receipt } from './receipt.js';
import type { DocModel, ModelOptions } from './types.js';
import { utilityBill } from './utility-bill.js';

export const LAB_DOC_TYPES = ['bank_statement', 'payslip', 'invoice', 'utility_bill', 'receipt'] as const satisfies readonly DocType[];
export type LabDocType = (typeof LAB_DOC_TYPES)[number];

const BUILDERS: Record<LabDocType, (rng: Rng, issuer: Issuer, opts: ModelOptions) => DocModel> = {
  bank_statement: bankStatement,
  payslip,
  invoice,
  utility_bill: utilityBill,
  receipt,
};

/** Only statements and invoices run to several pages; other documents are one page. */
export function makeDocument(rng: Rng, docType: LabDocType, opts: ModelOptions): DocModel {
  const issuer = rng.pick(issuersFor(docType));
  const multi = docType === 'bank_statement' || docType === 'invoice';
  return BUILDERS[docType](rng, issuer, { pages: multi ? opts.pages : 1 });
}
