/**
 * Field extraction (SPEC `extracted`). Precision over recall: every field is null unless the
 * document states it in a way we can read without guessing.
 */
import type { PageLayer } from '../pdf/text/types.js';
import type { Extracted } from '../../types.js';
import { findAccountNumber } from './account.js';
import { classifyDocType } from './doc-type.js';
import { documentDateIso } from './document-date.js';
import { buildModel, type DocModel } from './model.js';
import { findCustomer } from './customer.js';
import { findIssuer } from './issuer.js';

export function extractFields(pages: PageLayer[], text: string, model: DocModel = buildModel(pages, text)): Extracted {
  const { lines } = model;
  if (!lines.length) return { doc_type: null, issuer: null, name: null, address: null, document_date: null, account_number: null, currency: null };
  const docType = classifyDocType(lines);
  const customer = findCustomer(lines, docType);
  return {
    doc_type: docType,
    issuer: findIssuer(lines, customer),
    name: customer.name,
    address: customer.address,
    document_date: documentDateIso(lines, docType, model.dateOrder),
    account_number: findAccountNumber(lines),
    currency: model.currency,
  };
}
