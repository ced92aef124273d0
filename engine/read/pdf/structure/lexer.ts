/**
 * Tokenizer and object parser for raw PDF bytes. Tolerant by design: real files break the
 * grammar all the time, so malformed input yields a best-effort value rather than an exception,
 * and every loop advances so that hostile input cannot hang the parser.
 */
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from './objects.js';
import { decodeHex, hexDigit } from '../../../kit/hex.js';

const WS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

export function isWhite(c: number): boolean {
  return WS[c] === 1;
}
export function isDelimiter(c: number): boolean {
  return DELIM[c] === 1;
}
function isRegular(c: number): boolean {
  return WS[c] === 0 && DELIM[c] === 0;
}

const MAX_DEPTH = 256;

export type Token =
  | { t: 'num'; v: number; int: boolean }
  | { t: 'name'; v: string }
  | { t: 'str'; v: PdfString }
  | { t: 'kw'; v: string }
  | { t: 'open'; v: '[' | '<<' }
  | { t: 'close'; v: ']' | '>>' }
  | { t: 'eof' };

export class Lexer {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    pos = 0,
    readonly end = buf.length,
  ) {
    this.pos = pos;
  }

  skipWhitespace(): void {
    const { buf, end } = this;
    let p = this.pos;
    while (p < end) {
      const c = buf[p];
      if (WS[c]) p++;
      else if (c === 0x25) {
        while (p < end && buf[p] !== 0x0a && buf[p] !== 0x0d) p++;
      } else break;
    }
    this.pos = p;
  }

  next(): Token {
    this.skipWhitespace();
    const { buf, end } = this;
    if (this.pos >= end) return { t: 'eof' };
    const c = buf[this.pos];
    switch (c) {
      case 0x2f: // /
        return { t: 'name', v: this.readName() };
      case 0x28: // (
        return { t: 'str', v: this.readLiteral() };
      case 0x3c: // <
        if (buf[this.pos + 1] === 0x3c) {
          this.pos += 2;
          return { t: 'open', v: '<<' };
        }
        return { t: 'str', v: this.readHex() };
      case 0x3e: // >
        this.pos += buf[this.pos + 1] === 0x3e ? 2 : 1;
        return { t: 'close', v: '>>' };
      case 0x5b:
        this.pos++;
        return { t: 'open', v: '[' };
      case 0x5d:
        this.pos++;
        return { t: 'close', v: ']' };
      case 0x29:
      case 0x7b:
      case 0x7d:
        this.pos++;
        return { t: 'kw', v: String.fromCharCode(c) };
    }
    const start = this.pos;
    let p = start;
    while (p < end && isRegular(buf[p])) p++;
    this.pos = p;
    const word = latin1(buf, start, p);
    const num = parseNumber(word);
    if (num !== null) return { t: 'num', v: num, int: /^[+-]?\d+$/.test(word) };
    return { t: 'kw', v: word };
  }

  private readName(): string {
    const { buf, end } = this;
    let p = this.pos + 1;
    const bytes: number[] = [];
    while (p < end && isRegular(buf[p])) {
      const c = buf[p];
      if (c === 0x23 && p + 2 < end && isHex(buf[p + 1]) && isHex(buf[p + 2])) {
        bytes.push(parseInt(latin1(buf, p + 1, p + 3), 16));
        p += 3;
      } else {
        bytes.push(c);
        p++;
      }
    }
    this.pos = p;
    return Buffer.from(bytes).toString('latin1');
  }

  private readLiteral(): PdfString {
    const { buf, end } = this;
    let p = this.pos + 1;
    let depth = 1;
    const out: number[] = [];
    while (p < end) {
      const c = buf[p++];
      if (c === 0x5c) {
        if (p >= end) break;
        const e = buf[p++];
        switch (e) {
          case 0x6e:
            out.push(0x0a);
            break; // n
          case 0x72:
            out.push(0x0d);
            break; // r
          case 0x74:
            out.push(0x09);
            break; // t
          case 0x62:
            out.push(0x08);
            break; // b
          case 0x66:
            out.push(0x0c);
            break; // f
          case 0x0d:
            if (buf[p] === 0x0a) p++;
            break; // line continuation
          case 0x0a:
            break;
          default:
            if (e >= 0x30 && e <= 0x37) {
              let v = e - 0x30;
              for (let i = 0; i < 2 && p < end && buf[p] >= 0x30 && buf[p] <= 0x37; i++) v = v * 8 + (buf[p++] - 0x30);
              out.push(v & 0xff);
            } else out.push(e);
        }
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) break;
        out.push(c);
      } else if (c === 0x0d) {
        // An unescaped end of line in a literal string is read as a single LF.
        if (buf[p] === 0x0a) p++;
        out.push(0x0a);
      } else out.push(c);
    }
    this.pos = p;
    return new PdfString(Uint8Array.from(out), false);
  }

  private readHex(): PdfString {
    const { bytes, stop } = decodeHex(this.buf, this.pos + 1, this.end);
    this.pos = Math.min(stop + 1, this.end);
    return new PdfString(bytes, true);
  }
}

export function latin1(buf: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]);
  return s;
}

function isHex(c: number): boolean {
  return hexDigit(c) >= 0;
}

function parseNumber(word: string): number | null {
  if (!/^[+-]*(\d+\.?\d*|\.\d+)$/.test(word)) return null;
  // Some writers emit "--5" or "+-3"; readers take the last sign.
  const m = /^([+-]*)(.*)$/.exec(word)!;
  const neg = m[1].endsWith('-');
  const v = Number(m[2]);
  return Number.isFinite(v) ? (neg ? -v : v) : null;
}

/**
 * Parses objects from tokens with two tokens of lookahead for `N G R` references. Stream data is
 * not decoded here; `resolveLength` lets the caller resolve an indirect /Length.
 */
export class Parser {
  private buffered: Token[] = [];
  private starts: number[] = [];
  constructor(
    readonly lexer: Lexer,
    private readonly resolveLength?: (ref: PdfRef) => number | undefined,
  ) {}

  /** Offset of the next unread token. */
  get pos(): number {
    if (this.starts.length) return this.starts[0];
    this.lexer.skipWhitespace();
    return this.lexer.pos;
  }

  private peekAt(i: number): Token {
    while (this.buffered.length <= i) {
      this.lexer.skipWhitespace();
      this.starts.push(this.lexer.pos);
      this.buffered.push(this.lexer.next());
    }
    return this.buffered[i];
  }
  private shift(): Token {
    const t = this.peekAt(0);
    this.buffered.shift();
    this.starts.shift();
    return t;
  }
  nextToken(): Token {
    return this.shift();
  }
  peekToken(): Token {
    return this.peekAt(0);
  }

  parseValue(depth = 0): PdfValue {
    const tok = this.shift();
    switch (tok.t) {
      case 'num': {
        if (tok.int && tok.v >= 0) {
          const a = this.peekAt(0);
          if (a.t === 'num' && a.int && a.v >= 0) {
            const b = this.peekAt(1);
            if (b.t === 'kw' && b.v === 'R') {
              this.shift();
              this.shift();
              return new PdfRef(tok.v, a.v);
            }
          }
        }
        return tok.v;
      }
      case 'name':
        return new PdfName(tok.v);
      case 'str':
        return tok.v;
      case 'open':
        if (depth > MAX_DEPTH) throw new Error('nesting too deep');
        return tok.v === '[' ? this.parseArray(depth + 1) : this.parseDict(depth + 1);
      case 'kw':
        if (tok.v === 'true') return true;
        if (tok.v === 'false') return false;
        return null;
      default:
        return null;
    }
  }

  private parseArray(depth: number): PdfValue[] {
    const out: PdfValue[] = [];
    for (;;) {
      const t = this.peekAt(0);
      if (t.t === 'eof') return out;
      if (t.t === 'close') {
        this.shift();
        return out;
      }
      if (t.t === 'kw' && (t.v === 'endobj' || t.v === 'obj' || t.v === 'stream')) return out;
      out.push(this.parseValue(depth));
    }
  }

  private parseDict(depth: number): PdfDict {
    const d = new PdfDict();
    for (;;) {
      const t = this.peekAt(0);
      if (t.t === 'eof') return d;
      if (t.t === 'close') {
        this.shift();
        return d;
      }
      if (t.t === 'kw' && (t.v === 'endobj' || t.v === 'obj' || t.v === 'stream')) return d;
      if (t.t !== 'name') {
        // Junk where a key belongs: skip it (pdf.js and qpdf do the same).
        this.parseValue(depth);
        continue;
      }
      this.shift();
      const v = this.peekAt(0);
      if (v.t === 'close' || v.t === 'eof') {
        d.set(t.v, null);
        continue;
      }
      d.set(t.v, this.parseValue(depth));
    }
  }

  /**
   * Parses the body of an indirect object after `N G obj`: a value, and stream data when the
   * value is a dictionary followed by `stream`. Returns the value and where parsing stopped.
   */
  parseObjectBody(): { value: PdfValue; end: number; lengthRepaired: boolean } {
    let value = this.parseValue();
    let lengthRepaired = false;
    const t = this.peekAt(0);
    if (t.t === 'kw' && t.v === 'stream' && value instanceof PdfDict) {
      const streamKw = this.starts[0];
      this.shift();
      this.buffered = [];
      this.starts = [];
      const { buf } = this.lexer;
      let p = streamKw + 6;
      if (buf[p] === 0x0d) p++;
      if (buf[p] === 0x0a) p++;
      const dataStart = p;
      let length = streamLength(value, this.resolveLength);
      const ok = length !== undefined && length >= 0 && dataStart + length <= buf.length && endsWithEndstream(buf, dataStart + length);
      if (!ok) {
        const found = findEndstream(buf, dataStart, this.lexer.end);
        lengthRepaired = length !== undefined;
        length = found - dataStart;
      }
      value = new PdfStream(value, dataStart, length!, buf);
      this.lexer.pos = dataStart + length!;
      const es = this.lexer.next();
      if (!(es.t === 'kw' && es.v === 'endstream')) this.lexer.pos = dataStart + length!;
    }
    const endTok = this.peekAt(0);
    if (endTok.t === 'kw' && endTok.v === 'endobj') this.shift();
    const end = this.pos;
    return { value, end, lengthRepaired };
  }
}

function streamLength(dict: PdfDict, resolve?: (ref: PdfRef) => number | undefined): number | undefined {
  const l = dict.get('Length');
  if (typeof l === 'number') return Math.floor(l);
  if (l instanceof PdfRef && resolve) return resolve(l);
  return undefined;
}

function endsWithEndstream(buf: Uint8Array, p: number): boolean {
  let q = p;
  while (q < buf.length && q < p + 4 && isWhite(buf[q])) q++;
  return matchAt(buf, q, ENDSTREAM);
}

const ENDSTREAM = Buffer.from('endstream', 'latin1');
const ENDOBJ = Buffer.from('endobj', 'latin1');

export function matchAt(buf: Uint8Array, p: number, word: Uint8Array): boolean {
  if (p < 0 || p + word.length > buf.length) return false;
  for (let i = 0; i < word.length; i++) if (buf[p + i] !== word[i]) return false;
  return true;
}

/** Finds where stream data ends when /Length is wrong: before `endstream` (or `endobj`). */
export function findEndstream(buf: Uint8Array, from: number, end: number): number {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  let hit = b.indexOf(ENDSTREAM, from);
  if (hit < 0 || hit > end) hit = b.indexOf(ENDOBJ, from);
  if (hit < 0 || hit > end) return end;
  // Trailing EOL before `endstream` belongs to the syntax, not the data.
  let q = hit;
  if (q > from && buf[q - 1] === 0x0a) q--;
  if (q > from && buf[q - 1] === 0x0d) q--;
  return q;
}
