/**
 * Postal address blocks: a column of lines ending in a line with a postcode (UK, US, Canada,
 * and the European "12345 City" form), optionally followed by a country. The first lines of a
 * block are the addressee (a person and/or an organisation).
 */
import { verticalGap, type Cell, type Line } from './layout.js';
import { isPartyLabel } from './party-labels.js';

const POSTCODE_LINE: RegExp[] = [
  /\b(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b/, // UK
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC),?\s+\d{5}(?:-\d{4})?$/, // US
  /\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b/, // Canada
  /\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/, // Ireland (Eircode)
  /^(?:[A-Z]{1,2}[- ])?\d{4,5}(?: [A-Z]{2})?\s+\p{Lu}[\p{L}\p{M}.'-]+(?:[ -]\p{L}[\p{L}\p{M}.'-]*){0,3}$/u, // 12345 Berlin, DE 12345 Stadt, 3500 MJ Utrecht
  /^\p{Lu}[\p{L}\p{M}.' -]+,?\s+\d{4,6}$/u, // City 560067
];

export const COUNTRY_LINE = /^(?:United Kingdom|UK|Great Britain|England|Scotland|Wales|Northern Ireland|United States(?: of America)?|USA|U\.S\.A\.|Canada|Ireland|Deutschland|Germany|Deutschland \/ Germany|France|Nederland|Netherlands|Belgi(?:um|ë|que)|Österreich|Austria|Schweiz|Switzerland|Suisse|España|Spain|Italia|Italy|India|Australia)$/i;

/**
 * "1600 Main Street" looks like "8001 Zürich"; a street word says it is a street line. The word
 * must stand alone: the "PL" of a postcode such as "YO19 1PL" is not "Place".
 */
const STREET_WORD = /(?<=\s)(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|terrace|close|crescent|parkway|highway|hwy|square|sq)\.?$|(?:straße|strasse|str\.|weg|gasse|allee|platz)$|^\d+\s+(?:rue|avenue|boulevard|place|chemin|impasse)\b/iu;

export function hasPostcode(text: string): boolean {
  const t = text.trim();
  return t.length <= 60 && POSTCODE_LINE.some((re) => re.test(t)) && !STREET_WORD.test(t) && !/@|https?:|www\./i.test(t);
}

export interface AddressBlock {
  page: number;
  /** The block's lines top to bottom, each one cell of text. */
  parts: Array<{ line: Line; cell: Cell }>;
  /** Index in `parts` of the postcode line. */
  postcodeAt: number;
}

const STOP = /:\s*$|^[\p{L} .]{2,30}:\s|^(?:tel|phone|fax|e-?mail|www|web|vat|page|date|invoice|statement|account|iban|bic|ust|gln|customer|kunden?-?nummer)\b/iu;

/** Sender lines above a window address ("Acme Ltd • 1 Road • Town"). */
const SENDER = /\s[•·|]\s/;

function sameColumn(a: Cell, b: Cell): boolean {
  return Math.abs(a.x0 - b.x0) < 0.03;
}

/** Finds address blocks by walking up from every postcode line in the same text column. */
export function findAddressBlocks(lines: Line[]): AddressBlock[] {
  const blocks: AddressBlock[] = [];
  const used = new Set<Cell>();
  lines.forEach((line, li) => {
    for (const cell of line.cells) {
      if (used.has(cell) || !hasPostcode(cell.text)) continue;
      const parts: AddressBlock['parts'] = [{ line, cell }];
      for (let j = li - 1; j >= 0 && parts.length < 7; j--) {
        const up = lines[j];
        if (up.page !== line.page || verticalGap(up, parts[0].line) > 1.9) break;
        const c = up.cells.find((x) => sameColumn(x, cell));
        if (!c) continue;
        const labelValue = up.cells.some((x) => /^:/.test(x.text)) || /\s:\s/.test(c.text);
        if (STOP.test(c.text) || isPartyLabel(c.text) || labelValue || SENDER.test(c.text) || c.text.length > 60 || used.has(c)) break;
        parts.unshift({ line: up, cell: c });
      }
      const postcodeAt = parts.length - 1;
      const down = lines[li + 1];
      const country = down && down.page === line.page ? down.cells.find((x) => sameColumn(x, cell) && COUNTRY_LINE.test(x.text.trim())) : undefined;
      if (country) parts.push({ line: down, cell: country });
      for (const p of parts) used.add(p.cell);
      if (parts.length >= 2) blocks.push({ page: line.page, parts, postcodeAt });
    }
  });
  return blocks;
}
