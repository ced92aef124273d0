/**
 * A stream's filter chain read from its dictionary text, and the chain decoded under a budget:
 * every layer's output counts, so a bomb split over several filters (Flate of Flate, or ASCII
 * and RunLength layers around Flate) is measured as what readers would really produce.
 */
import { ascii85Bounded, asciiHexBounded, inflateBounded, lzwBounded, runLengthBounded, type Decoded } from './bounded-decode.js';

/** Codecs whose output is pixels: measured by the image budget from the declared size. */
export const IMAGE_CODECS: ReadonlySet<string> = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode']);

const FULL_NAME: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  RL: 'RunLengthDecode',
  DCT: 'DCTDecode',
  CCF: 'CCITTFaxDecode',
};

const DECODERS: Record<string, (data: Uint8Array, limit: number, earlyChange: number) => Decoded> = {
  FlateDecode: (d, l) => inflateBounded(d, l),
  LZWDecode: (d, l, e) => lzwBounded(d, l, e),
  ASCIIHexDecode: (d, l) => asciiHexBounded(d, l),
  ASCII85Decode: (d, l) => ascii85Bounded(d, l),
  RunLengthDecode: (d, l) => runLengthBounded(d, l),
  Crypt: (d) => ({ out: d, over: false }),
};

const NAME = /\/([^\s/<>[\]()%{}]+)/g;

/** The canonical names of the filters in a dictionary's `/Filter` value, in decoding order. */
export function filterChain(header: string, resolveRef: (num: number) => string[] | null = () => null): string[] {
  const at = /\/Filter(?![A-Za-z0-9])\s*/.exec(header);
  if (!at) return [];
  const rest = header.slice(at.index + at[0].length, at.index + at[0].length + 400);
  let names: string[];
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    names = [...rest.slice(1, close < 0 ? rest.length : close).matchAll(NAME)].map((m) => m[1]);
  } else if (rest.startsWith('/')) {
    names = [/^\/([^\s/<>[\]()%{}]+)/.exec(rest)?.[1] ?? ''];
  } else {
    const ref = /^(\d+)\s+\d+\s+R/.exec(rest);
    names = ref ? (resolveRef(Number(ref[1])) ?? []) : [];
  }
  return names.filter(Boolean).map((n) => FULL_NAME[n] ?? n);
}

/** LZW's EarlyChange (default 1); the dictionary text is enough, one LZW layer is the norm. */
export function earlyChange(header: string): number {
  return /\/EarlyChange\s+0\b/.test(header) ? 0 : 1;
}

export interface ChainResult {
  /** Bytes produced over all layers (a lower bound when `over`). */
  produced: number;
  /** The last layer's output (a prefix of it when `over`). */
  out: Uint8Array;
  /** Some layer would produce more than its limit. */
  over: boolean;
  /** The image codec the chain ends with (its pixels are not decoded here), or null. */
  codec: string | null;
  /** A filter no reader knows: the data stops there, as it does for readers. */
  unknown: string | null;
}

/** Decodes `data` through `chain`, each layer limited to `limit` bytes and all of them to `total`. */
export function decodeChain(data: Uint8Array, chain: readonly string[], limit: number, total: number, early = 1): ChainResult {
  let out = data;
  let produced = 0;
  for (const filter of chain) {
    if (IMAGE_CODECS.has(filter)) return { produced, out, over: false, codec: filter, unknown: null };
    const decode = DECODERS[filter];
    if (!decode) return { produced, out, over: false, codec: null, unknown: filter };
    const room = Math.max(0, Math.min(limit, total - produced));
    const layer = decode(out, room, early);
    out = layer.out;
    if (layer.over) return { produced: produced + room + 1, out, over: true, codec: null, unknown: null };
    produced += layer.out.length;
  }
  return { produced, out, over: false, codec: null, unknown: null };
}
