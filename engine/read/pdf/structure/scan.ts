/**
 * One linear pass over the whole file: every `N G obj` definition (skipping stream data so binary
 * bytes cannot fake an object), every `%%EOF`, `startxref`, `xref` and `trailer` keyword. This is
 * what repairs broken cross-references and what reveals objects the xref does not list.
 */
import { Lexer, Parser } from './lexer.js';
import { PdfStream, type PdfRef, type PdfValue } from './objects.js';

export interface ScannedObject {
  num: number;
  gen: number;
  offset: number;
  end: number;
  value: PdfValue;
}

export interface FileScan {
  /** The file as a latin1 string, shared by keyword searches. */
  text: string;
  objects: ScannedObject[];
  /** Offsets just after each `%%EOF` marker (and its end of line). */
  eofEnds: number[];
  /** Each `startxref N` outside streams: where it starts, N, and where its line ends. */
  startxrefs: Array<{ offset: number; value: number; end: number }>;
  xrefKeywords: number[];
  trailerKeywords: number[];
  /** Offset of `%PDF-`; xref offsets are sometimes relative to it. */
  headerOffset: number;
}

const OBJ_RE = /(?<![0-9])(\d{1,10})[\s\0]{1,8}(\d{1,5})[\s\0]{1,8}obj(?![A-Za-z0-9])/g;

export function scanFile(bytes: Uint8Array, resolveLength: (ref: PdfRef) => number | undefined): FileScan {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const objects: ScannedObject[] = [];
  const re = new RegExp(OBJ_RE.source, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const bodyStart = m.index + m[0].length;
    let value: PdfValue = null;
    let end = bodyStart;
    try {
      const parser = new Parser(new Lexer(bytes, bodyStart), resolveLength);
      const body = parser.parseObjectBody();
      value = body.value;
      end = Math.max(body.end, bodyStart);
    } catch {
      end = bodyStart;
    }
    objects.push({ num: Number(m[1]), gen: Number(m[2]), offset: m.index, end, value });
    // Stream data may contain anything; resume after it.
    // (from the data's end: the end of the object is past any comment line after it, which may hide a definition)
    re.lastIndex = value instanceof PdfStream ? Math.max(value.dataStart + value.dataLength, bodyStart) : bodyStart;
  }

  // Keywords inside stream data (an embedded PDF, say) are not part of this file's syntax.
  const ranges = objects
    .filter((o) => o.value instanceof PdfStream)
    .map((o) => {
      const s = o.value as PdfStream;
      return [s.dataStart, s.dataStart + s.dataLength] as const;
    });
  const inStream = (pos: number): boolean => {
    let lo = 0;
    let hi = ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (pos < ranges[mid][0]) hi = mid - 1;
      else if (pos >= ranges[mid][1]) lo = mid + 1;
      else return true;
    }
    return false;
  };
  const eofEnds: number[] = [];
  for (let i = text.indexOf('%%EOF'); i >= 0; i = text.indexOf('%%EOF', i + 5)) {
    if (inStream(i)) continue;
    let e = i + 5;
    if (text.charCodeAt(e) === 0x0d) e++;
    if (text.charCodeAt(e) === 0x0a) e++;
    eofEnds.push(e);
  }
  const startxrefs: FileScan['startxrefs'] = [];
  const sx = /startxref[\s\0]+(\d+)[ \t]*(?:\r\n|\r|\n)?/g;
  while ((m = sx.exec(text))) if (!inStream(m.index)) startxrefs.push({ offset: m.index, value: Number(m[1]), end: m.index + m[0].length });
  const xrefKeywords: number[] = [];
  const xr = /(?<![A-Za-z])xref[\s\0]/g;
  while ((m = xr.exec(text))) if (!inStream(m.index)) xrefKeywords.push(m.index);
  const trailerKeywords: number[] = [];
  const tr = /(?<![A-Za-z])trailer[\s\0]*<</g;
  while ((m = tr.exec(text))) if (!inStream(m.index)) trailerKeywords.push(m.index);
  const headerOffset = Math.max(0, text.indexOf('%PDF-'));
  return { text, objects, eofEnds, startxrefs, xrefKeywords, trailerKeywords, headerOffset };
}
