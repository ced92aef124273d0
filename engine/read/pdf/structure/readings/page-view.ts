/**
 * What one page shows under one reading, reduced to what a person compares: the text its
 * content streams paint (forms included), the images it draws (by their bytes), and a digest of
 * every operator (colours, shapes). Work is bounded per reading: content beyond the budget is
 * not read, and a page whose content cannot be decoded is marked so rather than read as empty.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { decodeStream } from '../filters.js';
import { isWhite, Lexer, type Token } from '../lexer.js';
import { PdfDict, PdfRef, PdfStream, type PdfValue } from '../objects.js';
import type { ObjectSource, PageNode } from '../pages.js';
import { isFlate, truncatedFlate } from './spans.js';
import { decodeShown, parseToUnicode, type CodeMap } from './to-unicode.js';

export interface PageView {
  /** Object number of the page dictionary. */
  object: number;
  text: string;
  /** Digests of the image XObjects drawn, in drawing order. */
  images: string[];
  /** Digest of every operator and operand painted (forms expanded). */
  drawing: string;
  /** True when some content could not be read: the page is not compared. */
  unreadable: boolean;
}

export interface ViewBudget {
  /** Decoded content bytes left for this reading. */
  bytes: number;
}

const MAX_FORM_DEPTH = 8;
const MAX_ANNOTS = 500;
const SHOW_OPS = new Set(['Tj', "'", '"', 'TJ']);

export function viewPage(source: ObjectSource & { missing?: (num: number) => boolean }, page: PageNode, budget: ViewBudget): PageView {
  const state = { text: [] as string[], images: [] as string[], hash: createHash('sha1'), unreadable: false };
  const contents = source.resolve(page.dict.get('Contents'));
  const own = page.dict.get('Contents');
  const refs = Array.isArray(contents) ? contents : own === undefined ? [] : [own];
  const data: Uint8Array[] = [];
  for (const ref of refs) {
    const p = source.resolve(ref);
    // Content this reading cannot find anywhere is a broken reading of the page, not another page.
    if (ref instanceof PdfRef && source.missing?.(ref.num)) state.unreadable = true;
    // A reference to nothing (a free object) or to a dictionary without data is skipped by viewers: the page shows the rest.
    if (p === null || p === undefined || p instanceof PdfDict) continue;
    const bytes = p instanceof PdfStream ? readStream(source, p, budget) : null;
    if (!bytes) state.unreadable = true;
    else data.push(bytes);
  }
  paint(source, joinParts(data), page.resources, state, budget, 0, new Set());
  // Annotation appearances (filled form fields, stamps) are painted on the page as well.
  const annots = source.resolve(page.dict.get('Annots'));
  for (const a of Array.isArray(annots) ? annots.slice(0, MAX_ANNOTS) : []) {
    const ap = source.dict(source.dict(a)?.get('AP'));
    const normal = ap?.get('N');
    const shown = source.resolve(normal) instanceof PdfStream ? normal : source.dict(normal)?.get(source.dict(a)?.name('AS') ?? '');
    if (shown !== undefined) drawXObject(source, shown, state, budget, 0, new Set(), true);
  }
  return {
    object: page.num,
    text: state.text.join(' ').replace(/\s+/g, ' ').trim(),
    images: state.images,
    drawing: state.hash.digest('hex'),
    unreadable: state.unreadable,
  };
}

function readStream(source: ObjectSource, s: PdfStream, budget: ViewBudget): Uint8Array | null {
  if (budget.bytes <= 0 || truncatedFlate(s, (v) => source.resolve(v))) return null;
  const data = decodeStream(s, (v) => source.resolve(v));
  if (data) budget.bytes -= data.length;
  return data;
}

function joinParts(parts: Uint8Array[]): Uint8Array {
  // Content streams of one page are one stream split anywhere (ISO 32000 7.8.2), separated by whitespace.
  return Buffer.concat(parts.flatMap((p) => [p, Buffer.from('\n')]));
}

interface PaintState {
  text: string[];
  images: string[];
  hash: ReturnType<typeof createHash>;
  unreadable: boolean;
}

function paint(
  source: ObjectSource,
  data: Uint8Array,
  resources: PdfDict | null,
  state: PaintState,
  budget: ViewBudget,
  depth: number,
  forms: Set<number>,
): void {
  const fonts = source.dict(resources?.get('Font'));
  const xobjects = source.dict(resources?.get('XObject'));
  const lx = new Lexer(data);
  let operands: Token[] = [];
  let font: { cmap: CodeMap | null; twoByte: boolean } = { cmap: null, twoByte: false };
  for (let n = 0; n < 5_000_000; n++) {
    let tok: Token;
    try {
      tok = lx.next();
    } catch {
      state.unreadable = true;
      return;
    }
    if (tok.t === 'eof') return;
    state.hash.update(tok.t === 'str' ? `<${Buffer.from(tok.v.bytes).toString('hex')}>` : tok.t === 'name' ? `/${tok.v}` : String(tok.v)).update(' ');
    if (tok.t !== 'kw' || tok.v === 'true' || tok.v === 'false' || tok.v === 'null') {
      operands.push(tok);
      continue;
    }
    const op = tok.v;
    if (op === 'ID') {
      skipInlineImage(lx, data, state);
    } else if (op === 'Tf') {
      const name = operands.find((o) => o.t === 'name');
      font = name?.t === 'name' ? fontCodes(source, source.dict(fonts?.get(name.v))) : { cmap: null, twoByte: false };
    } else if (SHOW_OPS.has(op)) {
      for (const o of operands) if (o.t === 'str') state.text.push(decodeShown(o.v.bytes, font.cmap, font.twoByte));
    } else if (op === 'Do') {
      const name = operands.find((o) => o.t === 'name');
      if (name?.t === 'name') drawXObject(source, xobjects?.get(name.v), state, budget, depth, forms);
    }
    operands = [];
  }
}

function drawXObject(
  source: ObjectSource,
  ref: PdfValue | undefined,
  state: PaintState,
  budget: ViewBudget,
  depth: number,
  forms: Set<number>,
  appearance = false,
): void {
  const xo = source.resolve(ref);
  if (!(xo instanceof PdfStream)) return;
  // Appearance streams are forms whether or not they say so.
  const subtype = appearance ? 'Form' : xo.dict.name('Subtype');
  if (subtype === 'Image') {
    const digest = imageDigest(source, xo, budget);
    if (digest) state.images.push(digest);
    else state.unreadable = true;
    return;
  }
  if (subtype !== 'Form' || depth >= MAX_FORM_DEPTH) return;
  const num = ref instanceof PdfRef ? ref.num : -1;
  if (forms.has(num)) return;
  const data = readStream(source, xo, budget);
  if (!data) {
    state.unreadable = true;
    return;
  }
  paint(source, data, source.dict(xo.dict.get('Resources')), state, budget, depth + 1, new Set([...forms, num]));
}

/**
 * An image by what it paints: Flate data by its inflated bytes (a stream that does not inflate to
 * its end is a broken image in this reading, not another image), other codecs by their bytes.
 */
function imageDigest(source: ObjectSource, xo: PdfStream, budget: ViewBudget): string | null {
  if (!isFlate(source, xo)) return createHash('sha1').update(trimWhite(xo.raw())).digest('hex');
  if (budget.bytes <= 0) return null;
  try {
    const pixels = zlib.inflateSync(xo.raw(), { maxOutputLength: Math.min(budget.bytes, MAX_IMAGE_BYTES) });
    budget.bytes -= pixels.length;
    return createHash('sha1').update(pixels).digest('hex');
  } catch {
    return null;
  }
}

const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

/** Whitespace before `endstream` is syntax whichever reader counts it into the data. */
function trimWhite(data: Uint8Array): Uint8Array {
  let end = data.length;
  while (end > 0 && isWhite(data[end - 1])) end--;
  return data.subarray(0, end);
}

/** Inline image data runs to whitespace + EI; its bytes are digested, not lexed. */
function skipInlineImage(lx: Lexer, data: Uint8Array, state: PaintState): void {
  const start = lx.pos + 1;
  let end = start;
  while (end < data.length - 2 && !(isWhite(data[end]) && data[end + 1] === 0x45 && data[end + 2] === 0x49)) end++;
  state.images.push(createHash('sha1').update(data.subarray(start, end)).digest('hex'));
  lx.pos = end;
}

/** Per reading (a duplicated ToUnicode object reads differently in each), per font dictionary. */
const fontCache = new WeakMap<ObjectSource, WeakMap<PdfDict, { cmap: CodeMap | null; twoByte: boolean }>>();

function fontCodes(source: ObjectSource, fontDict: PdfDict | null): { cmap: CodeMap | null; twoByte: boolean } {
  if (!fontDict) return { cmap: null, twoByte: false };
  let perSource = fontCache.get(source);
  if (!perSource) fontCache.set(source, (perSource = new WeakMap()));
  const cached = perSource.get(fontDict);
  if (cached) return cached;
  const codes = readFontCodes(source, fontDict);
  perSource.set(fontDict, codes);
  return codes;
}

function readFontCodes(source: ObjectSource, fontDict: PdfDict): { cmap: CodeMap | null; twoByte: boolean } {
  const twoByte = fontDict.name('Subtype') === 'Type0';
  const tu = source.resolve(fontDict.get('ToUnicode'));
  if (!(tu instanceof PdfStream)) return { cmap: null, twoByte };
  const data = decodeStream(tu, (v) => source.resolve(v));
  return { cmap: data ? parseToUnicode(data, twoByte) : null, twoByte };
}
