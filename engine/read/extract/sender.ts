/**
 * The sender's own address block, which sits at the top of a page exactly like an addressee's:
 * a letterhead set larger than the body, a block under a seller label, a block the footer or a
 * page header prints again with its address ("Acme Co - 1 Road, Town"), or the first of two
 * blocks stacked at the top of the page.
 */
import type { AddressBlock } from './address.js';
import type { Line } from './layout.js';
import { SELLER_LABEL } from './party-labels.js';

const SELLER_HEAD = new RegExp(`^(?:${SELLER_LABEL.source})\\b`, 'i');

export function isSellerBlock(lines: Line[], block: AddressBlock): boolean {
  const first = block.parts[0].line;
  return lines.some((l) => l.page === first.page && l.index < first.index && l.index >= first.index - 3 && l.cells.some((c) => SELLER_HEAD.test(c.text)));
}

function bodySize(lines: Line[], page: number): number | undefined {
  const sizes = lines
    .filter((l) => l.page === page && l.size !== undefined)
    .map((l) => l.size as number)
    .sort((a, b) => a - b);
  return sizes.length ? sizes[Math.floor(sizes.length / 2)] : undefined;
}

/**
 * A letterhead: a block whose first line is set well above the page's body size and above the
 * block's own address lines. An addressee is printed in one size at or near body size, so such
 * a block is never the unlabelled customer. (OCR sizes come from line heights and wander from
 * line to line; the comparison with the block's own lines keeps a scanned addressee one.)
 */
export function isLetterhead(lines: Line[], block: AddressBlock): boolean {
  const head = block.parts[0].line;
  const body = bodySize(lines, head.page);
  if (head.size === undefined || body === undefined || head.size < body * 1.25) return false;
  const rest = block.parts
    .slice(1)
    .map((p) => p.line.size)
    .filter((s): s is number => s !== undefined)
    .sort((a, b) => a - b);
  return !rest.length || head.size >= rest[Math.floor(rest.length / 2)] * 1.2;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Two lines of the block printed again together on one other line (a footer "Acme Co - 88
 * Industrial Pkwy, Columbus, OH 43215", a registered-office line, a shop's address under the
 * receipt): a company repeats its own name and address; nobody prints the customer's that way.
 */
export function isRepeatedWithAddress(lines: Line[], block: AddressBlock): boolean {
  const cells = new Set(block.parts.map((p) => p.cell));
  const parts = block.parts.map((p) => norm(p.cell.text)).filter((t) => t.length >= 4);
  if (parts.length < 2) return false;
  return lines.some((l) => {
    if (l.cells.some((c) => cells.has(c))) return false;
    const t = norm(l.text);
    return parts.filter((p) => t.includes(p)).length >= 2;
  });
}

/** The block starts on one of the first lines of its page (the letterhead position). */
export function isAtPageTop(lines: Line[], block: AddressBlock): boolean {
  const first = block.parts[0].line;
  const above = lines.filter((l) => l.page === first.page && l.index < first.index);
  // Only a running page header ("Acme - Invoice", "Page 1 of 2") may stand above it.
  return above.length <= 1;
}

export function isSenderBlock(lines: Line[], block: AddressBlock): boolean {
  return isSellerBlock(lines, block) || isLetterhead(lines, block) || isRepeatedWithAddress(lines, block);
}
