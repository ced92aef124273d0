/**
 * The date the document speaks for: statement date, invoice date, pay date, else an issue or
 * print date, a date beside the title, the end of the statement/pay period, else a lone date line
 * at the top of a letter or receipt.
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
    /invoice date|date of invoice|date of issue|issue date|invoice issued|tax point|(?:liefer- und )?rechnungsdatum|belegdatum|factuur ?datum|date de (?:la )?facture(?!\s+(?:associée|d'origine|initiale|précédente))|fecha de factura|data fattura/i,
  receipt: /receipt date|transaction date|date of purchase|purchase date/i,
  utility_bill: /bill date|statement date|date of bill|issue date|invoice date/i,
};
/** A bare "Date", never the date of something other than the document (a passport's "Date of expiration"). */
const GENERIC =
  /date(?!\s*of\s*(?:birth|delivery|supply|expir|service|validity|maturity|renewal|departure|arrival|return|completion|termination|end))|dated|datum|fecha/i;
/**
 * When the document was issued or printed, by words no other date is labelled with ("Issued:",
 * "Printed on", "Erstellt am"); after the document type's own and the generic labels.
 */
const ISSUED =
  /issued(?: on| at)?|printed(?: on)?|generated(?: on)?|produced(?: on)?|erstellt am|ausgestellt am|gedruckt am|erstellungsdatum|ausstellungsdatum|druckdatum|(?:émis|édité|établi) le|date d'émission|fecha de emisión|emitido el|data di emissione|emess[ao] il/i;
/**
 * The document's title as the first cell of a line, a number after it at most ("Account
 * Statement", "Statement No. 5", "Kontoauszug 3/2025", "Invoice INV-204"): a date alone in another
 * cell of that line is the document's date.
 */
const TITLE =
  /^(?:(?:account|bank|monthly|card)\s+)?statement|^kontoauszug|^relevé(?: de compte)?|^extracto|^estratto conto|^(?:tax\s+)?invoice|^rechnung|^facture|^factura|^fattura|^pay\s*slip|^payslip|^pay (?:statement|advice)|^earnings statement|^gehaltsabrechnung|^lohnabrechnung|^bulletin de (?:paie|salaire)|^receipt|^quittung|^(?:utility |electricity |gas |water )?bill\b(?!\s+to)/i;
const TITLE_REST = /^[\s:#.\-–]*(?:(?:no\.?|nr\.?|number|n°)\s*)?[\w/\-.]{0,16}\s*$/i;
/** Labels of dates that are not the document's own. */
const OTHER_DATE = /expir|birth|naissance|geburt|valid|gültig|ablauf|due|fällig|échéance|delivery|lieferung|departure|arrival/i;
/** "... vom", "dated", and a letter's dateline ("München, den", "Paris, le"). */
const INLINE = /(?:\b(?:issued (?:at|on)|dated|vom|du|del)|,\s*(?:den|le))\s+$/i;
/** A line where INLINE can match before some date: its words followed by a space anywhere. */
const INLINE_ANYWHERE = /(?:\b(?:issued (?:at|on)|dated|vom|du|del)|,\s*(?:den|le))\s/i;

/** A word naming the document itself, anywhere in a line ("Handelsrechnung (380) Nr. 47 vom ..."). */
const TITLE_WORD = /rechnung|invoice|facture|factura|fattura|factuur|statement|kontoauszug|relevé|abrechnung|quittung|receipt/i;

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
  const labels = [...new Set([docType ? SPECIFIC[docType] : undefined, ...Object.values(SPECIFIC), GENERIC, ISSUED])].filter((x): x is RegExp => Boolean(x));
  for (const label of labels) {
    // A bare "Date" is often a table header with the first row's date under it.
    const hit = labelledValue(lines, label, full, { below: label !== GENERIC && label !== ISSUED });
    if (hit) return { date: hit.value, line: hit.line };
  }
  // "Rechnung Nr. 4711 vom 15.11.2024" speaks for the document; a "Version 2.5 vom ..." line
  // above it (a viewer's or template's stamp) does not, so lines naming the document come first.
  const inline = lines.filter((l) => INLINE_ANYWHERE.test(l.text)); // reading every date of every row is the cost on long statements
  for (const line of [...inline.filter((l) => TITLE_WORD.test(l.text)), ...inline]) {
    for (const d of findDates(line.text, order)) {
      if (d.year !== null && d.valid && INLINE.test(line.text.slice(0, d.index))) return { date: d, line };
    }
  }
  for (const line of lines) {
    if (line.page !== lines[0]?.page || line.index >= 15) continue;
    const first = line.cells[0]?.text.trim() ?? '';
    const title = TITLE.exec(first);
    if (!title || !TITLE_REST.test(first.slice(title[0].length))) continue;
    for (const cell of line.cells.slice(1)) {
      const d = full(cell.text);
      if (d && d.raw.length >= cell.text.trim().length - 1) return { date: d, line };
    }
  }
  const period = docType === 'payslip' ? findPeriod(lines, order, PAY_PERIOD) : findPeriod(lines, order, STATEMENT_PERIOD);
  if (period && (docType === 'bank_statement' || docType === 'payslip' || docType === 'utility_bill')) return { date: period.end, line: period.line };
  const top = lines.filter((l) => l.page === lines[0]?.page && l.index < 15);
  // A line holding nothing but a full date (letters, receipts), never a table row.
  const lone = top.filter((l) => {
    const c = l.cells[0];
    const d = c ? findDates(c.text, order)[0] : undefined;
    if (l.cells.length !== 1 || d === undefined || d.year === null || !d.valid || d.raw.length < c.text.trim().length - 1) return false;
    // A date under a label of another date (a passport's "Date of expiration" above "14 OCT 2030").
    const above = top.find((o) => o.index === l.index - 1);
    return !(above && OTHER_DATE.test(above.text));
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
