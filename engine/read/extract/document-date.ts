/**
 * The date the document speaks for: statement date, invoice date, pay date, else the end of
 * the statement/pay period, else a lone date line at the top of a letter or receipt.
 */
import type { DocType } from '../../types.js';
import { findDates, isoDate, type DateOrder, type DateToken } from './dates.js';
import { labelledValue } from './labels.js';
import type { Line } from './layout.js';
import { findPeriod, PAY_PERIOD, STATEMENT_PERIOD } from './periods.js';

const SPECIFIC: Partial<Record<DocType, RegExp>> = {
  bank_statement: /statement date|date of statement|statement issued|issue date|date issued|as (?:of|at)/i,
  payslip: /pay(?:ment)? date|date paid|paid on|pay ?day|date of payment|auszahlungsdatum|date de paiement/i,
  invoice:
    /invoice date|date of invoice|date of issue|issue date|invoice issued|tax point|rechnungsdatum|factuur ?datum|date de (?:la )?facture|fecha de factura|data fattura/i,
  receipt: /receipt date|transaction date|date of purchase|purchase date/i,
  utility_bill: /bill date|statement date|date of bill|issue date|invoice date/i,
};
const GENERIC = /date(?!\s*of\s*(?:birth|delivery|supply|expiry|service))|dated|datum|fecha/i;
const INLINE = /\b(?:issued (?:at|on)|dated|vom|du|del)\s+$/i;
/** A line where INLINE can match before some date: its words followed by a space anywhere. */
const INLINE_ANYWHERE = /\b(?:issued (?:at|on)|dated|vom|du|del)\s/i;

type Found = { date: DateToken; line: Line } | null;

/**
 * Extraction and two content checks ask for the same document's date: the answer is kept per
 * line model (a 500-page statement reads every row's dates for it). Callers only read it.
 */
const found = new WeakMap<readonly Line[], Map<string, Found>>();

export function findDocumentDate(lines: Line[], docType: DocType | null, order: DateOrder): Found {
  let byKey = found.get(lines);
  if (!byKey) {
    byKey = new Map();
    found.set(lines, byKey);
  }
  const key = `${docType}|${order}`;
  if (!byKey.has(key)) byKey.set(key, searchDocumentDate(lines, docType, order));
  return byKey.get(key)!;
}

function searchDocumentDate(lines: Line[], docType: DocType | null, order: DateOrder): Found {
  const full = (text: string): DateToken | null => {
    const d = findDates(text, order)[0];
    return d && d.year !== null && d.valid && text.trim().length <= d.raw.length + 25 ? d : null;
  };
  // Each label once: the document type's own comes first and is not tried again among the others.
  const labels = [...new Set([docType ? SPECIFIC[docType] : undefined, ...Object.values(SPECIFIC), GENERIC])].filter((x): x is RegExp => Boolean(x));
  for (const label of labels) {
    // A bare "Date" is often a table header with the first row's date under it.
    const hit = labelledValue(lines, label, full, { below: label !== GENERIC });
    if (hit) return { date: hit.value, line: hit.line };
  }
  for (const line of lines) {
    if (!INLINE_ANYWHERE.test(line.text)) continue; // reading every date of every row is the cost on long statements
    for (const d of findDates(line.text, order)) {
      if (d.year !== null && d.valid && INLINE.test(line.text.slice(0, d.index))) return { date: d, line };
    }
  }
  const period = docType === 'payslip' ? findPeriod(lines, order, PAY_PERIOD) : findPeriod(lines, order, STATEMENT_PERIOD);
  if (period && (docType === 'bank_statement' || docType === 'payslip' || docType === 'utility_bill')) return { date: period.end, line: period.line };
  const top = lines.filter((l) => l.page === lines[0]?.page && l.index < 15);
  // A line holding nothing but a full date (letters, receipts), never a table row.
  const lone = top.filter((l) => {
    const c = l.cells[0];
    const d = c ? findDates(c.text, order)[0] : undefined;
    return l.cells.length === 1 && d !== undefined && d.year !== null && d.valid && d.raw.length >= c.text.trim().length - 1;
  });
  if (lone.length === 1) {
    const cell = lone[0].cells.find((c) => findDates(c.text, order)[0]);
    const d = cell ? findDates(cell.text, order)[0] : undefined;
    if (d) return { date: d, line: lone[0] };
  }
  return null;
}

export function documentDateIso(lines: Line[], docType: DocType | null, order: DateOrder): string | null {
  const found = findDocumentDate(lines, docType, order);
  return found ? isoDate(found.date) : null;
}
