/**
 * The text a QDF file's pages show, code by code, with the byte offset of every code: what a
 * forger needs to change one printed digit of a document another program wrote. Codes are
 * mapped to characters through the font that shows them (a ToUnicode CMap, or a simple font's
 * standard encoding), so a figure can be found and rewritten whatever the producer's fonts,
 * as long as the font already holds the new digit.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { fontCodes, streamText, type FontCodes } from './font-codes.js';

export { parseToUnicode } from './font-codes.js';

/** One code of a shown string: its character, where its bytes sit in the QDF file and how they are written. */
export interface ShownCode {
  char: string;
  /** Offset of the code's first byte in the file, -1 when written as an escape (not editable). */
  offset: number;
  /** `lit`: one raw byte in a literal string; `hex`: 2 or 4 hex digits in a hex string. */
  form: 'lit' | 'hex';
  width: 1 | 2;
  font: FontCodes;
}

const NO_FONT: FontCodes = { key: '', toChar: new Map(), codeOf: new Map(), width: 1, seenDigits: new Set() };

type Tok = { t: 'str'; lit: boolean; start: number; end: number } | { t: 'op'; v: string } | { t: 'name'; v: string } | { t: 'other' };

/** Tokens of a content stream (strings keep their source span); inline image data is skipped. */
function* tokens(src: string): Generator<Tok> {
  let i = 0;
  const n = src.length;
  while (i < n) {
    const ch = src[i];
    if (/\s/.test(ch)) i++;
    else if (ch === '%') {
      const nl = src.indexOf('\n', i);
      i = nl < 0 ? n : nl + 1;
    } else if (ch === '(') {
      let depth = 1;
      let j = i + 1;
      while (j < n && depth > 0) {
        if (src[j] === '\\') j += 2;
        else {
          if (src[j] === '(') depth++;
          else if (src[j] === ')') depth--;
          j++;
        }
      }
      yield { t: 'str', lit: true, start: i, end: j };
      i = j;
    } else if (ch === '<' && src[i + 1] !== '<') {
      const j = src.indexOf('>', i);
      const end = j < 0 ? n : j + 1;
      yield { t: 'str', lit: false, start: i, end };
      i = end;
    } else if (ch === '<' || ch === '>') {
      i += 2;
      yield { t: 'other' };
    } else if ('[]{}'.includes(ch)) {
      i++;
      yield { t: ch === '[' || ch === ']' ? 'op' : 'other', v: ch } as Tok;
    } else if (ch === '/') {
      let j = i + 1;
      while (j < n && !/[\s/[\]()<>{}%]/.test(src[j])) j++;
      yield { t: 'name', v: src.slice(i + 1, j) };
      i = j;
    } else {
      let j = i;
      while (j < n && !/[\s/[\]()<>{}%]/.test(src[j])) j++;
      if (j === i) j++;
      const word = src.slice(i, j);
      i = j;
      if (/^[+-]?[\d.]+$/.test(word)) yield { t: 'other' };
      else {
        if (word === 'ID') {
          const ei = /\sEI(?=[\s]|$)/g;
          ei.lastIndex = i;
          const m = ei.exec(src);
          i = m ? m.index + m[0].length : n;
        }
        yield { t: 'op', v: word };
      }
    }
  }
}

/** The codes of one string token, with their file offsets (`base` is where the stream starts). */
function stringCodes(src: string, tok: { lit: boolean; start: number; end: number }, base: number, font: FontCodes): ShownCode[] {
  const bytes: Array<{ b: number; off: number }> = [];
  if (tok.lit) {
    for (let i = tok.start + 1; i < tok.end - 1; i++) {
      if (src[i] === '\\') {
        const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4));
        const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
        if (oct) {
          bytes.push({ b: parseInt(oct[0], 8) & 0xff, off: -1 });
          i += oct[0].length;
        } else if (src[i + 1] in esc) {
          bytes.push({ b: esc[src[i + 1]], off: -1 });
          i++;
        } else i++;
      } else bytes.push({ b: src.charCodeAt(i), off: base + i });
    }
  } else {
    let pending: { b: number; off: number } | null = null;
    for (let i = tok.start + 1; i < tok.end - 1; i++) {
      if (!/[0-9a-fA-F]/.test(src[i])) {
        if (/\S/.test(src[i])) return [];
        continue;
      }
      if (!pending) pending = { b: parseInt(src[i], 16) << 4, off: base + i };
      else {
        // Whitespace between the two hex digits of a byte would make it two edits: refuse it.
        bytes.push({ b: pending.b | parseInt(src[i], 16), off: src[i - 1] === undefined || /\s/.test(src[i - 1]) ? -1 : pending.off });
        pending = null;
      }
    }
  }
  const out: ShownCode[] = [];
  for (let k = 0; k + font.width <= bytes.length; k += font.width) {
    const code = font.width === 2 ? (bytes[k].b << 8) | bytes[k + 1].b : bytes[k].b;
    const char = font.toChar.get(code) ?? '\ufffd';
    const contiguous = font.width === 1 || (bytes[k].off >= 0 && bytes[k + 1].off === bytes[k].off + 2);
    out.push({ char, offset: contiguous ? bytes[k].off : -1, form: tok.lit ? 'lit' : 'hex', width: font.width, font });
  }
  return out;
}

interface Drawn {
  /** Codes of one page in drawing order; a text object's end is marked by a newline code. */
  codes: ShownCode[];
}

function resourceFonts(doc: PDFDocument, res: PDFDict | undefined, cache: Map<string, FontCodes | null>): Map<string, FontCodes> {
  const out = new Map<string, FontCodes>();
  const fonts = res?.lookup(PDFName.of('Font'));
  if (!(fonts instanceof PDFDict)) return out;
  for (const [name, ref] of fonts.entries()) {
    const key = ref instanceof PDFRef ? ref.toString() : `${name.asString()}@inline`;
    if (!cache.has(key)) {
      const dict = doc.context.lookup(ref);
      cache.set(key, dict instanceof PDFDict ? fontCodes(doc, key, dict) : null);
    }
    const f = cache.get(key);
    if (f) out.set(name.asString().slice(1), f);
  }
  return out;
}

/** Where each indirect stream's data starts in the QDF file. */
function streamStarts(file: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of file.matchAll(/(?:^|\n)(\d+) (\d+) obj\b/g)) {
    const s = file.indexOf('stream', m.index);
    const eo = file.indexOf('endobj', m.index);
    if (s < 0 || (eo >= 0 && eo < s)) continue;
    let d = s + 'stream'.length;
    if (file[d] === '\r') d++;
    if (file[d] === '\n') d++;
    out.set(`${m[1]} ${m[2]} R`, d);
  }
  return out;
}

/**
 * Every page's shown codes, page by page: page content streams then the form XObjects they
 * name (recursively), each string decoded with the font selected when it is shown.
 */
export async function shownPages(qdf: Uint8Array): Promise<Drawn[]> {
  const doc = await PDFDocument.load(qdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const file = Buffer.from(qdf).toString('latin1');
  const starts = streamStarts(file);
  const cache = new Map<string, FontCodes | null>();
  const pages: Drawn[] = [];
  for (const page of doc.getPages()) {
    const codes: ShownCode[] = [];
    const seenForms = new Set<string>();
    const walk = (refs: PDFRef[], res: PDFDict | undefined) => {
      const fonts = resourceFonts(doc, res, cache);
      let font: FontCodes | undefined;
      const forms: string[] = [];
      for (const ref of refs) {
        const base = starts.get(ref.toString());
        const src = streamText(doc, ref);
        if (base === undefined || src === null) continue;
        let names: string[] = [];
        for (const tok of tokens(src)) {
          if (tok.t === 'name') names.push(tok.v);
          else if (tok.t === 'str') {
            if (font) codes.push(...stringCodes(src, tok, base, font));
          } else if (tok.t === 'op') {
            if (tok.v === 'Tf') font = fonts.get(names[names.length - 1] ?? '');
            else if (tok.v === 'Do' && names.length) forms.push(names[names.length - 1]);
            else if (tok.v === 'ET' || tok.v === 'Td' || tok.v === 'TD' || tok.v === 'T*' || tok.v === 'Tm' || tok.v === "'")
              codes.push({ char: '\n', offset: -1, form: 'lit', width: 1, font: font ?? NO_FONT });
            if (tok.v !== '[' && tok.v !== ']') names = [];
          }
        }
      }
      const xobjects = res?.lookup(PDFName.of('XObject'));
      if (!(xobjects instanceof PDFDict)) return;
      for (const name of forms) {
        const ref = xobjects.get(PDFName.of(name));
        if (!(ref instanceof PDFRef) || seenForms.has(ref.toString())) continue;
        seenForms.add(ref.toString());
        const form = doc.context.lookup(ref);
        if (!(form instanceof PDFRawStream) || form.dict.lookup(PDFName.of('Subtype'))?.toString() !== '/Form') continue;
        const own = form.dict.lookup(PDFName.of('Resources'));
        walk([ref], own instanceof PDFDict ? own : res);
      }
    };
    const contents = page.node.get(PDFName.of('Contents'));
    const refs =
      contents instanceof PDFRef ? [contents] : contents instanceof PDFArray ? contents.asArray().filter((r): r is PDFRef => r instanceof PDFRef) : [];
    walk(refs, page.node.Resources());
    for (const c of codes) if (/\d/.test(c.char)) c.font.seenDigits.add(c.char);
    pages.push({ codes });
  }
  return pages;
}

export interface DigitEdit {
  page: number;
  before: string;
  after: string;
  /** Index of the changed character in `before`. */
  index: number;
  font: string;
}

const isSpace = (c: string) => c === ' ' || c === '\u00a0';

/**
 * Finds `target` (an amount as text extraction printed it; spaces ignored) where a page shows
 * it, last occurrence first on `preferPage`, and changes one of its digits to another digit the
 * same font already shows, writing the new code in place (same byte length). Null when the
 * amount is not shown in codes that can be rewritten so.
 */
export async function editShownDigit(qdf: Uint8Array, target: string, preferPage = 0): Promise<{ bytes: Uint8Array; edit: DigitEdit } | null> {
  const pages = await shownPages(qdf);
  const want = [...target].filter((c) => !isSpace(c)).join('');
  const order = [preferPage, ...pages.map((_, i) => i).filter((i) => i !== preferPage)].filter((i) => i < pages.length);
  for (const p of order) {
    // Spaces and text-object breaks are left out of the search (a figure can be drawn glyph by
    // glyph), but a break still ends a figure: the next object's digits are another figure.
    const marked = pages[p].codes.filter((c) => !isSpace(c.char));
    const codes: ShownCode[] = [];
    const breakBefore: boolean[] = [];
    let pendingBreak = true;
    for (const c of marked) {
      if (c.char === '\n') pendingBreak = true;
      else {
        codes.push(c);
        breakBefore.push(pendingBreak);
        pendingBreak = false;
      }
    }
    breakBefore.push(true);
    const text = codes.map((c) => c.char).join('');
    const hits: number[] = [];
    for (let at = text.indexOf(want); at >= 0; at = text.indexOf(want, at + 1)) {
      const end = at + want.length;
      const openBefore = breakBefore[at] || !/\d/.test(text[at - 1] ?? '');
      const closedAfter =
        breakBefore[end] || (!/\d/.test(text[end] ?? '') && !(/[.,]/.test(text[end] ?? '') && !breakBefore[end + 1] && /\d/.test(text[end + 1] ?? '')));
      if (openBefore && closedAfter) hits.push(at);
    }
    for (const at of hits.reverse()) {
      const span = codes.slice(at, at + want.length);
      for (let k = 0; k < span.length; k++) {
        const c = span[k];
        if (!/\d/.test(c.char) || c.offset < 0) continue;
        const digit = pickDigit(c, k === 0);
        if (digit === null) continue;
        const code = c.font.codeOf.get(digit)!;
        const out = Buffer.from(qdf);
        if (c.form === 'lit') {
          // A literal string byte that would need escaping cannot replace a digit in place.
          if (code < 0x20 || code > 0x7e || code === 0x28 || code === 0x29 || code === 0x5c) continue;
          out[c.offset] = code;
        } else
          out.write(
            code
              .toString(16)
              .padStart(2 * c.width, '0')
              .toUpperCase(),
            c.offset,
            'latin1',
          );
        const after = want.slice(0, k) + digit + want.slice(k + 1);
        return { bytes: new Uint8Array(out), edit: { page: p, before: want, after, index: k, font: c.font.key } };
      }
    }
  }
  return null;
}

/** old + 2 (mod 10) or the nearest other digit the font shows elsewhere; a leading digit never becomes 0. */
function pickDigit(c: ShownCode, leading: boolean): string | null {
  const old = Number(c.char);
  for (const step of [2, 1, 3, 4, 5, 6, 7, 8, 9]) {
    const d = String((old + step) % 10);
    if (leading && d === '0') continue;
    if (c.font.seenDigits.has(d) && c.font.codeOf.has(d)) return d;
  }
  return null;
}
