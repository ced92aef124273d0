/**
 * The general-purpose PDF filters, each decoding at most `limit` bytes. A hostile file can make
 * every one of them amplify (Flate about 1000:1, LZW and RunLength too, and a chain of them
 * multiplies), so no decoder here ever holds more than `limit` bytes of output: it stops and says
 * so (`over`). Used to measure a stream before any reader decodes it, and by the structure
 * parser's own decoding.
 */
import zlib from 'node:zlib';
import { hexDigit } from '../../../kit/hex.js';

export interface Decoded {
  /** The output, complete or cut at `limit` bytes (a prefix of what the data decodes to). */
  out: Uint8Array;
  /** The data decodes to more than `limit` bytes. */
  over: boolean;
}

/** The most of an over-budget stream's output ever kept (engine/read/pdf/structure/neutralise.ts). */
export const PREFIX_BYTES = 1024 * 1024;

const TOO_LARGE = (err: unknown) => (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError;

/**
 * Flate, as lenient as readers are (a missing zlib header, a bad checksum, data cut short).
 * Over the limit, the prefix kept is what the first part of the data inflates to: zlib cannot
 * hand back a partial output, so shorter and shorter inputs are tried (the work halves each time).
 */
export function inflateBounded(data: Uint8Array, limit: number): Decoded {
  const attempt = (d: Uint8Array, max = limit): Decoded | null => {
    const opts = { maxOutputLength: Math.max(1, max), finishFlush: zlib.constants.Z_SYNC_FLUSH };
    for (const fn of [(x: Uint8Array) => zlib.inflateSync(x, opts), (x: Uint8Array) => zlib.inflateRawSync(x.subarray(2), opts)]) {
      try {
        const out = fn(d);
        return { out: new Uint8Array(out.buffer, out.byteOffset, out.byteLength), over: false };
      } catch (err) {
        if (TOO_LARGE(err)) return { out: new Uint8Array(0), over: true };
      }
    }
    return null;
  };
  const whole = attempt(data);
  if (whole && !whole.over) return whole;
  // Over the limit, or damaged somewhere: what a prefix of the data inflates to. Past the limit
  // only the first part is ever kept (an object stream's objects), so the tries stay small.
  const cap = whole?.over ? Math.min(limit, PREFIX_BYTES) : limit;
  for (let n = data.length >> 1; n >= 16; n >>= 1) {
    const part = attempt(data.subarray(0, n), cap);
    if (part && !part.over) return { out: part.out, over: whole?.over ?? false };
  }
  return { out: new Uint8Array(0), over: whole?.over ?? false };
}

/** LZW with a code table of (prefix, last byte, length): no string copies, output written once. */
export function lzwBounded(data: Uint8Array, limit: number, earlyChange = 1): Decoded {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    length[i] = 1;
  }
  let out = new Uint8Array(Math.min(limit, Math.max(1024, data.length * 4)));
  let n = 0;
  let next = 258;
  let width = 9;
  let prev = -1;
  let bitBuf = 0;
  let bits = 0;
  const firstByte = (code: number): number => {
    let c = code;
    while (prefix[c] >= 0) c = prefix[c];
    return suffix[c];
  };
  for (let i = 0; i < data.length; i++) {
    bitBuf = ((bitBuf << 8) | data[i]) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (bitBuf >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        prev = -1;
        continue;
      }
      if (code === 257) return { out: out.subarray(0, n), over: false };
      let entry: number;
      let extra = -1;
      if (code < next && (code < 256 || code >= 258)) entry = code;
      else if (code === next && prev >= 0) {
        // The code being defined: the previous string plus its own first byte.
        entry = prev;
        extra = firstByte(prev);
      } else return { out: out.subarray(0, n), over: false };
      const len = length[entry] + (extra >= 0 ? 1 : 0);
      if (n + len > limit) return { out: out.subarray(0, n), over: true };
      if (n + len > out.length) {
        const grown = new Uint8Array(Math.min(limit, Math.max(out.length * 2, n + len)));
        grown.set(out.subarray(0, n));
        out = grown;
      }
      for (let c = entry, p = n + length[entry] - 1; c >= 0; c = prefix[c], p--) out[p] = suffix[c];
      if (extra >= 0) out[n + len - 1] = extra;
      const first = out[n];
      n += len;
      if (prev >= 0 && next < 4096) {
        prefix[next] = prev;
        suffix[next] = first;
        length[next] = length[prev] + 1;
        next++;
      }
      prev = code;
      const size = next + earlyChange;
      width = size >= 2048 ? 12 : size >= 1024 ? 11 : size >= 512 ? 10 : 9;
    }
  }
  return { out: out.subarray(0, n), over: false };
}

/** RunLengthDecode: a length byte, then a literal run or one byte repeated (up to 128 from 2). */
export function runLengthBounded(data: Uint8Array, limit: number): Decoded {
  let out = new Uint8Array(Math.min(limit, Math.max(1024, data.length * 2)));
  let n = 0;
  const room = (k: number): boolean => {
    if (n + k > limit) return false;
    if (n + k > out.length) {
      const grown = new Uint8Array(Math.min(limit, Math.max(out.length * 2, n + k)));
      grown.set(out.subarray(0, n));
      out = grown;
    }
    return true;
  };
  for (let i = 0; i < data.length;) {
    const len = data[i++];
    if (len === 128) break;
    if (len < 128) {
      const run = data.subarray(i, i + len + 1);
      if (!room(run.length)) return { out: out.subarray(0, n), over: true };
      out.set(run, n);
      n += run.length;
      i += len + 1;
    } else {
      if (i >= data.length) break;
      const k = 257 - len;
      if (!room(k)) return { out: out.subarray(0, n), over: true };
      out.fill(data[i++], n, n + k);
      n += k;
    }
  }
  return { out: out.subarray(0, n), over: false };
}

export function asciiHexBounded(data: Uint8Array, limit: number): Decoded {
  const out = new Uint8Array(Math.min(limit, (data.length >> 1) + 1));
  let n = 0;
  let hi = -1;
  for (let i = 0; i < data.length && data[i] !== 0x3e; i++) {
    const d = hexDigit(data[i]);
    if (d < 0) continue;
    if (hi < 0) {
      hi = d;
      continue;
    }
    if (n >= limit) return { out: out.subarray(0, n), over: true };
    out[n++] = (hi << 4) | d;
    hi = -1;
  }
  if (hi >= 0 && n < out.length) out[n++] = hi << 4;
  return { out: out.subarray(0, n), over: false };
}

/** ASCII85: four bytes from five characters, and from one `z` (the only amplification, 4:1). */
export function ascii85Bounded(data: Uint8Array, limit: number): Decoded {
  const out = new Uint8Array(Math.min(limit + 4, data.length * 4 + 4));
  let n = 0;
  let group = 0;
  let count = 0;
  const emit = (v: number, k: number): boolean => {
    if (n + k > limit) return false;
    for (let j = 0; j < k; j++) out[n++] = (v >>> (24 - 8 * j)) & 0xff;
    return true;
  };
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x7e) break; // ~>
    if (c === 0x7a && count === 0) {
      if (!emit(0, 4)) return { out: out.subarray(0, n), over: true };
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group = group * 85 + (c - 0x21);
    if (++count === 5) {
      if (!emit(group >>> 0, 4)) return { out: out.subarray(0, n), over: true };
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    const k = count - 1;
    for (; count < 5; count++) group = group * 85 + 84;
    if (!emit(group >>> 0, k)) return { out: out.subarray(0, n), over: true };
  }
  return { out: out.subarray(0, n), over: false };
}
