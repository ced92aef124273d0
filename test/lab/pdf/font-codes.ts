/**
 * What a font's codes show: its ToUnicode map, or a simple font's standard encoding with the
 * Differences that rename digits. Used to find a printed figure in a content stream and to
 * write another digit in the font's own code.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

export interface FontCodes {
  key: string;
  /** Code -> character, from its ToUnicode map or its encoding. */
  toChar: Map<number, string>;
  /** Character -> code, for the characters the font can show. */
  codeOf: Map<string, number>;
  width: 1 | 2;
  /** Digits the document shows with this font: glyphs a subset font surely holds. */
  seenDigits: Set<string>;
}

const STANDARD_NAMES: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  period: '.',
  comma: ',',
  space: ' ',
  hyphen: '-',
  minus: '-',
  parenleft: '(',
  parenright: ')',
  dollar: '$',
  Euro: '€',
  sterling: '£',
};

function parseHex(h: string): number[] {
  const clean = h.replace(/[^0-9a-fA-F]/g, '');
  const out: number[] = [];
  for (let i = 0; i < clean.length; i += 2) out.push(parseInt(clean.slice(i, i + 2).padEnd(2, '0'), 16));
  return out;
}

function utf16(bytes: number[]): string {
  let s = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
  return s;
}

/** bfchar / bfrange entries of a ToUnicode CMap: code -> text. */
export function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1].matchAll(/<([0-9a-fA-F\s]+)>\s*<([0-9a-fA-F\s]*)>/g)) {
      const code = parseHex(m[1]).reduce((a, b) => a * 256 + b, 0);
      map.set(code, utf16(parseHex(m[2])));
    }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1].matchAll(/<([0-9a-fA-F\s]+)>\s*<([0-9a-fA-F\s]+)>\s*(<[0-9a-fA-F\s]*>|\[[^\]]*\])/g)) {
      const lo = parseHex(m[1]).reduce((a, b) => a * 256 + b, 0);
      const hi = parseHex(m[2]).reduce((a, b) => a * 256 + b, 0);
      if (hi - lo > 0xffff) continue;
      if (m[3].startsWith('[')) {
        [...m[3].matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((d, i) => map.set(lo + i, utf16(parseHex(d[1]))));
      } else {
        const dst = parseHex(m[3].slice(1, -1));
        for (let c = lo; c <= hi; c++) {
          const last = ((dst[dst.length - 2] ?? 0) << 8) | (dst[dst.length - 1] ?? 0);
          map.set(c, utf16(dst.slice(0, -2)) + String.fromCharCode(last + (c - lo)));
        }
      }
    }
  return map;
}

/** WinAnsi bytes that differ from Latin-1 and can sit next to a figure. */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0xa0: ' ' };

export function streamText(doc: PDFDocument, obj: PDFObject | undefined): string | null {
  const s = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (!(s instanceof PDFRawStream)) return null;
  // A QDF file keeps streams decoded unless a filter qpdf cannot undo remains.
  if (s.dict.get(PDFName.of('Filter'))) return null;
  return Buffer.from(s.contents).toString('latin1');
}

/** Code -> character map of one font, or null when its digits cannot be told from its codes. */
export function fontCodes(doc: PDFDocument, key: string, font: PDFDict): FontCodes | null {
  const subtype = font.lookup(PDFName.of('Subtype'));
  const type0 = subtype instanceof PDFName && subtype.asString() === '/Type0';
  const width: 1 | 2 = type0 ? 2 : 1;
  const codeToChar = new Map<number, string>();
  const tu = streamText(doc, font.get(PDFName.of('ToUnicode')));
  if (tu) for (const [c, t] of parseToUnicode(tu)) if (t.length === 1) codeToChar.set(c, t);
  if (!type0 && codeToChar.size === 0) {
    // A simple font without a map: standard encodings show digits and separators as ASCII.
    for (let c = 0x20; c < 0x7f; c++) codeToChar.set(c, String.fromCharCode(c));
    for (const [c, t] of Object.entries(WIN_ANSI)) codeToChar.set(Number(c), t);
    const enc = font.lookup(PDFName.of('Encoding'));
    if (enc instanceof PDFDict) {
      const diffs = enc.lookup(PDFName.of('Differences'));
      if (diffs instanceof PDFArray) {
        let code = 0;
        for (const item of diffs.asArray()) {
          const v = doc.context.lookup(item);
          if (v instanceof PDFName) {
            const name = v.asString().slice(1);
            if (STANDARD_NAMES[name]) codeToChar.set(code, STANDARD_NAMES[name]);
            else codeToChar.delete(code);
            code++;
          } else code = Number(v?.toString());
        }
      }
    }
  }
  if (codeToChar.size === 0) return null;
  const codeOf = new Map<string, number>();
  for (const [c, t] of codeToChar) if (!codeOf.has(t)) codeOf.set(t, c);
  return { key, toChar: codeToChar, codeOf, width, seenDigits: new Set() };
}
