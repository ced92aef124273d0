/**
 * Text whose font lost its character map and is read as glyph numbers ("Caesar-shifted" text).
 *
 * A TrueType font re-embedded by a PostScript driver (pdftops and most print drivers write
 * Type 42 fonts) and distilled again (Ghostscript, Distiller) often comes back with glyph
 * indices as character codes and no ToUnicode map. Fonts whose first glyphs follow the
 * Macintosh standard order (.notdef, .null, CR, then space .. asciitilde, as DejaVu, Liberation,
 * and most FontForge-built fonts do) then read 29 code points too low: "Invoice" comes out as
 * ",QYRLFH", a space as U+0003 and the digits as the control characters U+0013..U+001C. Every
 * print-to-PDF of such a document reads so, genuine or not; left alone, its figures cannot be
 * read at all and the content checks see nothing. A patch typed over the page before the
 * re-distil (a font that kept its map) is then the only readable text.
 *
 * The repair is decided per page and font from the text itself: a font whose text is full of
 * control characters, all within the shifted ASCII range, and whose shifted text reads as words.
 * Glyphs past asciitilde follow each font's own order and cannot be recovered: they become
 * U+FFFD (the replacement character), never a guessed letter.
 */
import type { PaintOp } from './types.js';

/** Mac standard order: glyph 3 is space (U+0020), glyph 97 asciitilde (U+007E). */
const SHIFT = 29;
const FIRST = 3;
const LAST = 0x7e - SHIFT;
/** A font must draw this many characters on the page before its text is judged. */
const MIN_CHARS = 8;
/** Share of control characters (spaces and digits read as glyph numbers) that marks a candidate. */
const MIN_CONTROL_SHARE = 0.15;
/** Share of characters inside the shifted ASCII range. */
const MIN_IN_RANGE = 0.85;
/** The shifted text must hold this many letter words, most of them with a vowel. */
const MIN_WORDS = 3;
const MIN_VOWEL_WORDS = 0.7;

export interface TextItemStr {
  str: string;
  fontName: string;
}

function isControl(c: number): boolean {
  return c >= 0x01 && c <= 0x1f;
}

/** pdf.js turns tabs and line breaks inside a string into spaces; those stay spaces. */
export function shiftGlyphText(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === ' ') out += ' ';
    else if (c >= FIRST && c <= LAST) out += String.fromCodePoint(c + SHIFT);
    else out += '\ufffd';
  }
  return out;
}

function candidate(text: string): boolean {
  let n = 0;
  let control = 0;
  let inRange = 0;
  for (const ch of text) {
    if (ch === ' ') continue;
    const c = ch.codePointAt(0) ?? 0;
    n++;
    if (isControl(c)) control++;
    if (c >= FIRST && c <= LAST) inRange++;
  }
  return n >= MIN_CHARS && control >= MIN_CONTROL_SHARE * n && inRange >= MIN_IN_RANGE * n;
}

/** Shifted text reads as language: letter words, most with a vowel (garbage rarely does). */
function readsAsWords(text: string): boolean {
  const words = text.match(/[A-Za-z]{3,}/g) ?? [];
  if (words.length < MIN_WORDS) return false;
  const voweled = words.filter((w) => /[aeiouyAEIOUY]/.test(w)).length;
  return voweled >= MIN_VOWEL_WORDS * words.length;
}

/**
 * The fonts of one page whose text is glyph numbers in Mac standard order (by pdf.js font id).
 * Fonts are pooled for the word test: a bold face that draws only figures and labels is judged
 * with the body face it was printed with.
 */
export function glyphOrderFonts(items: ArrayLike<unknown>): Set<string> {
  const byFont = new Map<string, string>();
  for (let i = 0; i < items.length; i++) {
    const it = items[i] as Partial<TextItemStr>;
    if (typeof it?.str !== 'string' || typeof it.fontName !== 'string') continue;
    byFont.set(it.fontName, (byFont.get(it.fontName) ?? '') + it.str + ' ');
  }
  const fonts = [...byFont].filter(([, text]) => candidate(text));
  if (fonts.length === 0) return new Set();
  const pooled = fonts.map(([, text]) => shiftGlyphText(text)).join(' ');
  return readsAsWords(pooled) ? new Set(fonts.map(([id]) => id)) : new Set();
}

/** Items with the text of `fonts` shifted back (new objects; pdf.js's are left alone). */
export function repairItems<T>(items: ArrayLike<T>, fonts: ReadonlySet<string>): ArrayLike<T> {
  if (fonts.size === 0) return items;
  return Array.from(items, (it) => {
    const t = it as Partial<TextItemStr>;
    return typeof t?.str === 'string' && typeof t.fontName === 'string' && fonts.has(t.fontName) ? { ...it, str: shiftGlyphText(t.str) } : it;
  });
}

/** The paint list's text shows in `fonts` shifted back the same way, in place. */
export function repairPaint(paint: PaintOp[], fonts: ReadonlySet<string>): void {
  if (fonts.size === 0) return;
  for (const op of paint) if (op.kind === 'text' && fonts.has(op.fontId)) op.text = shiftGlyphText(op.text);
}
