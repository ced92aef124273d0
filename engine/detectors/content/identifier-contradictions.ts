/**
 * Identifiers that contradict the document itself: the account number printed twice under the
 * same label with a digit or two changed in one place (a header edited, the footer or summary
 * left), and an IBAN whose own bank code and account number (ISO 13616: the British and Irish
 * IBAN carries the sort code and account number, the German one the Bankleitzahl and
 * Kontonummer) are not the sort code or account printed beside it. No register of banks is
 * needed: the document is checked against itself.
 */
import { ACCOUNT_LABEL, findIbans } from '../../read/extract/account.js';
import { IBAN_LENGTHS, ibanProblem, sortCodeDigits } from '../../read/extract/identifiers.js';
import { findLabelled } from '../../read/extract/labels.js';
import type { Cell, Line } from '../../read/extract/layout.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { finding } from './evidence.js';
import type { FindingFor } from '../define.js';
import { specimenDigits } from './specimen.js';

type Found = FindingFor<'identifier_invalid', 'account_mismatch' | 'iban_mismatch'>;

export const CONTRADICTION_THRESHOLDS = {
  maxChangedDigits: { value: 2, why: 'A forger retypes a digit or two of one copy; two accounts of one customer differ in more.' },
  minAccountDigits: { value: 6, why: 'Shorter numbers are references and counters, not accounts.' },
  blockLines: { value: 6, why: 'Bank details printed together (sort code, account, IBAN) are within a few lines of each other.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(CONTRADICTION_THRESHOLDS);

interface Printed {
  digits: string;
  raw: string;
  line: Line;
  cell: Cell;
}

const FULL_ACCOUNT = /^\d[\d -]{3,22}\d$/;

function labelledValues(lines: Line[], label: RegExp, accept: (text: string) => string | null): Printed[] {
  const out: Printed[] = [];
  for (const hit of findLabelled(lines, label, { below: true })) {
    for (const v of hit.values) {
      const raw = v.text
        .trim()
        .replace(/^[:#]\s*/, '')
        .split(/\s{2,}/)[0];
      const digits = accept(raw);
      if (digits === null) continue;
      out.push({ digits, raw, line: v.line, cell: v.cell });
      break;
    }
  }
  return out;
}

const accountDigits = (raw: string): string | null => {
  if (!FULL_ACCOUNT.test(raw) || sortCodeDigits(raw)) return null;
  const d = raw.replace(/[ -]/g, '');
  return d.length >= T.minAccountDigits && d.length <= 18 ? d : null;
};

function changedDigits(a: string, b: string): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

function regions(...lines: Line[]) {
  return lines.filter((l) => l.bbox).map((l) => ({ page: l.page, bbox: l.bbox! }));
}

/** Two lines of one block: same page, a few lines apart. */
function near(a: Line, b: Line): boolean {
  return a.page === b.page && Math.abs(a.index - b.index) <= T.blockLines;
}

/**
 * The same label with two values a digit or two apart, printed in two places of the document.
 * Two values next to each other are a list of accounts; three or more distinct values are a
 * document about several accounts, where a near-equal pair proves nothing.
 */
function accountMismatch(lines: Line[]): Found[] {
  const printed = labelledValues(lines, ACCOUNT_LABEL, accountDigits).filter((p) => !specimenDigits(p.digits));
  const distinct = [...new Map(printed.map((p) => [p.digits, p])).values()];
  if (distinct.length !== 2) return [];
  const [a, b] = distinct;
  const changed = a.digits.length === b.digits.length ? changedDigits(a.digits, b.digits) : Infinity;
  if (changed > T.maxChangedDigits || near(a.line, b.line) || a.line === b.line) return [];
  return [
    finding(
      'identifier_invalid',
      'account_mismatch',
      `The account number is ${a.raw} on page ${a.line.page} but ${b.raw} on page ${b.line.page}: the same label, ${changed} digit${changed > 1 ? 's' : ''} apart.`,
      b.line,
      STRENGTH['identifier_invalid.account_mismatch'],
      { value: b.raw, expected: a.raw, regions: regions(a.line, b.line) },
      [b.cell],
    ),
  ];
}

const SORT_CODE = /sort[ -]?code/i;
const BLZ = /blz|bankleitzahl/i;
const KONTO = /kontonummer|konto-?nr\.?|kontonr\.?|konto/i;

/** Where in each country's IBAN its national bank code and account number sit (ISO 13616 BBAN layouts). */
const BBAN: Record<string, { bank: [number, number]; account: [number, number]; bankLabel: RegExp; accountLabel: RegExp; bankName: string }> = {
  GB: { bank: [8, 14], account: [14, 22], bankLabel: SORT_CODE, accountLabel: ACCOUNT_LABEL, bankName: 'sort code' },
  IE: { bank: [8, 14], account: [14, 22], bankLabel: SORT_CODE, accountLabel: ACCOUNT_LABEL, bankName: 'sort code' },
  DE: { bank: [4, 12], account: [12, 22], bankLabel: BLZ, accountLabel: KONTO, bankName: 'Bankleitzahl' },
};

/**
 * A valid IBAN printed with the sort code (Bankleitzahl) and account number it is made from, in
 * one block of bank details, whose own digits say another bank or account.
 */
function ibanMismatch(lines: Line[]): Found[] {
  const out: Found[] = [];
  const seen = new Set<string>();
  const hits = findIbans(lines);
  const countries = new Map<string, Set<string>>();
  for (const h of hits) countries.set(h.iban.slice(0, 2), (countries.get(h.iban.slice(0, 2)) ?? new Set()).add(h.iban));
  for (const hit of hits) {
    const country = hit.iban.slice(0, 2);
    const layout = BBAN[country];
    if (!layout || seen.has(hit.iban) || hit.iban.length !== IBAN_LENGTHS[country] || ibanProblem(hit.iban) !== null) continue;
    seen.add(hit.iban);
    const bank = hit.iban.slice(...layout.bank);
    const account = hit.iban.slice(...layout.account);
    const codes = labelledValues(lines, layout.bankLabel, (t) => sortCodeDigits(t) ?? (/^\d{8}$/.test(t.replace(/ /g, '')) ? t.replace(/ /g, '') : null));
    const accounts = labelledValues(lines, layout.accountLabel, accountDigits);
    // Several IBANs of the country (a footer listing the issuer's banks, one per row under a
    // "BLZ | Konto-Nr. | IBAN" header): only the details on the IBAN's own row are its own.
    const several = (countries.get(country)?.size ?? 0) > 1;
    const beside = (c: Printed) => (several ? c.line === hit.line : near(c.line, hit.line));
    const code = codes.find((c) => beside(c) && c.digits.length === bank.length);
    const acct = accounts.find(beside);
    const problems: Array<{ what: string; printed: Printed; inIban: string }> = [];
    if (code && code.digits !== bank) problems.push({ what: layout.bankName, printed: code, inIban: bank });
    if (acct && acct.digits.replace(/^0+/, '') !== account.replace(/^0+/, '')) problems.push({ what: 'account number', printed: acct, inIban: account });
    if (!problems.length) continue;
    const p = problems[0];
    const also = problems[1] ? ` Its account number ${problems[1].inIban} is not the ${problems[1].printed.raw} printed there either.` : '';
    out.push(
      finding(
        'identifier_invalid',
        'iban_mismatch',
        `IBAN ${hit.iban} carries ${p.what} ${p.inIban}, but the ${p.what} printed beside it is ${p.printed.raw}.${also}`,
        p.printed.line,
        STRENGTH['identifier_invalid.iban_mismatch'],
        { value: p.printed.raw, iban: hit.iban, expected: p.inIban, regions: regions(hit.line, p.printed.line) },
        [p.printed.cell],
      ),
    );
  }
  return out;
}

export function contradictingIdentifiers(lines: Line[]): Found[] {
  return [...accountMismatch(lines), ...ibanMismatch(lines)];
}
