/**
 * Same-font edits straight in a content stream: a forger decompresses the file (qpdf --qdf),
 * changes a digit inside a text-showing string and lets qpdf fix the offsets. Fonts, objects
 * and metadata stay as the issuer wrote them; only the figures stop adding up.
 */

/** Standard fonts use WinAnsiEncoding: the 0x80-0x9F bytes differ from Latin-1 (only the euro matters here). */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—' };

function winAnsi(code: number): string {
  return WIN_ANSI[code] ?? String.fromCharCode(code);
}

interface StringToken {
  /** Decoded bytes as latin1 text. */
  text: string;
  /** Source offset of each decoded byte, or -1 when it came from an escape sequence. */
  offsets: number[];
  end: number;
}

function readLiteral(src: string, start: number): StringToken {
  let depth = 1;
  let i = start + 1;
  let text = '';
  const offsets: number[] = [];
  while (i < src.length && depth > 0) {
    const ch = src[i];
    if (ch === '\\') {
      const next = src[i + 1];
      const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4));
      if (oct) {
        text += winAnsi(parseInt(oct[0], 8));
        offsets.push(-1);
        i += 1 + oct[0].length;
        continue;
      }
      const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
      if (next in map) {
        text += map[next];
        offsets.push(-1);
      }
      i += 2;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')' && --depth === 0) break;
    text += winAnsi(ch.charCodeAt(0));
    offsets.push(i);
    i++;
  }
  return { text, offsets, end: i + 1 };
}

/** Text-showing groups: the strings of one TJ array, or a single Tj string. */
function textGroups(src: string): StringToken[][] {
  const groups: StringToken[][] = [];
  let current: StringToken[] | null = null;
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '[') {
      current = [];
      i++;
    } else if (ch === ']') {
      if (current) groups.push(current);
      current = null;
      i++;
    } else if (ch === '(') {
      const tok = readLiteral(src, i);
      if (current) current.push(tok);
      else groups.push([tok]);
      i = tok.end;
    } else if (ch === '%' && !current) {
      const nl = src.indexOf('\n', i);
      i = nl < 0 ? src.length : nl + 1;
    } else i++;
  }
  return groups;
}

export interface DigitSwap {
  before: string;
  after: string;
  /** Byte offset of the changed digit in the QDF file. */
  offset: number;
}

/** Source offsets of the bytes of `target` where a text-showing group shows it, or null (-1: an escape). */
function locateShown(src: string, target: string): number[] | null {
  for (const group of textGroups(src)) {
    const joined = group.map((t) => t.text).join('');
    const at = joined.indexOf(target);
    if (at < 0) continue;
    const offsets = group.flatMap((t) => t.offsets);
    return offsets.slice(at, at + target.length);
  }
  return null;
}

/**
 * Finds `target` as shown text and raises its leading digit (or lowers a 9). Returns the patched
 * file with the same length, so QDF offsets stay valid until fix-qdf recomputes them anyway.
 */
export function swapDigitInQdf(qdf: Uint8Array, target: string): { bytes: Uint8Array; swap: DigitSwap } | null {
  const src = Buffer.from(qdf).toString('latin1');
  const digitIndex = [...target].findIndex((c) => c >= '1' && c <= '9');
  const offsets = locateShown(src, target);
  if (digitIndex < 0 || !offsets) return null;
  const offset = offsets[digitIndex];
  if (offset < 0) return null;
  const old = Number(src[offset]);
  const digit = old === 9 ? 8 : Math.min(9, old + 2);
  const out = Buffer.from(qdf);
  out[offset] = 0x30 + digit;
  const after = target.slice(0, digitIndex) + String(digit) + target.slice(digitIndex + 1);
  return { bytes: new Uint8Array(out), swap: { before: target, after, offset } };
}

/**
 * Shows `after` where `before` is shown: both the same length, differing in digits only, so the
 * same font draws it with the same widths. Null when `before` is not shown as one string.
 */
export function replaceShownDigits(qdf: Uint8Array, before: string, after: string): Uint8Array | null {
  if (before.length !== after.length) return null;
  const src = Buffer.from(qdf).toString('latin1');
  const offsets = locateShown(src, before);
  if (!offsets) return null;
  const out = Buffer.from(qdf);
  for (let i = 0; i < before.length; i++) {
    if (before[i] === after[i]) continue;
    if (!/\d/.test(before[i]) || !/\d/.test(after[i]) || offsets[i] < 0) return null;
    out[offsets[i]] = after.charCodeAt(i);
  }
  return new Uint8Array(out);
}
