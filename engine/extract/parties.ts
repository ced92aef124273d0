/**
 * Who issued the document and who it is about. The customer (bill-to, account holder,
 * employee) comes from a labelled block or from an address block headed by a person's name;
 * the issuer from a labelled seller, or an organisation name with a legal-entity suffix that
 * is not part of the customer's block, or the largest heading at the top of page one.
 */
import { findAddressBlocks, hasPostcode, type AddressBlock } from './address.js';
import { findLabelled } from './labels.js';
import { CUSTOMER_LABEL, SELLER_LABEL } from './party-labels.js';
import type { Cell, Line } from './layout.js';

const SUFFIX = String.raw`(?:Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|Incorporated|Corp\.?|Corporation|plc|PLC|LLP|GmbH(?: & Co\.? KG)?|AG|KGaA|KG|OHG|e\.K\.|UG|S\.A\.S?\.?|SAS|SARL|S\.à r\.l\.|B\.V\.?|BV|N\.V\.|NV|S\.p\.A\.|S\.r\.l\.|Pty\.? Ltd\.?|Pvt\.? Ltd\.?|Private Limited|Oy|AB|SA|A/S|ASA|Bank|Building Society|Credit Union|Bancorp|Banque|Sparkasse|Volksbank|Co\.)`;
const ENTITY = new RegExp(String.raw`(?:^|[^\p{L}&'’.-])((?:\p{Lu}[\p{L}\d&'’.-]*|&|and|of|the|de|du|und)(?:\s+(?:\p{Lu}[\p{L}\d&'’.-]*|&|and|of|the|de|du|und)){0,5}\s+${SUFFIX})(?=$|[\s,;:•|)])`, 'u');

const TITLE = /^(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Herr|Frau|M|Mme|Mlle|Monsieur|Madame)\.?\s+/i;
const NOT_A_NAME = /\b(?:invoice|statement|account|bank|page|total|date|balance|receipt|payslip|tax|number|customer|address|summary|period|amount|details|reference|order|limited|ltd|gmbh|plc|inc|llc|street|road|avenue|lane|str\.|strasse|straße|united|kingdom|states)\b|\d|@/i;

/** A person's name as printed on an address block or after a name label. */
export function personName(text: string, allowSingleWord = false): string | null {
  const t = text.trim().replace(/[,;]$/, '');
  const stripped = t.replace(TITLE, '');
  if (NOT_A_NAME.test(stripped) || stripped.length > 50 || ENTITY.test(stripped)) return null;
  const words = stripped.split(/\s+/);
  if (words.length < (allowSingleWord ? 1 : 2) || words.length > 5) return null;
  if (!words.every((w) => /^(?:\p{Lu}[\p{L}'’.-]*|van|von|de|der|den|da|di|du|la|le|bin|al)$/u.test(w))) return null;
  return stripped;
}

export function entityName(text: string): string | null {
  const m = ENTITY.exec(text);
  if (!m) return null;
  const name = m[1].replace(/^(?:the|and|of)\s+/i, '').trim();
  // "Bank Account", "Bank" alone and similar labels are not an organisation.
  return /\s/.test(name) && !/^(?:Bank|Your|Our|Account|Sort|Pay|Paid)\b/i.test(name) ? name : null;
}

const BANK_LABEL = /\b(?:bank(?: name| details)?|bankverbindung|kreditinstitut|paid into|pay to)\s*:?\s*$/i;

export interface Party {
  name: string | null;
  address: string | null;
  /** Cells that belong to the customer block, so the issuer search can skip them. */
  cells: Set<Cell>;
}

function joinAddress(cells: Cell[]): string | null {
  const parts = cells.map((c) => c.text.trim().replace(/,$/, '')).filter((t) => t && !/^(?:GLN|Tel|Phone|Fax|E-?mail)\b/i.test(t));
  return parts.length >= 2 && parts.some(hasPostcode) ? parts.join(', ') : null;
}

/** An addressee line that is an organisation rather than a person. */
function orgName(text: string): string | null {
  const t = text.trim().replace(/,$/, '');
  if (entityName(t)) return t;
  const words = t.split(/\s+/).length;
  return /^[\p{Lu}][\p{L}&'’. -]{1,40}$/u.test(t) && !/[.:]$/.test(t) && words >= 2 && words <= 5 && !NOT_A_NAME.test(t) ? t : null;
}

/** Splits an address block into the addressee's name and the postal lines under it. */
function readBlock(block: AddressBlock, allowOrg: boolean): { name: string | null; address: string | null } {
  const texts = block.parts.map((p) => p.cell.text.trim());
  const heads = texts.slice(0, Math.min(2, block.postcodeAt));
  let nameAt = heads.findIndex((t) => TITLE.test(t) && personName(t) !== null);
  if (nameAt < 0) nameAt = heads.findIndex((t) => personName(t) !== null);
  let name = nameAt >= 0 ? personName(texts[nameAt]) : null;
  if (!name && allowOrg && block.postcodeAt > 0 && orgName(texts[0])) {
    name = orgName(texts[0]);
    nameAt = 0;
  }
  if (!name) return { name: null, address: null };
  return { name, address: joinAddress(block.parts.slice(nameAt + 1).map((p) => p.cell)) };
}

function blockUnder(blocks: AddressBlock[], line: Line, cell: Cell): AddressBlock | undefined {
  const alone = line.cells.length === 1;
  return blocks.find((b) => {
    const first = b.parts[0];
    return b.page === line.page && first.line.index > line.index && first.line.index <= line.index + 4 && (alone || Math.abs(first.cell.x0 - cell.x0) < 0.12);
  });
}

function isSellerBlock(lines: Line[], block: AddressBlock): boolean {
  const first = block.parts[0].line;
  return lines.some((l) => l.page === first.page && l.index < first.index && l.index >= first.index - 3 && l.cells.some((c) => new RegExp(`^(?:${SELLER_LABEL.source})\\b`, 'i').test(c.text)));
}

/**
 * The sender's letterhead: a block whose first line is set well above the page's body size.
 * An addressee is printed at or near body size, so such a block is never the unlabelled customer.
 */
function isLetterhead(lines: Line[], block: AddressBlock): boolean {
  const head = block.parts[0].line;
  if (head.size === undefined) return false;
  const sizes = lines.filter((l) => l.page === head.page && l.size !== undefined).map((l) => l.size as number).sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)];
  return head.size >= body * 1.25;
}

export function findCustomer(lines: Line[]): Party {
  const blocks = findAddressBlocks(lines);
  for (const hit of findLabelled(lines, CUSTOMER_LABEL)) {
    const block = blockUnder(blocks, hit.line, hit.cell) ?? blocks.find((b) => b.parts.some((p) => p.line === hit.values[0]?.line && p.cell === hit.values[0]?.cell));
    const same = hit.values.find((v) => v.line === hit.line);
    const name = same ? personName(same.text, /name/i.test(hit.cell.text)) : null;
    if (name) {
      // "Employee: Jane Doe" with the postal lines right under it.
      const cells = block ? block.parts.map((p) => p.cell) : [];
      return { name, address: block ? joinAddress(cells) : null, cells: new Set([same!.cell, ...cells]) };
    }
    if (block) {
      const r = readBlock(block, true);
      if (r.name || r.address) return { ...r, cells: new Set(block.parts.map((p) => p.cell)) };
    }
  }
  // No label: the first block on the first page that is headed by a person's name.
  for (const block of blocks) {
    if (block.page !== lines[0]?.page || isSellerBlock(lines, block) || isLetterhead(lines, block)) continue;
    const r = readBlock(block, false);
    if (r.name) return { ...r, cells: new Set(block.parts.map((p) => p.cell)) };
  }
  return { name: null, address: null, cells: new Set() };
}

export function findIssuer(lines: Line[], customer: Party): string | null {
  for (const hit of findLabelled(lines, SELLER_LABEL)) {
    for (const v of hit.values) {
      const name = entityName(v.text);
      if (name && !customer.cells.has(v.cell)) return name;
    }
  }
  const firstPage = lines.filter((l) => l.page === lines[0]?.page);
  const candidates: Array<{ name: string; rank: number }> = [];
  lines.forEach((line, i) => {
    const prev = i > 0 ? lines[i - 1] : undefined;
    line.cells.forEach((cell, ci) => {
      if (customer.cells.has(cell)) return;
      const name = entityName(cell.text);
      if (!name) return;
      const labelLeft = ci > 0 && BANK_LABEL.test(line.cells[ci - 1].text);
      const labelAbove = prev?.page === line.page && prev.cells.some((c) => BANK_LABEL.test(c.text) && Math.abs(c.x0 - cell.x0) < 0.05);
      if (labelLeft || labelAbove) return;
      const top = line.page === lines[0]?.page && line.index < 15;
      candidates.push({ name, rank: (top ? 0 : 1000) + i });
    });
  });
  candidates.sort((a, b) => a.rank - b.rank);
  if (candidates.length) return candidates[0].name;
  // Without a legal suffix, trust only a clear heading: the largest text near the top.
  const sized = firstPage.filter((l) => l.size !== undefined && l.bbox && l.bbox[1] < 0.2);
  if (!sized.length) return null;
  const sizes = firstPage.map((l) => l.size ?? 0).sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)];
  const heading = [...sized].sort((a, b) => (b.size ?? 0) - (a.size ?? 0))[0];
  const text = heading.cells[0]?.text.trim() ?? '';
  if ((heading.size ?? 0) < body * 1.3 || !/^\p{Lu}[\p{L}&'’. -]{1,40}$/u.test(text)) return null;
  if (/\b(?:invoice|statement|receipt|payslip|pay slip|bill|letter|rechnung|facture|tax|account|summary)\b/i.test(text)) return null;
  if (personName(text) && customer.name && text.includes(customer.name)) return null;
  return text;
}
