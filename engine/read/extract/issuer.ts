/**
 * Who issued the document: a labelled seller, else an organisation name with a legal-entity
 * suffix outside the customer's block (not a bank named as where to pay), else the largest
 * heading at the top of page one, else the head of the sender's own address block.
 */
import type { Party } from './customer.js';
import { findLabelled } from './labels.js';
import type { Line } from './layout.js';
import { entityName, personName } from './names.js';
import { SELLER_LABEL } from './party-labels.js';

const BANK_LABEL = /\b(?:bank(?: name| details)?|bankverbindung|kreditinstitut|paid into|pay to)\s*:?\s*$/i;

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
  // Without a legal suffix, trust only a clear heading (the largest text near the top) or the
  // head of the sender's own address block.
  const sender = customer.sender;
  if (sender?.strong) return sender.name;
  return largestHeading(firstPage, customer) ?? sender?.name ?? null;
}

function largestHeading(firstPage: Line[], customer: Party): string | null {
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
