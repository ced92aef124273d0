/**
 * Password-protected PDFs made at test time with qpdf (`--encrypt USER OWNER BITS`), one per
 * scheme a bank might use: RC4 40 and 128, AES-128 (V4 AESV2) and AES-256 (R6, and R5 where
 * qpdf still writes it). Tests that need them skip with one printed line when qpdf is absent.
 */
import { hasQpdf, qpdf } from '../structure/fixtures.js';

export const USER_PASSWORD = 'dob-19840317';
export const OWNER_PASSWORD = 'bank-owner-9f2';

export interface Scheme {
  name: string;
  /** qpdf's key length and options after it; `weak` needs qpdf's global --allow-weak-crypto. */
  args: string[];
  weak?: boolean;
  algorithm: 'RC4' | 'AES';
  keyBits: number;
  r: number;
}

export const SCHEMES: readonly Scheme[] = [
  { name: 'RC4 40-bit', args: ['40'], weak: true, algorithm: 'RC4', keyBits: 40, r: 2 },
  { name: 'RC4 128-bit', args: ['128', '--use-aes=n'], weak: true, algorithm: 'RC4', keyBits: 128, r: 3 },
  { name: 'AES-128', args: ['128', '--use-aes=y'], algorithm: 'AES', keyBits: 128, r: 4 },
  { name: 'AES-256 R6', args: ['256'], algorithm: 'AES', keyBits: 256, r: 6 },
  { name: 'AES-256 R5', args: ['256', '--force-R5'], weak: true, algorithm: 'AES', keyBits: 256, r: 5 },
];

/** The source rewritten by qpdf without encryption: the like-for-like baseline of an encrypted copy. */
export const plainCopy = (source: Uint8Array): Uint8Array => qpdf(source, []);

export function encrypt(source: Uint8Array, scheme: Scheme, user = USER_PASSWORD, owner = OWNER_PASSWORD): Uint8Array {
  return qpdf(source, [...(scheme.weak ? ['--allow-weak-crypto'] : []), '--encrypt', user, owner, ...scheme.args, '--']);
}

let told = false;
/** True when qpdf is here; otherwise prints one line (once) so the skip is visible. */
export function qpdfOrSkip(): boolean {
  if (hasQpdf()) return true;
  if (!told) console.log('skipping password-protected PDF tests: qpdf is not installed');
  told = true;
  return false;
}
