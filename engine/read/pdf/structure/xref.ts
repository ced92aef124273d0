/**
 * Reading cross-reference sections: classic `xref` tables with their trailer, and xref streams
 * (PDF 1.5) with /W, /Index and predictors. A hybrid file's /XRefStm is read by the caller.
 */
import { decodeStream } from './filters.js';
import { Lexer, Parser, matchAt } from './lexer.js';
import { PdfDict, PdfStream, type PdfRef, type PdfValue } from './objects.js';
import type { XrefEntry } from './types.js';

export interface XrefSection {
  offset: number;
  kind: 'table' | 'stream';
  entries: XrefEntry[];
  trailer: PdfDict;
  /** Object number of the xref stream itself (streams only). */
  streamObjNum?: number;
}

const XREF = Buffer.from('xref', 'latin1');

/** Reads a classic table at `offset` (which must point at the `xref` keyword). */
export function readXrefTable(bytes: Uint8Array, offset: number, resolveLength?: (r: PdfRef) => number | undefined): XrefSection | null {
  if (!matchAt(bytes, offset, XREF)) return null;
  const lexer = new Lexer(bytes, offset + 4);
  const entries: XrefEntry[] = [];
  let firstSubsection = true;
  for (let guard = 0; guard < 1_000_000; guard++) {
    const save = lexer.pos;
    const a = lexer.next();
    if (a.t === 'kw' && a.v === 'trailer') break;
    if (a.t !== 'num') {
      lexer.pos = save;
      break;
    }
    const b = lexer.next();
    if (b.t !== 'num') return null;
    let start = a.v;
    const count = b.v;
    // Reading the entries by fixed width would break on writers that use 1-byte EOLs.
    for (let i = 0; i < count; i++) {
      const p = lexer.pos;
      const off = lexer.next();
      const gen = lexer.next();
      const type = lexer.next();
      if (off.t !== 'num' || gen.t !== 'num' || type.t !== 'kw' || (type.v !== 'n' && type.v !== 'f')) {
        // Fewer entries than announced: stop this subsection where the next one starts.
        lexer.pos = p;
        break;
      }
      // A well-known writer bug: "xref 1 N" whose first entry is the free head of the list.
      if (firstSubsection && i === 0 && start === 1 && type.v === 'f' && gen.v === 65535) start = 0;
      const num = start + i;
      entries.push({ num, gen: gen.v, type: type.v, offset: off.v });
    }
    firstSubsection = false;
  }
  const parser = new Parser(lexer, resolveLength);
  // `trailer` has been consumed (or is missing: then there is nothing to read).
  const trailer = parser.parseValue();
  return { offset, kind: 'table', entries, trailer: trailer instanceof PdfDict ? trailer : new PdfDict() };
}

/** Parses `N G obj` at offset; null when no object header is there. */
export function readIndirectAt(
  bytes: Uint8Array,
  offset: number,
  resolveLength?: (r: PdfRef) => number | undefined,
): { num: number; gen: number; value: PdfValue; end: number; lengthRepaired: boolean } | null {
  if (offset < 0 || offset >= bytes.length) return null;
  const lexer = new Lexer(bytes, offset);
  const a = lexer.next();
  const b = lexer.next();
  const c = lexer.next();
  if (a.t !== 'num' || b.t !== 'num' || c.t !== 'kw' || c.v !== 'obj' || !Number.isInteger(a.v) || !Number.isInteger(b.v)) return null;
  const body = new Parser(lexer, resolveLength).parseObjectBody();
  return { num: a.v, gen: b.v, ...body };
}

/** Reads an xref stream object at `offset`. */
export function readXrefStream(bytes: Uint8Array, offset: number, resolveLength?: (r: PdfRef) => number | undefined): XrefSection | null {
  const obj = readIndirectAt(bytes, offset, resolveLength);
  if (!obj || !(obj.value instanceof PdfStream)) return null;
  const dict = obj.value.dict;
  if (dict.name('Type') !== 'XRef') return null;
  const w = dict.get('W');
  if (!Array.isArray(w) || w.length < 3 || !w.every((x) => typeof x === 'number' && x >= 0 && x <= 8)) return null;
  const widths = w as number[];
  const data = decodeStream(obj.value);
  if (!data) return null;
  const size = dict.num('Size') ?? 0;
  const idx = dict.get('Index');
  const ranges: number[] = Array.isArray(idx) && idx.every((x) => typeof x === 'number') ? (idx as number[]) : [0, size];
  const rowLen = widths[0] + widths[1] + widths[2];
  const entries: XrefEntry[] = [];
  let pos = 0;
  const field = (width: number, dflt: number): number => {
    if (width === 0) return dflt;
    let v = 0;
    for (let i = 0; i < width; i++) v = v * 256 + data[pos++];
    return v;
  };
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    const start = ranges[r];
    const count = ranges[r + 1];
    for (let i = 0; i < count && pos + rowLen <= data.length; i++) {
      const type = field(widths[0], 1);
      const f2 = field(widths[1], 0);
      const f3 = field(widths[2], 0);
      const num = start + i;
      if (type === 0) entries.push({ num, gen: f3, type: 'f', offset: f2 });
      else if (type === 1) entries.push({ num, gen: f3, type: 'n', offset: f2 });
      else if (type === 2) entries.push({ num, gen: 0, type: 'c', offset: 0, streamNum: f2, streamIndex: f3 });
      // Other types are reserved: readers treat them as null references.
    }
  }
  return { offset, kind: 'stream', entries, trailer: dict, streamObjNum: obj.num };
}

/** Reads whatever section is at offset: a table or a stream. */
export function readXrefSection(bytes: Uint8Array, offset: number, resolveLength?: (r: PdfRef) => number | undefined): XrefSection | null {
  if (offset < 0 || offset >= bytes.length) return null;
  // Offsets that land on padding before the section are accepted; the section's own start is kept.
  const lexer = new Lexer(bytes, offset);
  lexer.skipWhitespace();
  const start = lexer.pos;
  try {
    return readXrefTable(bytes, start, resolveLength) ?? readXrefStream(bytes, start, resolveLength);
  } catch {
    return null;
  }
}
