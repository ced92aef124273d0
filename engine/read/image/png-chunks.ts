/**
 * PNG chunk reader for the ancillary chunks forensic checks need: text chunks (tEXt, zTXt,
 * iTXt, where generators write their prompts and XMP lives), caBX (C2PA JUMBF), eXIf. Pixel
 * data is left to sharp. Never throws: a broken chunk ends the walk, a broken zlib stream
 * skips that chunk.
 */
import { inflateSync } from 'node:zlib';

export interface PngStructure {
  /** Chunk types in file order (with repetition collapsed for IDAT). */
  chunkTypes: string[];
  /** keyword -> text; repeated keywords are joined with a newline. */
  text: Record<string, string>;
  xmp: string | null;
  /** C2PA manifest store (JUMBF) from a caBX chunk. */
  jumbf: Uint8Array | null;
  /** Raw TIFF-structured EXIF from an eXIf chunk. */
  exif: Uint8Array | null;
  hasIend: boolean;
  /** Bytes after IEND. */
  trailingBytes: number;
}

const SIGNATURE_LENGTH = 8;
/** Text longer than this is truncated: prompts and workflows are small, bombs are not. */
const MAX_TEXT = 1 << 20;

function u32(b: Uint8Array, p: number): number {
  return ((b[p] << 24) >>> 0) + (b[p + 1] << 16) + (b[p + 2] << 8) + b[p + 3];
}

function inflateLimited(data: Uint8Array): string | null {
  try {
    return inflateSync(data, { maxOutputLength: MAX_TEXT }).toString('utf8');
  } catch {
    return null;
  }
}

function decodeText(type: string, data: Uint8Array): [string, string] | null {
  const nul = data.indexOf(0);
  if (nul <= 0) return null;
  const keyword = Buffer.from(data.subarray(0, nul)).toString('latin1');
  if (type === 'tEXt') return [keyword, Buffer.from(data.subarray(nul + 1, nul + 1 + MAX_TEXT)).toString('latin1')];
  if (type === 'zTXt') {
    const text = inflateLimited(data.subarray(nul + 2));
    return text === null ? null : [keyword, text];
  }
  // iTXt: keyword\0 compressionFlag compressionMethod language\0 translatedKeyword\0 text
  const flag = data[nul + 1];
  const langEnd = data.indexOf(0, nul + 3);
  if (langEnd < 0) return null;
  const transEnd = data.indexOf(0, langEnd + 1);
  if (transEnd < 0) return null;
  const body = data.subarray(transEnd + 1);
  const text = flag === 1 ? inflateLimited(body) : Buffer.from(body.subarray(0, MAX_TEXT)).toString('utf8');
  return text === null ? null : [keyword, text];
}

export function parsePngChunks(bytes: Uint8Array): PngStructure {
  const out: PngStructure = { chunkTypes: [], text: {}, xmp: null, jumbf: null, exif: null, hasIend: false, trailingBytes: 0 };
  let p = SIGNATURE_LENGTH;
  while (p + 12 <= bytes.length) {
    const len = u32(bytes, p);
    const type = Buffer.from(bytes.subarray(p + 4, p + 8)).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type)) break;
    const dataStart = p + 8;
    const dataEnd = dataStart + len;
    if (dataEnd + 4 > bytes.length) {
      out.chunkTypes.push(type);
      break;
    }
    if (type !== 'IDAT' || out.chunkTypes[out.chunkTypes.length - 1] !== 'IDAT') out.chunkTypes.push(type);
    const data = bytes.subarray(dataStart, dataEnd);
    if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const kv = decodeText(type, data);
      if (kv) {
        const [k, v] = kv;
        if (k === 'XML:com.adobe.xmp') out.xmp = v;
        else out.text[k] = out.text[k] === undefined ? v : `${out.text[k]}\n${v}`;
      }
    } else if (type === 'caBX') {
      out.jumbf = new Uint8Array(data);
    } else if (type === 'eXIf') {
      out.exif = new Uint8Array(data);
    } else if (type === 'IEND') {
      out.hasIend = true;
      out.trailingBytes = bytes.length - (dataEnd + 4);
      break;
    }
    p = dataEnd + 4;
  }
  return out;
}
