/**
 * The account a document names: an IBAN (normalised, no spaces) when there is one, else a
 * labelled account number (masked forms kept as printed, spaces removed). An IBAN given as
 * where to pay ("please pay to IBAN ...") is the issuer's: a labelled customer account number
 * wins over it, and it is used only when the document names no other account.
 */
import { IBAN_LENGTHS, normaliseIban } from './identifiers.js';
import { findLabelled } from './labels.js';
import type { Cell, Line } from './layout.js';

export const IBAN_SHAPE = /\b([A-Z]{2}\d{2}(?:[ \u00a0]?[A-Z0-9]{4}){2,7}(?:[ \u00a0]?[A-Z0-9]{1,4})?)\b/g;
export const ACCOUNT_LABEL =
  /account (?:number|no\.?|#)|acc(?:oun)?t\.? no\.?|acct\.?(?: (?:no\.?|number|#))?|a\/c(?: no\.?)?|kontonummer|konto-?nr\.?|kontonr\.?|numéro de compte|n° de compte|rekeningnummer|bank account/i;
const ACCOUNT_VALUE = /^(?:[*xX•]{2,}[ -]?)?\d[\d -]{3,20}\d$|^[*xX•]{2,}[ -]?\d{3,6}$/;

export interface IbanHit {
  iban: string;
  raw: string;
  line: Line;
  cell: Cell;
  labelled: boolean;
  /** Given as where to send money ("please pay to IBAN ..."): the issuer's account, not the document's. */
  payee: boolean;
}

const PAYEE =
  /\b(?:pay(?:able)?(?: in)? to|please pay|please transfer|remit(?:tance)?(?: to)?|our bank|bank details|payment details|transfer to|zahlbar|(?:bitte )?überweisen|überweisung an|bankverbindung|à régler|virement|coordonnées bancaires|betalen aan|over te maken)\b/i;

/**
 * Cells split on runs of spaces, and a scan's OCR or a wide layout can put two spaces between
 * IBAN groups: an IBAN short of its country's length that ends its cell takes the following
 * cells' leading groups when they complete it exactly (never more characters than the country has).
 */
function completedAcrossCells(iban: string, restOfCell: string, nextCells: readonly Cell[]): string {
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (!expected || iban.length >= expected || restOfCell.trim() !== '') return iban;
  let joined = iban;
  for (const cell of nextCells.slice(0, 4)) {
    const groups = /^\s*((?:[A-Z0-9]{1,4}[ \u00a0]?){1,8})(?![A-Z0-9])/.exec(cell.text);
    if (!groups) return iban;
    joined += normaliseIban(groups[1]);
    if (joined.length >= expected) return joined.length === expected ? joined : iban;
    // Only a cell that is nothing but groups lets the IBAN run on into the next one.
    if (groups[0].trim() !== cell.text.trim()) return iban;
  }
  return iban;
}

/** IBAN-shaped tokens with a known country code, labelled or not. */
export function findIbans(lines: Line[]): IbanHit[] {
  const out: IbanHit[] = [];
  for (const line of lines) {
    line.cells.forEach((cell, ci) => {
      for (const m of cell.text.matchAll(IBAN_SHAPE)) {
        const iban = completedAcrossCells(normaliseIban(m[1]), cell.text.slice((m.index ?? 0) + m[0].length), line.cells.slice(ci + 1));
        if (!(iban.slice(0, 2) in IBAN_LENGTHS) || iban.length < 15) continue;
        const before = cell.text.slice(0, m.index ?? 0) + ' ' + (line.cells[ci - 1]?.text ?? '');
        const context =
          line.cells
            .slice(0, ci)
            .map((c) => c.text)
            .join(' ') +
          ' ' +
          cell.text.slice(0, m.index ?? 0);
        out.push({ iban, raw: m[1], line, cell, labelled: /IBAN/i.test(before), payee: PAYEE.test(context) });
      }
    });
  }
  return out;
}

export function findAccountNumber(lines: Line[]): string | null {
  const all = findIbans(lines);
  const ibans = all.filter((h) => !h.payee);
  // Only a complete IBAN: a labelled one cut short (an OCR'd line split into cells) is a misreading.
  const complete = ibans.filter((h) => h.iban.length === IBAN_LENGTHS[h.iban.slice(0, 2)]);
  const iban = complete.find((h) => h.labelled) ?? complete[0];
  if (iban) return iban.iban;
  for (const hit of findLabelled(lines, ACCOUNT_LABEL)) {
    for (const v of hit.values) {
      const t = v.text.trim().replace(/^[:#]\s*/, '');
      if (ACCOUNT_VALUE.test(t) && !/^\d{2}-\d{2}-\d{2}$/.test(t)) return t.replace(/[\s-]/g, '');
    }
  }
  // Only where-to-pay details: that is the one account the document names.
  const payee = all.find((h) => h.iban.length === IBAN_LENGTHS[h.iban.slice(0, 2)]);
  return payee ? payee.iban : null;
}
