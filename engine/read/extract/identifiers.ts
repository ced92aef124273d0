/**
 * Bank and card identifier checks: IBAN (ISO 13616 country length + mod-97), US ABA routing
 * checksum, Luhn for card numbers, UK sort code format. Pure functions on strings.
 */

/** IBAN length per country (SWIFT IBAN registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

export function normaliseIban(s: string): string {
  return s.replace(/[\s\u00a0-]/g, '').toUpperCase();
}

export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of rearranged) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem;
}

export type IbanProblem = 'unknown_country' | 'length' | 'checksum' | 'characters';

/** Null when valid; otherwise why not. */
export function ibanProblem(raw: string): IbanProblem | null {
  const iban = normaliseIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'characters';
  const len = IBAN_LENGTHS[iban.slice(0, 2)];
  if (!len) return 'unknown_country';
  if (iban.length !== len) return 'length';
  return ibanMod97(iban) === 1 ? null : 'checksum';
}

/** ABA routing number checksum (3-7-1 weights) and Federal Reserve prefix ranges. */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  const prefixOk = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return prefixOk && sum % 10 === 0;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Card brands by IIN prefix and length; a digit run that matches none is not treated as a card. */
export function cardBrand(digits: string): string | null {
  const n = digits.length;
  if (/^4/.test(digits) && [13, 16, 19].includes(n)) return 'visa';
  if ((/^5[1-5]/.test(digits) || /^2(?:2[2-9]|[3-6]\d|7[01]|720)/.test(digits)) && n === 16) return 'mastercard';
  if (/^3[47]/.test(digits) && n === 15) return 'amex';
  if (/^6(?:011|5)/.test(digits) && n >= 16) return 'discover';
  return null;
}

/** UK sort code as printed: 12-34-56 (also 12 34 56 / 123456). */
export function sortCodeDigits(s: string): string | null {
  const m = /^(\d{2})[-\s]?(\d{2})[-\s]?(\d{2})$/.exec(s.trim());
  return m ? m[1] + m[2] + m[3] : null;
}

export function ibanCountryKnown(code: string): boolean {
  return code in IBAN_LENGTHS;
}
