/**
 * Text similarity at library scale: word shingles of the normalised text, summarised by a
 * MinHash signature (the fraction of equal positions estimates the Jaccard similarity of the
 * shingle sets), cut into LSH bands so that similar documents share at least one band key.
 */
import { fnv32, mix32 } from './hash.js';

/** Words per shingle: long enough that a template's labels alone do not make two documents alike. */
export const SHINGLE_WORDS = 4;
export const LSH_BANDS = 20;
export const LSH_ROWS = 6;
export const MINHASH_SIZE = LSH_BANDS * LSH_ROWS;
/** Below this many shingles a document has too little text for a similarity to mean anything. */
export const MIN_SHINGLES = 12;

const SEEDS: readonly number[] = Array.from({ length: MINHASH_SIZE }, (_, i) => mix32(0x5bd1e995 ^ Math.imul(i + 1, 0x9e3779b9)));

/** Only ASCII: NFKD leaves it as it is and it has no accents to fold (most lines of most documents). */
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Lower case, accents folded, punctuation and currency signs as spaces (figures keep their digits). */
export function normaliseWords(text: string): string[] {
  // Called per line by the fingerprint's rows: ICU's normalisation is skipped when it cannot change anything.
  const folded = ASCII_ONLY.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return folded
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** FNV-1a of a space: FNV-1a runs left to right, so a shingle hashes word by word without joining it. */
const SPACE = 0x20;

export function shingleHashes(text: string): Set<number> {
  const words = normaliseWords(text);
  const out = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) {
    // fnv32(words.slice(i, i + SHINGLE_WORDS).join(' ')), without building ~10^5 strings on long documents.
    let h = fnv32(words[i]);
    for (let j = 1; j < SHINGLE_WORDS; j++) h = fnv32(words[i + j], Math.imul(h ^ SPACE, 0x01000193) >>> 0);
    out.add(h);
  }
  return out;
}

/** The seeds as unsigned words: the inner loop below runs shingles x 120 times and reads them unboxed. */
const SEED_WORDS = Uint32Array.from(SEEDS);

export function minhash(shingles: ReadonlySet<number>): number[] {
  // A typed signature: every value is an unsigned 32-bit hash, most above 2^31, which a plain
  // array would hold as boxed doubles. The same numbers come out as a plain array.
  const sig = new Uint32Array(MINHASH_SIZE).fill(0xffffffff);
  for (const s of shingles) {
    for (let i = 0; i < MINHASH_SIZE; i++) {
      const h = mix32(s ^ SEED_WORDS[i]);
      if (h < sig[i]) sig[i] = h;
    }
  }
  return Array.from(sig);
}

/** Estimated Jaccard similarity of the two shingle sets. */
export function minhashSimilarity(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return 0;
  let same = 0;
  for (let i = 0; i < n; i++) if (a[i] === b[i]) same++;
  return same / n;
}

/** One 32-bit key per band; documents sharing any band key are candidates for a full comparison. */
export function lshBands(sig: readonly number[]): number[] {
  const keys: number[] = [];
  for (let b = 0; b < LSH_BANDS; b++) {
    let h = 0x811c9dc5 ^ b;
    for (let r = 0; r < LSH_ROWS; r++) h = mix32(h ^ sig[b * LSH_ROWS + r]);
    keys.push(h >>> 0);
  }
  return keys;
}
