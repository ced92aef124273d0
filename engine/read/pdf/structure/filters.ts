/**
 * Stream decoding for what the structure parser must read itself: xref streams, object streams,
 * metadata and content streams. Image codecs are out of scope (returns null: "cannot decode").
 */
import zlib from 'node:zlib';
import { PdfDict, PdfName, PdfStream, type PdfValue } from './objects.js';
import { decodeHex } from '../../../kit/hex.js';
import { lzwBounded, runLengthBounded, type Decoded } from './bounded-decode.js';

/** Decoded streams larger than this are refused (zip bombs, absurd content). */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;

function inflate(data: Uint8Array): Uint8Array {
  const opts = { maxOutputLength: MAX_DECODED_BYTES, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    return zlib.inflateSync(data, opts);
  } catch {
    // Missing zlib header or bad checksum: many writers get this wrong, readers accept it.
    try {
      return zlib.inflateRawSync(data.subarray(2), opts);
    } catch {
      return zlib.inflateRawSync(data, opts);
    }
  }
}

function asciiHex(data: Uint8Array): Uint8Array {
  return decodeHex(data, 0, data.length).bytes;
}

function ascii85(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let group: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x7e) break; // ~>
    if (c === 0x7a && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) {
      let v = 0;
      for (const g of group) v = v * 85 + g;
      out.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
      group = [];
    }
  }
  if (group.length > 1) {
    const n = group.length;
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const g of group) v = v * 85 + g;
    const bytes = [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
    out.push(...bytes.slice(0, n - 1));
  }
  return Uint8Array.from(out);
}

/** The bounded decoders' output, or an error past the limit (the stream is then refused). */
function bounded(r: Decoded): Uint8Array {
  if (r.over) throw new Error('decoded stream too large');
  return r.out;
}

/** Undoes PNG (10-15) and TIFF (2) predictors. */
export function unpredict(data: Uint8Array, parms: PdfDict | null): Uint8Array {
  const predictor = parms?.num('Predictor') ?? 1;
  if (predictor <= 1) return data;
  const colors = parms?.num('Colors') ?? 1;
  const bpc = parms?.num('BitsPerComponent') ?? 8;
  const columns = parms?.num('Columns') ?? 1;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLen = Math.ceil((colors * bpc * columns) / 8);
  if (rowLen <= 0) return data;
  if (predictor === 2) {
    if (bpc !== 8) return data;
    const out = Uint8Array.from(data);
    for (let r = 0; r + rowLen <= out.length; r += rowLen) {
      for (let i = bpp; i < rowLen; i++) out[r + i] = (out[r + i] + out[r + i - bpp]) & 0xff;
    }
    return out;
  }
  const rows = Math.floor(data.length / (rowLen + 1));
  const out = new Uint8Array(rows * rowLen);
  let prior = new Uint8Array(rowLen);
  for (let r = 0; r < rows; r++) {
    const base = r * (rowLen + 1);
    const type = data[base];
    const row = out.subarray(r * rowLen, (r + 1) * rowLen);
    for (let i = 0; i < rowLen; i++) {
      const x = data[base + 1 + i];
      const a = i >= bpp ? row[i - bpp] : 0;
      const b = prior[i];
      const c = i >= bpp ? prior[i - bpp] : 0;
      let v: number;
      switch (type) {
        case 1:
          v = x + a;
          break;
        case 2:
          v = x + b;
          break;
        case 3:
          v = x + ((a + b) >> 1);
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a),
            pb = Math.abs(p - b),
            pc = Math.abs(p - c);
          v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default:
          v = x;
      }
      row[i] = v & 0xff;
    }
    prior = row;
  }
  return out;
}

function asArray<T extends PdfValue>(v: PdfValue | undefined): T[] {
  if (v === undefined || v === null) return [];
  return (Array.isArray(v) ? v : [v]) as T[];
}

/**
 * Decodes a stream's data through its filter chain. `resolve` dereferences indirect filter
 * parameters. Returns null when a filter is an image codec or the data is undecodable.
 */
export function decodeStream(stream: PdfStream, resolve: (v: PdfValue | undefined) => PdfValue | undefined = (v) => v): Uint8Array | null {
  const filters = asArray<PdfValue>(resolve(stream.dict.get('Filter'))).map((f) => resolve(f));
  const parms = asArray<PdfValue>(resolve(stream.dict.get('DecodeParms') ?? stream.dict.get('DP'))).map((p) => resolve(p));
  let data = stream.raw();
  try {
    for (let i = 0; i < filters.length; i++) {
      const f = filters[i];
      const name = f instanceof PdfName ? f.name : '';
      const p = parms[i] instanceof PdfDict ? (parms[i] as PdfDict) : null;
      switch (name) {
        case 'FlateDecode':
        case 'Fl':
          data = unpredict(inflate(data), p);
          break;
        case 'LZWDecode':
        case 'LZW':
          data = unpredict(bounded(lzwBounded(data, MAX_DECODED_BYTES, p?.num('EarlyChange') ?? 1)), p);
          break;
        case 'RunLengthDecode':
        case 'RL':
          data = bounded(runLengthBounded(data, MAX_DECODED_BYTES));
          break;
        case 'ASCIIHexDecode':
        case 'AHx':
          data = asciiHex(data);
          break;
        case 'ASCII85Decode':
        case 'A85':
          data = ascii85(data);
          break;
        case 'Crypt':
          break;
        default:
          return null;
      }
    }
  } catch {
    return null;
  }
  return data;
}
