/**
 * The lookup keys of a fingerprint in the library's one indexed table (`library_keys`): a
 * document is a candidate for a full comparison only when it shares a key, so a lookup reads a
 * handful of index entries whatever the library's size (no scan).
 *
 * - `b<band>:<hex>`  MinHash LSH band (similar text shares at least one band)
 * - `r:<hex>`        a transaction row (date, description, amount)
 * - `f:<ref>`        a document reference (invoice, statement, policy, customer number)
 * - `a:<account>`    the account number
 * - `p<i>:<hex4>`    16-bit chunk i of a page picture hash (multi-index hashing: two hashes
 *                    within Hamming distance 3 share at least one of the four chunks exactly)
 */
import { lshBands, type LibraryFingerprint } from '../../../engine/index.js';

export function libraryKeys(fp: LibraryFingerprint): string[] {
  const keys = new Set<string>();
  if (fp.content) lshBands(fp.content.minhash).forEach((h, band) => keys.add(`b${band}:${h.toString(16)}`));
  for (const row of fp.identity.rows) keys.add(`r:${row.key}`);
  for (const ref of fp.identity.references) keys.add(`f:${ref}`);
  if (fp.identity.account) keys.add(`a:${fp.identity.account}`);
  for (const p of fp.pageHashes) for (let i = 0; i < 4; i++) keys.add(`p${i}:${p.hash.slice(i * 4, i * 4 + 4)}`);
  return [...keys];
}

export type KeyKind = 'band' | 'row' | 'reference' | 'account' | 'picture';

export function keyKind(key: string): KeyKind {
  switch (key[0]) {
    case 'b':
      return 'band';
    case 'r':
      return 'row';
    case 'f':
      return 'reference';
    case 'a':
      return 'account';
    default:
      return 'picture';
  }
}
