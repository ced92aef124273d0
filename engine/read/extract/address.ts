/**
 * Postal address blocks: a column of lines ending in a line with a postcode (engine/extract/
 * postcodes.ts), optionally followed by a country. The first lines of a block are the
 * addressee (a person and/or an organisation, maybe an attention or c/o line).
 */
import { verticalGap, type Cell, type Line } from './layout.js';
import { isPartyLabel } from './party-labels.js';
import { COUNTRY_LINE, hasPostcode } from './postcodes.js';

export { COUNTRY_LINE, hasPostcode } from './postcodes.js';

export interface AddressBlock {
  page: number;
  /** The block's lines top to bottom, each one cell of text. */
  parts: Array<{ line: Line; cell: Cell }>;
  /** Index in `parts` of the postcode line. */
  postcodeAt: number;
}

const STOP =
  /:\s*$|^[\p{L} .]{2,30}:\s|^(?:tel|phone|fax|e-?mail|www|web|vat|page|date|invoice|statement|account|iban|bic|ust|gln|customer|kunden?-?nummer)\b/iu;

/** "For the attention of" and "care of" lines belong to the block despite their colon. */
export const ATTENTION =
  /^(?:attn\.?|attention|for the attention of|f\.?a\.?o\.?|z\.\s?(?:hd\.?|h\.)|zu händen(?: von)?|à l'attention de|a l'attention de|att\.?|t\.a\.v\.?|alla c\.a\.)\s*:?\s/i;
export const CARE_OF = /^(?:c\/o|care of|bei|chez|p\/a|presso)\s/i;

/**
 * A company's register and legal lines in a letterhead or footer ("Sitz der Gesellschaft: München,
 * HRB 181098", "Registered office: ...", "RCS Paris B 123"): a town and a number, never the postal
 * line of an addressee.
 */
const REGISTER =
  /\b(?:HR[AB]|Amtsgericht|Registergericht|Handelsregister|Sitz der Gesellschaft|Gesellschaftssitz|Geschäftsführer|Registered (?:office|in|number)|Company (?:no|number|registration)|R\.?C\.?S\.?|SIRE[NT]|Registro (?:delle )?imprese|REA|KvK|Siège social)\b/i;

/** Sender lines above a window address ("Acme Ltd • 1 Road • Town"). */
const SENDER = /\s[•·|]\s/;

/** Same text column: left edges aligned, or right edges aligned (a block set flush right). */
function sameColumn(a: Cell, b: Cell): boolean {
  return Math.abs(a.x0 - b.x0) < 0.03 || (Math.abs(a.x1 - b.x1) < 0.012 && a.x0 > 0.3 && b.x0 > 0.3);
}

function stopsBlock(up: Line, c: Cell): boolean {
  if (ATTENTION.test(c.text) || CARE_OF.test(c.text)) return false;
  const labelValue = up.cells.some((x) => /^:/.test(x.text)) || /\s:\s/.test(c.text);
  return STOP.test(c.text) || isPartyLabel(c.text) || labelValue || SENDER.test(c.text) || c.text.length > 60;
}

/** Finds address blocks by walking up from every postcode line in the same text column. */
export function findAddressBlocks(lines: Line[]): AddressBlock[] {
  const blocks: AddressBlock[] = [];
  const used = new Set<Cell>();
  lines.forEach((line, li) => {
    for (const cell of line.cells) {
      if (used.has(cell) || !hasPostcode(cell.text) || REGISTER.test(cell.text)) continue;
      const parts: AddressBlock['parts'] = [{ line, cell }];
      for (let j = li - 1; j >= 0 && parts.length < 8; j--) {
        const up = lines[j];
        if (up.page !== line.page || verticalGap(up, parts[0].line) > 1.9) break;
        const c = up.cells.find((x) => sameColumn(x, parts[0].cell));
        if (!c) continue;
        if (used.has(c) || stopsBlock(up, c)) break;
        parts.unshift({ line: up, cell: c });
      }
      const postcodeAt = parts.length - 1;
      const down = lines[li + 1];
      const country = down && down.page === line.page ? down.cells.find((x) => sameColumn(x, cell) && COUNTRY_LINE.test(x.text.trim())) : undefined;
      if (country) parts.push({ line: down, cell: country });
      for (const p of parts) used.add(p.cell);
      if (parts.length >= 2 || /,/.test(cell.text)) blocks.push({ page: line.page, parts, postcodeAt });
    }
  });
  return blocks;
}

/**
 * OCR reads the German "ß" of a street name as "B", "fi" or "f" ("SchillerstraBe 15"), or drops
 * it ("Bahnhofstrae 1"); a compound ending so before the house number can only be "straße".
 */
function repairStreet(text: string): string {
  return text.replace(/(\p{L}{2,})stra(?:B|fi|fl|f|8|)e(?=\s+\d)/gu, '$1straße');
}

/** Address lines joined as the label records them ("14 Elm Road, Bristol BS1 4DJ"); null without a postcode. */
export function joinAddress(cells: Cell[]): string | null {
  const parts = cells
    .map((c) => repairStreet(c.text.trim().replace(/,$/, '')))
    .filter((t) => t && !/^(?:GLN|Tel|Phone|Fax|E-?mail)\b/i.test(t) && !ATTENTION.test(t));
  const single = parts.length === 1 && /,/.test(parts[0]);
  return (parts.length >= 2 || single) && parts.some(hasPostcode) ? parts.join(', ') : null;
}
