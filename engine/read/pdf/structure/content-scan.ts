/**
 * One linear pass over a content stream that counts what makes a reader's work grow: operators,
 * the depth of `q` nesting (pdf.js's text extraction is super-linear in it) and the XObjects
 * drawn by name (a form drawn many times is decoded and interpreted each time). It reads tokens
 * only: strings, arrays, dictionaries and inline image data are skipped, never interpreted.
 */

export interface ContentCounts {
  operators: number;
  /** Deepest `q` nesting reached (unbalanced `Q` never go below zero). */
  maxDepth: number;
  /** `/Name Do` uses per XObject name. */
  draws: Map<string, number>;
}

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelim = (c: number) =>
  c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;

function skipString(b: Uint8Array, i: number): number {
  let depth = 1;
  for (i++; i < b.length && depth > 0; i++) {
    if (b[i] === 0x5c) i++;
    else if (b[i] === 0x28) depth++;
    else if (b[i] === 0x29) depth--;
  }
  return i;
}

/** After `ID`: the data runs to an `EI` standing alone between white space. */
function skipInlineImage(b: Uint8Array, i: number): number {
  for (let j = i + 1; j + 2 < b.length; j++) {
    if (b[j] === 0x45 && b[j + 1] === 0x49 && isWhite(b[j - 1]) && (j + 2 >= b.length || isWhite(b[j + 2]) || isDelim(b[j + 2]))) return j + 2;
  }
  return b.length;
}

/** Numbers, `true`, `false`, `null`: the regular words that are not operators. */
function isOperand(b: Uint8Array, i: number, len: number): boolean {
  const c = b[i];
  if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return true;
  return (len === 4 && (c === 0x74 || c === 0x6e)) || (len === 5 && c === 0x66);
}

export function scanContent(b: Uint8Array): ContentCounts {
  const counts: ContentCounts = { operators: 0, maxDepth: 0, draws: new Map() };
  let depth = 0;
  // The last operand when it was a name, as [start, end) (read as text only for `Do`).
  let nameStart = -1;
  let nameEnd = -1;
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (isWhite(c)) {
      i++;
    } else if (c === 0x25) {
      while (i < b.length && b[i] !== 0x0a && b[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      i = skipString(b, i);
      nameStart = -1;
    } else if (c === 0x2f) {
      let j = i + 1;
      while (j < b.length && !isWhite(b[j]) && !isDelim(b[j])) j++;
      nameStart = i + 1;
      nameEnd = j;
      i = j;
    } else if (isDelim(c)) {
      // Hex strings, dictionary and array brackets: operands, never operators.
      if (c === 0x3c && b[i + 1] !== 0x3c) while (i < b.length && b[i] !== 0x3e) i++;
      i++;
      nameStart = -1;
    } else {
      let j = i;
      while (j < b.length && !isWhite(b[j]) && !isDelim(b[j])) j++;
      const start = i;
      const len = j - i;
      i = j;
      if (isOperand(b, start, len)) continue;
      counts.operators++;
      const c0 = b[start];
      if (len === 1 && c0 === 0x71) counts.maxDepth = Math.max(counts.maxDepth, ++depth);
      else if (len === 1 && c0 === 0x51) depth = Math.max(0, depth - 1);
      else if (len === 2 && c0 === 0x44 && b[start + 1] === 0x6f && nameStart >= 0) {
        const name = Buffer.from(b.buffer, b.byteOffset + nameStart, nameEnd - nameStart).toString('latin1');
        counts.draws.set(name, (counts.draws.get(name) ?? 0) + 1);
      } else if (len === 2 && c0 === 0x49 && b[start + 1] === 0x44) i = skipInlineImage(b, i);
      nameStart = -1;
    }
  }
  return counts;
}
