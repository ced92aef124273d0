/** Small, stable, non-cryptographic hashes for fingerprints (the same input hashes alike on every machine). */

/** FNV-1a over the UTF-16 code units, 32 bits. */
export function fnv32(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** MurmurHash3's finaliser: a bijection on 32-bit integers that spreads every input bit. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** 64 bits as 16 hex digits: two independent 32-bit hashes, so that unrelated keys practically never collide. */
export function key64(s: string): string {
  return fnv32(s).toString(16).padStart(8, '0') + mix32(fnv32(s, 0x9747b28c)).toString(16).padStart(8, '0');
}
