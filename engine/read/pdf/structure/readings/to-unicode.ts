/**
 * Text of shown strings for comparing readings: a font's /ToUnicode CMap (bfchar and bfrange)
 * when it has one, else the bytes as single-byte codes. Both readings decode the same way, so
 * only the evidence shown to a person depends on how good this is, never the comparison.
 */
import { Lexer } from '../lexer.js';
import { PdfString } from '../objects.js';

export interface CodeMap {
  /** Code length in bytes (2 for CID fonts). */
  width: 1 | 2;
  map: Map<number, string>;
}

const MAX_RANGE = 65_536;

function hexToText(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
  return bytes.length === 1 ? String.fromCharCode(bytes[0]) : s;
}

function codeOf(bytes: Uint8Array): number {
  let v = 0;
  for (const b of bytes) v = v * 256 + b;
  return v;
}

/** Parses the bfchar and bfrange sections of a decoded ToUnicode CMap. */
export function parseToUnicode(data: Uint8Array, twoByte: boolean): CodeMap {
  const map = new Map<number, string>();
  const lx = new Lexer(data);
  const strings: PdfString[] = [];
  let width: 1 | 2 = twoByte ? 2 : 1;
  let mode: 'char' | 'range' | null = null;
  for (let budget = 0; budget < 2_000_000; budget++) {
    let t;
    try {
      t = lx.next();
    } catch {
      break;
    }
    if (t.t === 'eof') break;
    if (t.t === 'kw') {
      if (t.v === 'beginbfchar') mode = 'char';
      else if (t.v === 'beginbfrange') mode = 'range';
      else if (t.v === 'endbfchar' || t.v === 'endbfrange') mode = null;
      strings.length = 0;
      continue;
    }
    if (t.t === 'open' && t.v === '[') {
      // bfrange with an array of destinations: each code maps to its own string.
      const dests: PdfString[] = [];
      for (let u = lx.next(); u.t === 'str'; u = lx.next()) dests.push(u.v);
      if (mode === 'range' && strings.length === 2) {
        const lo = codeOf(strings[0].bytes);
        dests.forEach((d, i) => map.set(lo + i, hexToText(d.bytes)));
      }
      strings.length = 0;
      continue;
    }
    if (t.t !== 'str' || !mode) continue;
    strings.push(t.v);
    if (strings[0].bytes.length === 2) width = 2;
    if (mode === 'char' && strings.length === 2) {
      map.set(codeOf(strings[0].bytes), hexToText(strings[1].bytes));
      strings.length = 0;
    } else if (mode === 'range' && strings.length === 3) {
      const [a, b, dst] = strings;
      const lo = codeOf(a.bytes);
      const hi = Math.min(codeOf(b.bytes), lo + MAX_RANGE);
      const base = hexToText(dst.bytes);
      for (let c = lo; c <= hi; c++) map.set(c, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + (c - lo)));
      strings.length = 0;
    }
  }
  return { width, map };
}

/** The text a shown string stands for under a font's map (null map: single-byte codes as Latin-1). */
export function decodeShown(bytes: Uint8Array, cmap: CodeMap | null, twoByte: boolean): string {
  const width = cmap?.width ?? (twoByte ? 2 : 1);
  let s = '';
  for (let i = 0; i < bytes.length; i += width) {
    const code = width === 2 ? (bytes[i] << 8) | (bytes[i + 1] ?? 0) : bytes[i];
    s += cmap?.map.get(code) ?? (width === 2 ? `<${code.toString(16).padStart(4, '0')}>` : String.fromCharCode(code));
  }
  return s;
}
