/**
 * Bank identifiers that pass the checks a careful engine runs: IBAN mod-97 (ISO 13616),
 * French RIB key, ABA routing checksum. Genuine samples must never carry an invalid one.
 */
import type { Rng } from '../util/prng.js';

/** ISO 7064 mod 97-10 over a string of digits and letters (A=10 .. Z=35). */
export function mod97(text: string): number {
  let rem = 0;
  for (const ch of text.toUpperCase()) {
    const code = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of code) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem;
}

export function ibanIsValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

export function makeIban(country: string, bban: string): string {
  const check = 98 - mod97(bban + country + '00');
  return country + String(check).padStart(2, '0') + bban;
}

/** Groups of four, as printed on statements. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

/** French RIB key: 97 - ((89 x bank + 15 x branch + 3 x account) mod 97), digits only here. */
function ribKey(bank: string, branch: string, account: string): string {
  const sum = (89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97;
  return String(97 - sum).padStart(2, '0');
}

export interface BankAccount {
  country: 'GB' | 'IE' | 'DE' | 'FR' | 'US';
  accountNumber: string;
  /** GB/IE sort code, formatted 12-34-56. */
  sortCode?: string;
  iban?: string;
  bic?: string;
  /** US ABA routing number. */
  routing?: string;
}

export function abaIsValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

function makeAba(rng: Rng): string {
  // First two digits 01-12 are Federal Reserve districts; the ninth digit is the checksum.
  const first = String(rng.int(1, 12)).padStart(2, '0') + rng.digits(6);
  const d = [...first].map(Number);
  const partial = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5]);
  return first + String((10 - (partial % 10)) % 10);
}

/** A new account at a bank; `bankCode` is the issuer's fixed code (4 letters for GB/IE, digits otherwise). */
export function makeBankAccount(rng: Rng, country: BankAccount['country'], bankCode: string, bic: string): BankAccount {
  switch (country) {
    case 'GB':
    case 'IE': {
      const sort = rng.digits(6);
      const account = rng.digits(8);
      return {
        country,
        accountNumber: account,
        sortCode: `${sort.slice(0, 2)}-${sort.slice(2, 4)}-${sort.slice(4)}`,
        iban: makeIban(country, bankCode + sort + account),
        bic,
      };
    }
    case 'DE': {
      const account = rng.digits(10);
      return { country, accountNumber: account, iban: makeIban('DE', bankCode + account), bic };
    }
    case 'FR': {
      const branch = rng.digits(5);
      const account = rng.digits(11);
      const key = ribKey(bankCode, branch, account);
      return { country, accountNumber: account, iban: makeIban('FR', bankCode + branch + account + key), bic };
    }
    case 'US':
      return { country, accountNumber: rng.digits(rng.int(10, 12)), routing: makeAba(rng) };
  }
}
