/**
 * Where a stream's data ends, as different readers decide it. A strict reader takes the bytes
 * its /Length declares (the first /Length key, or the last, when a dictionary has two); a
 * recovering reader runs to the `endstream` keyword. On a sound file every answer is the same
 * span; on a file built to confuse, each is a different content stream.
 */
import zlib from 'node:zlib';
import { findEndstream, isWhite } from '../lexer.js';
import { PdfName, PdfStream, type PdfValue } from '../objects.js';

export type StreamEnd = 'length-first' | 'length-last' | 'endstream';

export interface StreamSpans {
  /** Every /Length the dictionary's bytes declare, in key order (indirect ones resolved). */
  declared: number[];
  /** Length up to `endstream` (its end-of-line excluded). */
  toEndstream: number;
}

const LENGTH_KEY = /\/Length(?![A-Za-z0-9])[\s\0]*(\d+)(?:[\s\0]+(\d+)[\s\0]+R(?![A-Za-z]))?/g;

/**
 * The spans of a stream object that starts at `objectOffset` (its `N G obj`). `lengthOf`
 * resolves an indirect /Length through the reading that asks.
 */
export function streamSpans(bytes: Uint8Array, objectOffset: number, stream: PdfStream, lengthOf: (num: number) => number | undefined): StreamSpans {
  const dictText = Buffer.from(bytes.buffer, bytes.byteOffset + objectOffset, Math.max(0, stream.dataStart - objectOffset)).toString('latin1');
  const declared: number[] = [];
  // Nested dictionaries (/DecodeParms) carry no /Length of their own, so every match is a key of this stream.
  for (const m of dictText.matchAll(LENGTH_KEY)) {
    const v = m[2] !== undefined ? lengthOf(Number(m[1])) : Number(m[1]);
    if (v !== undefined && Number.isFinite(v) && v >= 0) declared.push(Math.floor(v));
  }
  return { declared, toEndstream: findEndstream(bytes, stream.dataStart, bytes.length) - stream.dataStart };
}

/** True when the declared lengths and `endstream` do not all mark the same data (trailing whitespace aside). */
export function spansDisagree(bytes: Uint8Array, start: number, spans: StreamSpans): boolean {
  return spans.declared.some((l) => !sameSpan(bytes, start, l, spans.toEndstream));
}

function sameSpan(bytes: Uint8Array, start: number, a: number, b: number): boolean {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (start + hi > bytes.length) return false;
  for (let i = start + lo; i < start + hi; i++) if (!isWhite(bytes[i])) return false;
  return true;
}

/** The stream as a reader with this policy reads it; a declared length past the file is read to `endstream`. */
export function withEnd(bytes: Uint8Array, stream: PdfStream, spans: StreamSpans, end: StreamEnd): PdfStream {
  const pick = end === 'length-first' ? spans.declared[0] : end === 'length-last' ? spans.declared[spans.declared.length - 1] : undefined;
  const length = pick !== undefined && stream.dataStart + pick <= bytes.length ? pick : spans.toEndstream;
  return length === stream.dataLength ? stream : new PdfStream(stream.dict, stream.dataStart, length, bytes);
}

/**
 * True when a Flate stream's data stops before its compressed end: a reader that trusts a short
 * /Length gets a broken stream (it shows an error or nothing), not another page.
 */
export function truncatedFlate(stream: PdfStream, resolve: (v: PdfValue | undefined) => PdfValue | undefined): boolean {
  const f = resolve(stream.dict.get('Filter'));
  const first = Array.isArray(f) ? resolve(f[0]) : f;
  if (!(first instanceof PdfName) || (first.name !== 'FlateDecode' && first.name !== 'Fl')) return false;
  try {
    zlib.inflateSync(stream.raw(), { maxOutputLength: 64 * 1024 * 1024 });
    return false;
  } catch (err) {
    return (err as { code?: string }).code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((err as Error).message));
  }
}
