/**
 * Who the document is about (bill-to, account holder, employee): from a labelled block
 * ("Bill to", "Prepared for", "Kontoinhaber", ...), from name and address fields ("Name:",
 * "Address:"), else from an unlabelled address block headed by a person's name that is not
 * the sender's own block (engine/extract/sender.ts).
 */
import { ATTENTION, findAddressBlocks, hasPostcode, joinAddress, type AddressBlock } from './address.js';
import { findLabelled, type LabelHit } from './labels.js';
import type { DocType } from '../../types.js';
import type { Cell, Line } from './layout.js';
import { entityName, hasTitle, isCaption, orgName, personName, SALUTATION_LINE } from './names.js';
import { ADDRESS_LABEL, CUSTOMER_LABEL, isPartyLabel, NAME_LABEL } from './party-labels.js';
import { isAtPageTop, isSenderBlock } from './sender.js';

export interface Party {
  name: string | null;
  address: string | null;
  /** Cells that belong to the customer block, so the issuer search can skip them. */
  cells: Set<Cell>;
  /** First line of the sender's own block when one was recognised; `strong` when more than its place says so. */
  sender: { name: string; strong: boolean } | null;
}

interface Reading {
  name: string | null;
  address: string | null;
  cells: Cell[];
}

const texts = (block: AddressBlock) => block.parts.map((p) => p.cell.text.trim());

/** "Jane Doe, 14 Elm Road, Bristol BS1 4DJ": the name and the address on one line. */
function readOneLine(cell: Cell): Reading | null {
  const [first, ...rest] = cell.text.split(/\s*,\s*/);
  const name = personName(first);
  const address = name && rest.length >= 2 && hasPostcode(rest.join(', ')) ? rest.join(', ') : null;
  return name && address ? { name, address, cells: [cell] } : null;
}

/**
 * Splits an address block into the addressee's name and the postal lines under it. Under a
 * customer label (`labelled`) the addressee may be an organisation, and a one-line block is
 * read as name and address; without one, a one-line "Name, street, town" is more often the
 * sender's footer than anyone's address.
 */
function readBlock(block: AddressBlock, labelled: boolean, from = 0): Reading | null {
  if (block.postcodeAt === 0 && block.parts.length === 1) return labelled ? readOneLine(block.parts[0].cell) : null;
  const t = texts(block);
  let start = from;
  // A caption ("PREPARED FOR") or a salutation on its own line ("Herrn") heads the name.
  while (start < block.postcodeAt && (isPartyLabel(t[start]) || SALUTATION_LINE.test(t[start]) || (isCaption(t[start]) && !personName(t[start])))) start++;
  const heads = [start, start + 1].filter((i) => i < block.postcodeAt);
  let nameAt = heads.find((i) => hasTitle(t[i]) && personName(t[i]) !== null) ?? heads.find((i) => personName(t[i]) !== null);
  let name = nameAt !== undefined ? personName(t[nameAt]) : null;
  // An attention line under an organisation ("Muster GmbH", "z. Hd. Herr Muster") makes the block an
  // addressee's even without a label: no sender writes one on its own letterhead.
  const attention = start + 1 < block.postcodeAt && ATTENTION.test(t[start + 1]);
  if (!name && (labelled || attention) && start < block.postcodeAt && orgName(t[start])) {
    nameAt = start;
    name = orgName(t[start]);
  }
  if (!name || nameAt === undefined) return null;
  // Joint holders ("Mrs A Smith" under "Mr J Smith") and attention lines are not postal lines.
  let a = nameAt + 1;
  while (a < block.postcodeAt && ((hasTitle(t[a]) && personName(t[a])) || ATTENTION.test(t[a]))) a++;
  return { name, address: joinAddress(block.parts.slice(a).map((p) => p.cell)), cells: block.parts.slice(start).map((p) => p.cell) };
}

function blockUnder(blocks: AddressBlock[], line: Line, cell: Cell): AddressBlock | undefined {
  const alone = line.cells.length === 1;
  return blocks.find((b) => {
    const first = b.parts[0];
    return b.page === line.page && first.line.index > line.index && first.line.index <= line.index + 4 && (alone || Math.abs(first.cell.x0 - cell.x0) < 0.12);
  });
}

const blockOf = (blocks: AddressBlock[], cell: Cell) => blocks.find((b) => b.parts.some((p) => p.cell === cell));

/** "Customer number: 123" and "Customer service" are other fields, not the customer's block. */
const OTHER_FIELD = /^(?:number|no\b|nr\b|id\b|ref|reference|code|since|type|care|service|support|signature|account|portal|login)/i;

function fromCustomerLabel(hit: LabelHit, lines: Line[], blocks: AddressBlock[]): Reading | null {
  const rest = hit.values.find((v) => v.cell === hit.cell)?.text ?? '';
  if (OTHER_FIELD.test(rest)) return null;
  // "Bill to: Jane Doe" or "Employee name  Jane Doe", the postal lines maybe under the name.
  for (const v of hit.values.filter((x) => x.line === hit.line)) {
    const name = personName(v.text, /name/i.test(hit.cell.text)) ?? entityName(v.text);
    if (!name) continue;
    const block = blockOf(blocks, v.cell) ?? blockUnder(blocks, hit.line, v.cell);
    const at = block ? block.parts.findIndex((p) => p.cell === v.cell) : -1;
    const postal = block ? block.parts.slice(at + 1).map((p) => p.cell) : [];
    return { name, address: joinAddress(postal), cells: [v.cell, ...postal] };
  }
  const block = blockUnder(blocks, hit.line, hit.cell) ?? hit.values.map((v) => blockOf(blocks, v.cell)).find(Boolean);
  return (block ? readBlock(block, true) : null) ?? (hit.line.cells.length === 1 ? fromCard(lines, blocks, hit.line) : null);
}

/**
 * A party card under its heading ("Käufer", "Bill to" alone on its line, then "Name: Kunden AG"
 * and "Anschrift: ..."), as e-invoice viewers and form-like layouts print both parties: the
 * name field under a customer heading is the customer's even when it is an organisation, and
 * the seller's card above it is never read.
 */
function fromCard(lines: Line[], blocks: AddressBlock[], heading: Line): Reading | null {
  for (const hit of findLabelled(lines, NAME_LABEL)) {
    if (hit.line.page !== heading.page || hit.line.index <= heading.index || hit.line.index > heading.index + 4) continue;
    const v = hit.values.find((x) => x.line === hit.line && x.cell !== hit.cell && !isPartyLabel(x.text));
    const name = v ? (personName(v.text) ?? orgName(v.text)) : null;
    if (!v || !name) continue;
    // The card's own address field follows its name; the other party's card may sit just above.
    const field = addressField(lines, blocks, v.line, true);
    return { name, address: field?.address ?? null, cells: [v.cell, ...(field?.cells ?? [])] };
  }
  return null;
}

/** An "Address:" field near `near` (a one-line address, or its lines under each other). */
function addressField(lines: Line[], blocks: AddressBlock[], near: Line, below = false): { address: string; cells: Cell[] } | null {
  for (const a of findLabelled(lines, ADDRESS_LABEL)) {
    if (a.line.page !== near.page || Math.abs(a.line.index - near.index) > 6 || (below && a.line.index < near.index)) continue;
    for (const av of a.values) {
      if (av.cell === a.cell && av.text === a.cell.text) continue;
      const block = blockOf(blocks, av.cell);
      const at = block ? block.parts.findIndex((p) => p.cell === av.cell) : -1;
      const cells = block && at >= 0 ? block.parts.slice(at).map((p) => p.cell) : [av.cell];
      const address = block && at >= 0 ? joinAddress(cells) : hasPostcode(av.text) && /,/.test(av.text) ? av.text.trim() : null;
      if (address) return { address, cells };
    }
  }
  return null;
}

/** "Name: Jane Doe" with "Address: 14 Elm Road, Bristol BS1 4DJ" near it. */
function fromFields(lines: Line[], blocks: AddressBlock[]): Reading | null {
  for (const hit of findLabelled(lines, NAME_LABEL)) {
    const v = hit.values.find((x) => personName(x.text) !== null && !isPartyLabel(x.text));
    if (!v) continue;
    const field = addressField(lines, blocks, v.line);
    return { name: personName(v.text), address: field?.address ?? null, cells: [v.cell, ...(field?.cells ?? [])] };
  }
  return null;
}

/** No label: a block on the first page headed by a person's name that is not the sender's. */
function fromUnlabelled(lines: Line[], blocks: AddressBlock[]): Reading | null {
  const page = lines[0]?.page;
  const found: Array<{ block: AddressBlock; r: Reading }> = [];
  for (const block of blocks) {
    if (block.page !== page || isSenderBlock(lines, block)) continue;
    const r = readBlock(block, false);
    if (r) found.push({ block, r });
  }
  if (!found.length) return null;
  // Two blocks stacked at the top of the page: the first is the sender's letterhead.
  const [a, b] = found;
  if (b && isAtPageTop(lines, a.block) && b.block.parts[0].line.index > a.block.parts[a.block.parts.length - 1].line.index) return b.r;
  return a.r;
}

/**
 * The head of the sender's own block on the first page: from a block with a strong sign
 * (letterhead, seller label, repeated with its address), else from the block at the top of the page.
 */
function senderHead(lines: Line[], blocks: AddressBlock[], customer: Set<Cell>): Party['sender'] {
  const page = lines[0]?.page;
  const mine = blocks.filter((b) => b.page === page && !b.parts.some((p) => customer.has(p.cell)));
  const orgOf = (b: AddressBlock) => {
    const head = b.parts[0].cell.text.trim();
    return entityName(head) ?? orgName(head);
  };
  for (const block of mine) {
    const org = isSenderBlock(lines, block) ? orgOf(block) : null;
    if (org) return { name: org, strong: true };
  }
  for (const block of mine) {
    const org = isAtPageTop(lines, block) ? orgOf(block) : null;
    if (org) return { name: org, strong: false };
  }
  return null;
}

/** "Account holder", "Kontoinhaber", "Titulaire du compte": on an invoice, the payee's bank details. */
const ACCOUNT_HOLDER = /^(?:account (?:holder|owner|name)|kontoinhaber|titulaire|titular|intestatario|rekeninghouder)/i;

export function findCustomer(lines: Line[], docType: DocType | null = null): Party {
  const blocks = findAddressBlocks(lines);
  let found: Reading | null = null;
  let hits = findLabelled(lines, CUSTOMER_LABEL);
  // An invoice names the account the customer is to pay into, held by the seller: its holder is
  // the customer only when nothing else on the page is.
  const payee = docType === 'invoice' ? hits.filter((h) => ACCOUNT_HOLDER.test(h.cell.text.trim())) : [];
  hits = hits.filter((h) => !payee.includes(h));
  for (const hit of hits) {
    const r = fromCustomerLabel(hit, lines, blocks);
    if (r && (r.name || r.address)) {
      const nameLine = lines.find((l) => l.cells.includes(r.cells[0]));
      const field = !r.address && nameLine ? addressField(lines, blocks, nameLine) : null;
      found = field ? { ...r, address: field.address, cells: [...r.cells, ...field.cells] } : r;
      break;
    }
  }
  found ??= fromFields(lines, blocks) ?? fromUnlabelled(lines, blocks);
  for (const hit of payee) {
    if (found) break;
    found = fromCustomerLabel(hit, lines, blocks);
  }
  const cells = new Set(found?.cells ?? []);
  return { name: found?.name ?? null, address: found?.address ?? null, cells, sender: senderHead(lines, blocks, cells) };
}
