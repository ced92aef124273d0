/**
 * The identity part of a fingerprint: who the document is about (name, address, account), its
 * own references, and its transaction rows. These are what a serial forger keeps (rows, numbers)
 * or changes (the name) when one genuine document becomes many.
 */
import { leadingDate, findDates, type DateOrder } from '../read/extract/dates.js';
import type { Line } from '../read/extract/layout.js';
import { findMoney } from '../read/extract/numbers.js';
import type { DocModel } from '../read/extract/model.js';
import type { Extracted } from '../types.js';
import { key64 } from './hash.js';
import { normaliseWords } from './minhash.js';
import type { FingerprintRow, LibraryFingerprint } from '../types.js';

/** Enough rows for any statement a reviewer reads; more adds storage, not evidence. */
const MAX_ROWS = 400;
const MAX_REFERENCES = 20;

export function normalisedText(s: string | null | undefined): string | null {
  if (!s) return null;
  const words = normaliseWords(s);
  return words.length ? words.join(' ') : null;
}

/** Account numbers and IBANs compared without spaces, dashes or case. */
export function normalisedAccount(s: string | null | undefined): string | null {
  const v = (s ?? '').replace(/[^0-9a-z]/gi, '').toUpperCase();
  return v.length >= 4 ? v : null;
}

/**
 * A transaction row: a line with a date and a money amount. Its key is the date, description and
 * first amount (the transaction itself); the running balance after it is left out, because a
 * forger who edits one amount recomputes every balance below it while the transactions stay.
 * The same transaction on a different person's genuine statement is practically never printed.
 */
function rowKeyText(line: Line, model: DocModel, order: DateOrder): string | null {
  if (line.text.length < 12) return null;
  if (leadingDate(line.text, order) === null && findDates(line.text, order).length === 0) return null;
  const money = findMoney(line.text, model.style);
  if (money.length === 0) return null;
  const head = normaliseWords(line.text.slice(0, money[0].index)).join(' ');
  // Figures alone ("01 05 2024 12.00") are totals or periods, not transactions.
  if (!/[a-z]{3,}/.test(head)) return null;
  return `${head} ${Math.abs(Math.round(money[0].value * 100))}`;
}

export function transactionRows(model: DocModel): FingerprintRow[] {
  const rows: FingerprintRow[] = [];
  for (const line of model.lines) {
    if (rows.length >= MAX_ROWS) break;
    const text = rowKeyText(line, model, model.dateOrder);
    if (text === null) continue;
    rows.push({ text, key: key64(text), page: line.page, ...(line.bbox ? { bbox: line.bbox } : {}) });
  }
  return rows;
}

/** Labels that introduce a number the issuer gives to this one document or customer. */
const REFERENCE_LABEL =
  /\b(?:invoice|inv|reference|ref|policy|customer|member|membership|employee|payroll|order|statement|bill|contract|claim|receipt|transaction)\b\.?\s*(?:no\.?|number|num|nr|#|id|ref)?\s*[:#.]?\s+([A-Z0-9][A-Z0-9\-/.]{3,}[A-Z0-9])/gi;

export function documentReferences(model: DocModel): string[] {
  const out = new Set<string>();
  for (const line of model.lines) {
    for (const m of line.text.matchAll(REFERENCE_LABEL)) {
      const value = m[1].replace(/[^0-9a-z]/gi, '').toUpperCase();
      // A reference has digits and is not a date or an amount.
      if (value.length < 5 || !/\d/.test(value) || findDates(m[1]).length > 0 || /^\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(m[1])) continue;
      out.add(value);
      if (out.size >= MAX_REFERENCES) return [...out];
    }
  }
  return [...out];
}

export function identityOf(extracted: Extracted, model: DocModel): LibraryFingerprint['identity'] {
  const account = normalisedAccount(extracted.account_number);
  return {
    issuer: normalisedText(extracted.issuer),
    name: normalisedText(extracted.name),
    address: normalisedText(extracted.address),
    account,
    references: documentReferences(model).filter((r) => r !== account),
    rows: transactionRows(model),
  };
}
