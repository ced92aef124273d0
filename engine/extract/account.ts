/**
 * The account a document names: an IBAN (normalised, no spaces) when there is one, else a
 * labelled account number (masked forms kept as printed, spaces removed).
 */
import { IBAN_LENGTHS, normaliseIban } from './identifiers.js';
import { findLabelled } from './labels.js';
import type { Cell, Line } from './layout.js';

export const IBAN_SHAPE = /\b([A-Z]{2}\d{2}(?:[ \u00a0]?[A-Z0-9]{4}){2,7}(?:[ \u00a0]?[A-Z0-9]{1,4})?)\b/g;
export const ACCOUNT_LABEL = /account (?:number|no\.?|#)|acc(?:oun)?t\.? no\.?|acct\.?(?: (?:no\.?|number|#))?|a\/c(?: no\.?)?|kontonummer|konto-?nr\.?|kontonr\.?|numéro de compte|n° de compte|rekeningnummer|bank account/i;
const ACCOUNT_VALUE = /^(?:[*xX•]{2,}[ -]?)?\d[\d -]{3,20}\d$|^[*xX•]{2,}[ -]?\d{3,6}$/;

export interface IbanHit {
  iban: string;
  raw: string;
  line: Line;
  cell: Cell;
  labelled: boolean;
}

/** IBAN-shaped tokens with a known country code, labelled or not. */
export function findIbans(lines: Line[]): IbanHit[] {
  const out: IbanHit[] = [];
  for (const line of lines) {
    line.cells.forEach((cell, ci) => {
      for (const m of cell.text.matchAll(IBAN_SHAPE)) {
        const iban = normaliseIban(m[1]);
        if (!(iban.slice(0, 2) in IBAN_LENGTHS) || iban.length < 15) continue;
        const before = cell.text.slice(0, m.index ?? 0) + ' ' + (line.cells[ci - 1]?.text ?? '');
        out.push({ iban, raw: m[1], line, cell, labelled: /IBAN/i.test(before) });
      }
    });
  }
  return out;
}

export function findAccountNumber(lines: Line[]): string | null {
  const ibans = findIbans(lines);
  const iban = ibans.find((h) => h.labelled) ?? ibans.find((h) => h.iban.length === IBAN_LENGTHS[h.iban.slice(0, 2)]);
  if (iban) return iban.iban;
  for (const hit of findLabelled(lines, ACCOUNT_LABEL)) {
    for (const v of hit.values) {
      const t = v.text.trim().replace(/^[:#]\s*/, '');
      if (ACCOUNT_VALUE.test(t) && !/^\d{2}-\d{2}-\d{2}$/.test(t)) return t.replace(/[\s-]/g, '');
    }
  }
  return null;
}
