/**
 * Whether two versions of a page draw the same thing, judged by what their content and
 * resources mean rather than by object numbers or bytes. Tools that add an annotation or a
 * signature field often normalise the page on the way: they wrap the existing content in a
 * q ... Q pair (two tiny new streams around the old one) and rewrite the resources dictionary
 * inline with empty /XObject or /ExtGState entries. Neither changes a single painted pixel, so
 * neither is a content edit; anything that adds a painting operator still is.
 */
import { createHash } from 'node:crypto';
import { decodeStream } from './filters.js';
import { isWhite, Lexer, type Token } from './lexer.js';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from './objects.js';
import { fingerprint } from './roles.js';
import type { RevisionState } from './state.js';

/**
 * Two numbers closer than this (a hundredth of a point, 1/7200 inch: under a pixel at any
 * printer's resolution) give the same page. Tools that write a page dictionary out again print
 * reals at their own precision: LibreOffice writes A4 as `595.303937007874`, poppler (Okular)
 * saving an annotation writes the same box back as `595.3039370079`.
 */
const SAME_NUMBER = 0.01;

/** A page entry's two values mean the same: numbers (in arrays too) within SAME_NUMBER, anything else as written. */
export function samePageValue(a: PdfValue | undefined, b: PdfValue | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < SAME_NUMBER;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => samePageValue(x, b[i]));
  return fingerprint(a) === fingerprint(b);
}

/** Decoded content streams joined as the viewer reads them; null when one cannot be decoded. */
function contentBytes(state: RevisionState, nums: Iterable<number>): Uint8Array[] | null {
  // Encrypted streams would need decrypting first; byte comparison stays the judge there.
  if (state.file.encrypted) return null;
  const parts: Uint8Array[] = [];
  for (const n of nums) {
    const s = state.getObject(n);
    if (!(s instanceof PdfStream)) return null;
    const data = decodeStream(s, (v) => state.resolve(v));
    if (!data) return null;
    parts.push(data);
  }
  return parts;
}

/**
 * Content as the operators and operands it holds, written one way: `1.0` and `1`, `(a)` and
 * `<61>`, `[(a)-2(b)]TJ` and `[ (a) -2 (b) ] TJ` are the same instruction. Tools that extract or
 * re-save pages (page splitters, PDF libraries writing their own serialisation) re-emit content
 * in their own spelling; the page still paints the same pixels. Inline image data is compared by
 * its bytes. Null when the content is too large to be worth the comparison.
 */
export function canonicalContent(parts: Uint8Array[]): string | null {
  const out: string[] = [];
  for (const buf of parts) {
    if (buf.length > CANONICAL_LIMIT) return null;
    const lx = new Lexer(buf);
    for (;;) {
      let tok: Token;
      try {
        tok = lx.next();
      } catch {
        return null;
      }
      if (tok.t === 'eof') break;
      if (tok.t === 'num') out.push(String(tok.v));
      else if (tok.t === 'name') out.push(`/${tok.v}`);
      else if (tok.t === 'str') out.push(`<${Buffer.from(tok.v.bytes).toString('hex')}>`);
      else out.push(tok.v);
      if (tok.t === 'kw' && tok.v === 'ID') {
        // Inline image bytes run to whitespace + EI; lexing them as tokens would be noise.
        const start = lx.pos + 1;
        let end = start;
        while (end < buf.length - 2 && !(isWhite(buf[end]) && buf[end + 1] === 0x45 && buf[end + 2] === 0x49)) end++;
        out.push(createHash('sha1').update(buf.subarray(start, end)).digest('hex'));
        lx.pos = end;
      }
    }
  }
  return out.join(' ');
}

const CANONICAL_LIMIT = 8 * 1024 * 1024;

function contentText(state: RevisionState, nums: Iterable<number>): string | null {
  const parts = contentBytes(state, nums);
  return parts && parts.map((b) => Buffer.from(b).toString('latin1')).join('\n');
}

/**
 * Content with whitespace normalised and any outer q/Q (save/restore state) wrapping removed.
 * Word by word from both ends: linear even for content nested a hundred thousand deep.
 */
export function unwrapContent(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  let first = 0;
  let end = words.length;
  for (let moved = true; moved;) {
    moved = false;
    if (first < end && words[first] === 'q') {
      first++;
      moved = true;
    }
    if (first < end && words[end - 1] === 'Q') {
      end--;
      moved = true;
    }
  }
  return words.slice(first, end).join(' ');
}

/** Both versions' content in canonical form; null when either cannot be decoded or read. */
function canonicalPair(before: RevisionState, oldNums: Iterable<number>, after: RevisionState, newNums: Iterable<number>): [string, string] | null {
  const a = contentBytes(before, oldNums);
  const b = contentBytes(after, newNums);
  if (a === null || b === null) return null;
  const ca = canonicalContent(a);
  const cb = canonicalContent(b);
  return ca === null || cb === null ? null : [ca, cb];
}

/**
 * True when the new content streams paint exactly what the old ones painted: identical
 * operators once whitespace and save/restore wrappers at the ends are set aside.
 */
export function sameDrawing(before: RevisionState, oldNums: Iterable<number>, after: RevisionState, newNums: Iterable<number>): boolean {
  const pair = canonicalPair(before, oldNums, after, newNums);
  if (pair === null) return false;
  const [ca, cb] = pair;
  return unwrapContent(ca) === unwrapContent(cb);
}

/** Operators that only say where the next glyphs go (and the TJ adjustments between them). */
const PLACEMENT = new Set(['Td', 'TD', 'Tm', 'T*']);
const OPERAND = /^(?:[-+.\d]|\/|<[0-9a-f]*>$|\[$|\]$|<<$|>>$|true$|false$|null$)/;
const SHOWN = /^<[0-9a-f]*>$/;

/**
 * Content with text placement set aside: the operands of Td, TD, Tm and T* and the numbers inside
 * TJ arrays dropped, and the glyphs that consecutive Tj/TJ shows paint joined into one sequence
 * (so the same glyphs grouped into other shows read the same). Everything else (fonts, sizes,
 * colours, paths, images, marked content) is kept as written.
 */
function withoutPlacement(canonical: string): string {
  const out: string[] = [];
  let operands: string[] = [];
  let shown = '';
  for (const tok of canonical.split(' ')) {
    if (OPERAND.test(tok)) {
      operands.push(tok);
      continue;
    }
    if (tok === 'Tj' || tok === 'TJ')
      shown += operands
        .filter((o) => SHOWN.test(o))
        .map((o) => o.slice(1, -1))
        .join('');
    else if (!PLACEMENT.has(tok)) {
      if (shown) out.push(`glyphs${shown}`);
      shown = '';
      out.push(...operands, tok);
    }
    operands = [];
  }
  if (shown) out.push(`glyphs${shown}`);
  return out.join(' ');
}

/**
 * True when two versions of a page's content paint the same glyphs in the same order, in the same
 * fonts, with the same drawings, and differ only in how the text is placed: Acrobat's text
 * editing writes every show of a page it touched out again, regrouping glyphs between TJ arrays
 * and recomputing the Td offsets. Whether the glyphs still land in the same places is for the
 * caller to check on the rendered text (the text diff).
 */
export function sameGlyphsPlacedAnew(before: RevisionState, oldNums: Iterable<number>, after: RevisionState, newNums: Iterable<number>): boolean {
  const pair = canonicalPair(before, oldNums, after, newNums);
  if (pair === null) return false;
  const [ca, cb] = pair;
  return withoutPlacement(unwrapContent(ca)) === withoutPlacement(unwrapContent(cb));
}

/** What drawing thin lines needs: path construction, stroking, colour and line style. */
const STROKE_OPS = new Set([
  'm',
  'l',
  'c',
  'v',
  'y',
  'h',
  're',
  'S',
  's',
  'n',
  'q',
  'Q',
  'w',
  'J',
  'j',
  'M',
  'd',
  'RG',
  'rg',
  'G',
  'g',
  'K',
  'k',
  'CS',
  'cs',
  'SC',
  'SCN',
  'sc',
  'scn',
  'i',
]);
/** A line at most this wide (points) marks text; it cannot hide a glyph. */
const THIN_LINE = 2;

/**
 * True when the new content is the old content (as it was, or wrapped in q/Q) followed by
 * nothing but thin stroked lines: outlines, underlines and boxes drawn round words, as review
 * tools and scripts (PyMuPDF's draw_rect, draw_quad) append them. No text, fill, image, shading,
 * graphics-state dictionary or transformation is drawn, and no line is wider than THIN_LINE.
 */
export function onlyThinLinesAppended(before: RevisionState, oldNums: Iterable<number>, after: RevisionState, newNums: Iterable<number>): boolean {
  const pair = canonicalPair(before, oldNums, after, newNums);
  if (pair === null) return false;
  const [ca, cb] = pair;
  const prefix = [ca, `q ${ca} Q`].find((p) => cb.startsWith(`${p} `));
  if (prefix === undefined) return false;
  const added = cb.slice(prefix.length + 1).split(' ');
  let operands: string[] = [];
  let strokes = 0;
  // Whether a thin width was set by the added content, per save level: a line drawn at the width
  // the page left in force could be any width.
  const thin: boolean[] = [false];
  for (const tok of added) {
    if (OPERAND.test(tok)) {
      operands.push(tok);
      continue;
    }
    if (!STROKE_OPS.has(tok)) return false;
    if (tok === 'w') {
      if (!(Number(operands[0]) <= THIN_LINE)) return false;
      thin[thin.length - 1] = true;
    } else if (tok === 'q') thin.push(thin[thin.length - 1]);
    else if (tok === 'Q' && thin.length > 1) thin.pop();
    else if (tok === 'S' || tok === 's') {
      if (!thin[thin.length - 1]) return false;
      strokes++;
    }
    operands = [];
  }
  return strokes > 0;
}

/**
 * Acrobat's page furniture (Add Watermark, Background, Header & Footer, Bates numbering) is
 * written as marked content `/Artifact <</Subtype /Watermark /Type /Pagination>> BDC`: the
 * subtypes a page's content streams mark so (empty when none, or when they cannot be read).
 */
export function paginationArtifacts(state: RevisionState, nums: Iterable<number>): Set<string> {
  const out = new Set<string>();
  const text = contentText(state, nums);
  if (!text) return out;
  for (const m of text.matchAll(/\/Artifact\s*<<([^>]*)>>\s*BDC/g)) {
    if (!/\/Type\s*\/Pagination\b/.test(m[1])) continue;
    const sub = /\/Subtype\s*\/(\w+)/.exec(m[1]);
    out.add(sub ? sub[1] : 'Pagination');
  }
  return out;
}

const RESOURCE_DEPTH = 6;

/**
 * A fingerprint of a page's resources by meaning: references are followed (so the same fonts
 * inline or behind a reference print the same), empty dictionaries and arrays are dropped, and
 * streams are represented by their bytes.
 */
export function resourcesPrint(state: RevisionState, resources: PdfDict | null): string {
  const h = createHash('sha1');
  const walk = (x: PdfValue | undefined, depth: number, path: Set<number>): void => {
    if (depth > RESOURCE_DEPTH) return void h.update('…;');
    if (x instanceof PdfRef) {
      // A cycle (a font's /Parent, a form's own resources) prints as a marker, not forever.
      if (path.has(x.num)) return void h.update('↺;');
      const next = new Set(path).add(x.num);
      return walk(state.getObject(x.num), depth, next);
    }
    if (x === undefined || x === null) h.update('n;');
    else if (typeof x === 'number' || typeof x === 'boolean') h.update(`${x};`);
    else if (x instanceof PdfName) h.update(`/${x.name};`);
    else if (x instanceof PdfString) h.update(`(${Buffer.from(x.bytes).toString('hex')});`);
    else if (Array.isArray(x)) {
      h.update('[');
      for (const y of x) walk(y, depth + 1, path);
      h.update(']');
    } else {
      const d = x instanceof PdfStream ? x.dict : x;
      h.update('<<');
      for (const k of d.keys().sort()) {
        if (k === 'Length' || k === 'Parent') continue;
        if (isEmpty(state, d.get(k))) continue;
        h.update(`/${k} `);
        walk(d.get(k), depth + 1, path);
      }
      h.update('>>');
      if (x instanceof PdfStream) h.update(x.raw());
    }
  };
  walk(resources ?? undefined, 0, new Set());
  return h.digest('hex');
}

function isEmpty(state: RevisionState, v: PdfValue | undefined): boolean {
  const r = state.resolve(v);
  if (Array.isArray(r)) return r.length === 0;
  return r instanceof PdfDict && r.keys().length === 0;
}
