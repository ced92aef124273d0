/**
 * A small PDF writer with exact control over syntax, for the parser-confusion classes: the
 * document is a list of parts (objects, raw bytes, xref sections) written in order, and each
 * xref section lists offsets the caller chooses. The page content comes from the lab layout of
 * a statement or invoice, drawn with the standard fonts, so both readings look like the issuer's
 * document and differ only where the forger wants.
 */
import type { Layout, TextItem } from '../../layout/layout.js';

export type Part =
  | { kind: 'obj'; num: number; body: string; gen?: number; tag?: string; prefix?: string; end?: string }
  | { kind: 'raw'; text: string }
  | {
      kind: 'xref';
      /** num -> offset (a tag of an object part, or a number) or 'free'. */
      entries: (at: Offsets) => Array<[number, number | 'free']>;
      trailer: string;
      /** Leave out parts of the section end, as broken updates do. */
      omit?: { trailer?: boolean; startxref?: boolean; eof?: boolean; table?: boolean };
    };

export interface Offsets {
  /** Offset of the last object part with this tag (tags default to the object number). */
  of(tag: string | number): number;
}

export function writeParts(parts: Part[], start = ''): string {
  let out = start;
  const tags = new Map<string, number>();
  let lastXref = -1;
  const at: Offsets = {
    of: (tag) => {
      const v = tags.get(String(tag));
      if (v === undefined) throw new Error(`no object tagged ${tag}`);
      return v;
    },
  };
  for (const p of parts) {
    if (p.kind === 'raw') out += p.text;
    else if (p.kind === 'obj') {
      out += p.prefix ?? '';
      tags.set(p.tag ?? String(p.num), out.length);
      out += `${p.num} ${p.gen ?? 0} obj\n${p.body}\n${p.end ?? 'endobj'}\n`;
    } else {
      const xrefAt = out.length;
      const entries = p.entries(at).sort((a, b) => a[0] - b[0]);
      if (!p.omit?.table) {
        out += 'xref\n';
        // One subsection per run of consecutive numbers, as writers do.
        let i = 0;
        while (i < entries.length) {
          let j = i;
          while (j + 1 < entries.length && entries[j + 1][0] === entries[j][0] + 1) j++;
          out += `${entries[i][0]} ${j - i + 1}\n`;
          for (let k = i; k <= j; k++) {
            const [num, off] = entries[k];
            out += off === 'free' ? `0000000000 ${num === 0 ? '65535' : '00001'} f \n` : `${String(off).padStart(10, '0')} 00000 n \n`;
          }
          i = j + 1;
        }
      }
      if (!p.omit?.trailer) out += `trailer\n<< ${p.trailer}${lastXref >= 0 ? ` /Prev ${lastXref}` : ''} >>\n`;
      if (!p.omit?.startxref) out += `startxref\n${xrefAt}\n`;
      if (!p.omit?.eof) out += '%%EOF\n';
      lastXref = xrefAt;
    }
  }
  return out;
}

export function toBytes(latin1: string): Uint8Array {
  return new Uint8Array(Buffer.from(latin1, 'latin1'));
}

/** A stream object body for content given as latin1 text. */
export function streamBody(data: string, dictExtra = '', length = data.length): string {
  return `<< /Length ${length}${dictExtra} >>\nstream\n${data}\nendstream`;
}

const WIN_ANSI: Record<string, number> = { '€': 0x80, '–': 0x96, '—': 0x97, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95 };

/** A PDF literal string in WinAnsi (what the standard fonts read). */
export function literal(text: string): string {
  let s = '(';
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.charCodeAt(0);
    if (ch === '(' || ch === ')' || ch === '\\') s += `\\${ch}`;
    else if (code < 0x20 || code > 0x7e) s += `\\${(code & 0xff).toString(8).padStart(3, '0')}`;
    else s += ch;
  }
  return `${s})`;
}

/** The content stream of one layout page: the issuer's dark text and rules. */
export function pageContent(layout: Layout, page: number): string {
  const H = layout.height;
  const lines: string[] = ['0.07 0.07 0.07 rg 0.07 0.07 0.07 RG 0.5 w'];
  for (const it of layout.pages[page].items) {
    if (it.kind === 'line') lines.push(`${it.x0.toFixed(2)} ${(H - it.y0).toFixed(2)} m ${it.x1.toFixed(2)} ${(H - it.y1).toFixed(2)} l S`);
    else lines.push(textOp(it, H));
  }
  return lines.join('\n');
}

function textOp(it: TextItem, H: number): string {
  return `BT /${it.bold ? 'F2' : 'F1'} ${it.size} Tf ${it.x.toFixed(2)} ${(H - it.baseline).toFixed(2)} Td ${literal(it.text)} Tj ET`;
}

/** Paints the page white, then another content over it: what the second reading shows. */
export function whiteOut(layout: Layout, content: string): string {
  return `q 1 1 1 rg 0 0 ${layout.width} ${layout.height} re f Q\n${content}`;
}

/** Object numbers of the base document (catalog, page tree, fonts, info, then page and content per page). */
export const NUM = {
  catalog: 1,
  pages: 2,
  regular: 3,
  bold: 4,
  info: 5,
  page: (i: number) => 6 + 2 * i,
  content: (i: number) => 7 + 2 * i,
  free: (pages: number) => 6 + 2 * pages,
};

export interface BaseDoc {
  layout: Layout;
  /** Content of each page as the issuer wrote it. */
  contents: string[];
  info: string;
}

/** The base document's objects, the content of each page given (so a reading can swap one). */
export function baseObjects(doc: BaseDoc, opts: { contents?: string[]; count?: number; kids?: number[] } = {}): Extract<Part, { kind: 'obj' }>[] {
  const n = doc.contents.length;
  const kids = opts.kids ?? doc.contents.map((_, i) => NUM.page(i));
  const objs: Extract<Part, { kind: 'obj' }>[] = [
    { kind: 'obj', num: NUM.catalog, body: `<< /Type /Catalog /Pages ${NUM.pages} 0 R >>` },
    { kind: 'obj', num: NUM.pages, body: `<< /Type /Pages /Count ${opts.count ?? kids.length} /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] >>` },
    { kind: 'obj', num: NUM.regular, body: `<< /Type /Font /Subtype /Type1 /BaseFont /${doc.layout.face.regular} /Encoding /WinAnsiEncoding >>` },
    { kind: 'obj', num: NUM.bold, body: `<< /Type /Font /Subtype /Type1 /BaseFont /${doc.layout.face.bold} /Encoding /WinAnsiEncoding >>` },
    { kind: 'obj', num: NUM.info, body: doc.info },
  ];
  for (let i = 0; i < n; i++) {
    objs.push({ kind: 'obj', num: NUM.page(i), body: pageDict(doc.layout, NUM.content(i)) });
    objs.push({ kind: 'obj', num: NUM.content(i), body: streamBody((opts.contents ?? doc.contents)[i]) });
  }
  return objs;
}

export function pageDict(layout: Layout, contents: number | string, extra = ''): string {
  const c = typeof contents === 'number' ? `${contents} 0 R` : contents;
  return `<< /Type /Page /Parent ${NUM.pages} 0 R /MediaBox [0 0 ${layout.width} ${layout.height}] /Resources << /Font << /F1 ${NUM.regular} 0 R /F2 ${NUM.bold} 0 R >> >> /Contents ${c}${extra} >>`;
}

/** An xref section listing every given number at the last object part of that number. */
export function xrefOf(nums: number[], trailer: string, over: (at: Offsets) => Array<[number, number | 'free']> = () => []): Part {
  return {
    kind: 'xref',
    trailer,
    entries: (at) => {
      const overridden = over(at);
      const own = nums.filter((n) => !overridden.some(([m]) => m === n)).map((n): [number, number | 'free'] => [n, at.of(n)]);
      return [[0, 'free'], ...own, ...overridden];
    },
  };
}

export const HEADER = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
