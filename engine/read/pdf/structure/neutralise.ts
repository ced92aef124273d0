/**
 * Streams refused by a budget, made harmless in a copy of the same length: the data becomes one
 * Flate stream (empty, or the part that was measured for object streams) padded with zeros, the
 * filter chain becomes `/Fl` padded with spaces, and a refused image declares 1x1 pixels, so no
 * reader sizes a buffer from the original declaration. Offsets, the xref and every other object
 * stay valid.
 */
import zlib from 'node:zlib';
import type { RawStream } from './stream-scan.js';

export interface Neutralisation {
  stream: RawStream;
  /** Decoded bytes to keep (object streams), or null for an empty stream. */
  keep: Uint8Array | null;
  /** Also declare the image 1x1. */
  image: boolean;
  /**
   * A form refused for its uses becomes a PostScript XObject, which readers skip at once: an
   * empty form drawn thousands of times still costs pdf.js a build per draw.
   */
  form?: boolean;
}

const EMPTY_FLATE = zlib.deflateSync(Buffer.alloc(0));
const SPACE = 0x20;

/** Overwrites `[from, to)` of the copy with `text` padded with spaces (never longer than the span). */
function patch(copy: Uint8Array, from: number, to: number, text: string): void {
  copy.fill(SPACE, from, to);
  copy.set(Buffer.from(text.slice(0, to - from), 'latin1'), from);
}

/** The extent of the value after `/Key` in the header: a name, an array or an indirect reference. */
function valueSpan(header: string, key: string): [number, number] | null {
  const m = new RegExp(`/${key}(?![A-Za-z0-9])\\s*(\\[[^\\]]*\\]|/[^\\s/<>\\[\\]()%]+|\\d+\\s+\\d+\\s+R|\\d+)`).exec(header);
  if (!m) return null;
  const start = m.index + m[0].length - m[1].length;
  return [start, start + m[1].length];
}

/** Flate of `keep` (trailing white space dropped, then halved) that fits in `room` bytes, or null. */
function fitting(keep: Uint8Array, room: number): Buffer | null {
  let end = keep.length;
  while (end > 0 && [0x20, 0x0a, 0x0d, 0x09, 0x00].includes(keep[end - 1])) end--;
  for (; end > 0; end >>= 1) {
    const data = zlib.deflateSync(keep.subarray(0, end), { level: 9 });
    if (data.length <= room) return data;
  }
  return null;
}

export function neutralise(bytes: Uint8Array, fixes: readonly Neutralisation[]): Uint8Array {
  const copy = new Uint8Array(bytes);
  for (const { stream: s, keep, image, form } of fixes) {
    const room = s.end - s.start;
    copy.fill(0, s.start, s.end);
    const filter = valueSpan(s.header, 'Filter');
    // Without a filter the zeros alone are empty content (NUL is white space to a PDF lexer).
    if (filter) {
      patch(copy, s.headerStart + filter[0], s.headerStart + filter[1], '/Fl');
      const data = (keep && fitting(keep, room)) ?? EMPTY_FLATE;
      if (data.length <= room) copy.set(data, s.start);
    }
    // Parameters of the old chain (a predictor, an LZW code width) mean nothing to the new one.
    const parms = valueSpan(s.header, 'DecodeParms');
    if (parms) patch(copy, s.headerStart + parms[0], s.headerStart + parms[1], 'null');
    const subtype = form ? /\/Subtype\s*\/Form\b/.exec(s.header) : null;
    if (subtype) patch(copy, s.headerStart + subtype.index, s.headerStart + subtype.index + subtype[0].length, '/Subtype /PS');
    if (!image) continue;
    for (const key of ['Width', 'Height']) {
      const span = valueSpan(s.header, key);
      if (span) patch(copy, s.headerStart + span[0], s.headerStart + span[1], '1');
    }
  }
  return copy;
}
