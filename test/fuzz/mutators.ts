/**
 * Mutations of real documents, the way damage and hostile edits look: bit flips, interesting
 * values, chunk deletion/duplication/splicing, truncation, and PDF-aware edits (numbers in the
 * object syntax — lengths, offsets, object numbers, counts — and keywords swapped). Driven by
 * fast-check so a failing input shrinks and replays from its seed.
 */
import fc from 'fast-check';

export type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'set'; at: number; value: number }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'duplicate'; at: number; length: number; to: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'splice'; at: number; from: number; length: number }
  | { kind: 'number'; nth: number; value: number }
  | { kind: 'keyword'; nth: number; replacement: string };

const INTERESTING = [0x00, 0xff, 0x7f, 0x80, 0x20, 0x0a, 0x0d, 0x25, 0x28, 0x29, 0x3c, 0x3e, 0x2f, 0x5b, 0x5d];
const KEYWORDS = [
  'obj',
  'endobj',
  'stream',
  'endstream',
  'xref',
  'trailer',
  'startxref',
  'R',
  'null',
  '/Length',
  '/Filter',
  '/FlateDecode',
  '/Kids',
  '/Parent',
  '/Prev',
  '/XRefStm',
  '/ObjStm',
  '/Type',
  '%%EOF',
  '<<',
  '>>',
  '[',
  ']',
];
const NUMBERS = [0, 1, -1, 2, 255, 256, 65535, 65536, 2147483647, -2147483648, 4294967296, 1e9, 99999999999];

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.oneof(fc.constantFrom(...INTERESTING), fc.integer({ min: 0, max: 255 })) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 4096 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 4096 }), to: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('splice' as const), at: fc.nat(), from: fc.nat(), length: fc.integer({ min: 1, max: 8192 }) }),
  fc.record({ kind: fc.constant('number' as const), nth: fc.nat(), value: fc.oneof(fc.constantFrom(...NUMBERS), fc.integer()) }),
  fc.record({ kind: fc.constant('keyword' as const), nth: fc.nat(), replacement: fc.constantFrom(...KEYWORDS) }),
);

export const mutationsArb = fc.array(mutationArb, { minLength: 1, maxLength: 6 });

/** Positions are taken modulo the length, so one mutation list applies to any seed. */
const pos = (n: number, length: number) => (length === 0 ? 0 : n % length);

/** Applies mutations in order; `other` is the donor for splices (another seed file). */
export function mutate(input: Uint8Array, mutations: readonly Mutation[], other: Uint8Array): Uint8Array {
  let b: Buffer = Buffer.from(input);
  for (const m of mutations) {
    if (b.length === 0) break;
    switch (m.kind) {
      case 'flip': {
        const at = pos(m.at, b.length);
        b[at] ^= 1 << m.bit;
        break;
      }
      case 'set':
        b[pos(m.at, b.length)] = m.value;
        break;
      case 'delete': {
        const at = pos(m.at, b.length);
        b = Buffer.concat([b.subarray(0, at), b.subarray(at + m.length)]);
        break;
      }
      case 'duplicate': {
        const at = pos(m.at, b.length);
        const chunk = b.subarray(at, at + m.length);
        const to = pos(m.to, b.length);
        b = Buffer.concat([b.subarray(0, to), chunk, b.subarray(to)]);
        break;
      }
      case 'truncate':
        b = b.subarray(0, Math.max(1, pos(m.at, b.length)));
        break;
      case 'splice': {
        if (other.length === 0) break;
        const from = pos(m.from, other.length);
        const at = pos(m.at, b.length);
        b = Buffer.concat([b.subarray(0, at), Buffer.from(other.subarray(from, from + m.length)), b.subarray(at)]);
        break;
      }
      case 'number':
        b = replaceNth(b, /-?\d+/g, m.nth, String(m.value));
        break;
      case 'keyword':
        b = replaceNth(b, /\/[A-Za-z]+|\b(?:obj|endobj|stream|endstream|xref|trailer|startxref|R|null)\b|<<|>>/g, m.nth, m.replacement);
        break;
    }
  }
  return new Uint8Array(b);
}

/** Replaces the nth (modulo the count) match of `re` in the first 2 MB of the file, as latin1 text. */
function replaceNth(b: Buffer, re: RegExp, nth: number, replacement: string): Buffer {
  const head = b.subarray(0, 2 * 1024 * 1024).toString('latin1');
  const matches = [...head.matchAll(re)];
  if (matches.length === 0) return b;
  const m = matches[nth % matches.length];
  const at = m.index ?? 0;
  return Buffer.concat([b.subarray(0, at), Buffer.from(replacement, 'latin1'), b.subarray(at + m[0].length)]);
}
