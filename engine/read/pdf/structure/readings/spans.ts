/**
 * Where a stream's data ends, as different readers decide it. A strict reader takes the bytes
 * its /Length declares (the first /Length key, or the last, when a dictionary has two); a
 * recovering reader runs to the `endstream` keyword. On a sound file every answer is the same
 * span; on a file built to confuse, each is a different content stream.
 */
import zlib from 'node:zlib';
import { findEndstream, isDelimiter, isWhite } from '../lexer.js';
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
  return spans.declared.some((l) => usable(bytes, start, l, spans) && !sameSpan(bytes, start, l, spans.toEndstream));
}

/** A declared length some reader would really read by: not past endstream, and not cutting a token or string in half. */
function usable(bytes: Uint8Array, start: number, length: number, spans: StreamSpans): boolean {
  return !overruns(length, spans) && (length >= spans.toEndstream || cleanCut(bytes, start, length));
}

/**
 * True when data cut at `length` ends between tokens and outside any string or comment: what a
 * reader trusting that /Length reads is then complete syntax. A cut inside `(Missing value fo`
 * is a sloppy /Length, and every reader that meets it shows a broken page, not another one.
 */
export function cleanCut(bytes: Uint8Array, start: number, length: number): boolean {
  const end = start + length;
  if (end < bytes.length && !isWhite(bytes[end]) && !isWhite(bytes[end - 1]) && !isDelimiter(bytes[end]) && !isDelimiter(bytes[end - 1])) return false;
  for (let i = start; i < end; i++) {
    const c = bytes[i];
    if (c === 0x25) {
      while (i < end && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      let depth = 1;
      for (i++; i < end && depth > 0; i++) {
        if (bytes[i] === 0x5c) i++;
        else if (bytes[i] === 0x28) depth++;
        else if (bytes[i] === 0x29) depth--;
      }
      if (depth > 0) return false;
      i--;
    } else if (c === 0x3c && bytes[i + 1] !== 0x3c) {
      while (i < end && bytes[i] !== 0x3e) i++;
      if (i >= end) return false;
    } else if (c === 0x3c) i++;
  }
  return true;
}

/**
 * A declared length that runs into the `endstream` keyword is no reading at all: a reader that
 * trusts /Length checks for the keyword there and, not finding it, scans for it like the rest.
 */
function overruns(length: number, spans: StreamSpans): boolean {
  return length > spans.toEndstream + 2;
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
  const length = pick !== undefined && usable(bytes, stream.dataStart, pick, spans) ? pick : spans.toEndstream;
  return length === stream.dataLength ? stream : new PdfStream(stream.dict, stream.dataStart, length, bytes);
}

/**
 * True when a Flate stream's data stops before its compressed end: a reader that trusts a short
 * /Length gets a broken stream (it shows an error or nothing), not another page.
 */
export function truncatedFlate(stream: PdfStream, resolve: (v: PdfValue | undefined) => PdfValue | undefined): boolean {
  if (!isFlate({ resolve }, stream)) return false;
  try {
    zlib.inflateSync(stream.raw(), { maxOutputLength: 64 * 1024 * 1024 });
    return false;
  } catch (err) {
    return (err as { code?: string }).code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((err as Error).message));
  }
}

/** True when the stream's first filter is Flate. */
export function isFlate(source: { resolve(v: PdfValue | undefined): PdfValue | undefined }, stream: PdfStream): boolean {
  const f = source.resolve(stream.dict.get('Filter'));
  const first = Array.isArray(f) ? source.resolve(f[0]) : f;
  return first instanceof PdfName && (first.name === 'FlateDecode' || first.name === 'Fl');
}
