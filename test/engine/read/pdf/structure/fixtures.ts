/**
 * PDF fixtures built in the tests: a raw writer (exact control over objects and offsets),
 * incremental updates appended by byte surgery, and qpdf rewrites. Shared by the structure,
 * metadata and pdf-structure tests.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RawLine {
  x: number;
  y: number;
  text: string;
  size?: number;
  /** Font resource to use; F1 (Helvetica) unless given. */
  font?: string;
}

export interface RawPage {
  lines: RawLine[];
  mediaBox?: [number, number, number, number];
  /** Extra fonts in this page's resources: resource name -> BaseFont. */
  fonts?: Record<string, string>;
  /** Leave out the shared /F1 Helvetica (a page made by another producer). */
  noDefaultFont?: boolean;
  /** Fonts in this page's resources as indirect objects: resource name -> object number (see extraObjects). */
  fontRefs?: Record<string, number>;
  /** Extra raw entries for the page dictionary, e.g. `/Annots [9 0 R]`. */
  extra?: string;
}

export interface RawPdfOptions {
  pages: RawPage[];
  /** Info entries as raw PDF values, e.g. { Producer: '(JasperReports Library)' }; null for none. */
  info?: Record<string, string> | null;
  xmp?: string;
  id?: boolean;
  /** Extra raw catalog entries, e.g. `/OpenAction 20 0 R`. */
  catalogExtra?: string;
  /** Extra objects written before the xref: number -> raw body. */
  extraObjects?: Record<number, string>;
  version?: string;
}

const enc = (s: string) => Buffer.from(s, 'latin1');

/** Escapes text for a PDF literal string. */
export function pdfString(s: string): string {
  return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function contentFor(lines: RawLine[]): string {
  return lines.map((l) => `BT /${l.font ?? 'F1'} ${l.size ?? 12} Tf ${l.x} ${l.y} Td ${pdfString(l.text)} Tj ET`).join('\n');
}

/** Object numbers used by buildRawPdf, so that tests can target them in updates. */
export function rawLayout(pageCount: number) {
  return {
    catalog: 1,
    pages: 2,
    font: 3,
    page: (i: number) => 4 + i * 2,
    content: (i: number) => 5 + i * 2,
    info: 4 + pageCount * 2,
    metadata: 5 + pageCount * 2,
    firstFree: 6 + pageCount * 2,
  };
}

export function buildRawPdf(opts: RawPdfOptions): Uint8Array {
  const n = opts.pages.length;
  const L = rawLayout(n);
  const objs = new Map<number, string>();
  const hasXmp = opts.xmp !== undefined;
  objs.set(
    L.catalog,
    `<< /Type /Catalog /Pages ${L.pages} 0 R${hasXmp ? ` /Metadata ${L.metadata} 0 R` : ''}${opts.catalogExtra ? ' ' + opts.catalogExtra : ''} >>`,
  );
  objs.set(L.pages, `<< /Type /Pages /Count ${n} /Kids [${opts.pages.map((_, i) => `${L.page(i)} 0 R`).join(' ')}] >>`);
  objs.set(L.font, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  opts.pages.forEach((p, i) => {
    const fonts =
      Object.entries(p.fonts ?? {})
        .map(([k, v]) => ` /${k} << /Type /Font /Subtype /Type1 /BaseFont /${v} >>`)
        .join('') +
      Object.entries(p.fontRefs ?? {})
        .map(([k, num]) => ` /${k} ${num} 0 R`)
        .join('');
    const box = (p.mediaBox ?? [0, 0, 612, 792]).join(' ');
    objs.set(
      L.page(i),
      `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [${box}] /Resources << /Font << ${p.noDefaultFont ? '' : `/F1 ${L.font} 0 R`}${fonts} >> >> /Contents ${L.content(i)} 0 R${p.extra ? ' ' + p.extra : ''} >>`,
    );
    const content = contentFor(p.lines);
    objs.set(L.content(i), `<< /Length ${enc(content).length} >>\nstream\n${content}\nendstream`);
  });
  if (opts.info !== null) {
    const info = opts.info ?? { Producer: '(Veracity Test Writer)', CreationDate: "(D:20240105093000+01'00')" };
    objs.set(
      L.info,
      `<< ${Object.entries(info)
        .map(([k, v]) => `/${k} ${v}`)
        .join(' ')} >>`,
    );
  }
  if (hasXmp) objs.set(L.metadata, `<< /Type /Metadata /Subtype /XML /Length ${enc(opts.xmp!).length} >>\nstream\n${opts.xmp}\nendstream`);
  for (const [num, body] of Object.entries(opts.extraObjects ?? {})) objs.set(Number(num), body);

  let out = `%PDF-${opts.version ?? '1.7'}\n%\xe2\xe3\xcf\xd3\n`;
  const offsets = new Map<number, number>();
  for (const [num, body] of [...objs].sort((a, b) => a[0] - b[0])) {
    offsets.set(num, enc(out).length);
    out += `${num} 0 obj\n${body}\nendobj\n`;
  }
  const size = Math.max(...objs.keys()) + 1;
  const xrefAt = enc(out).length;
  out += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let i = 1; i < size; i++) {
    const off = offsets.get(i);
    out += off === undefined ? '0000000000 00001 f \n' : `${String(off).padStart(10, '0')} 00000 n \n`;
  }
  const id = opts.id === false ? '' : ' /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]';
  out += `trailer\n<< /Size ${size} /Root ${L.catalog} 0 R${opts.info !== null ? ` /Info ${L.info} 0 R` : ''}${id} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(enc(out));
}

export interface UpdateObject {
  num: number;
  gen?: number;
  body: string;
}

/**
 * Appends an incremental update: new or redefined objects, an xref section for exactly those
 * (plus freed numbers), and a trailer with /Prev, as Acrobat and other editors write them.
 */
export function appendUpdate(base: Uint8Array, update: { objects: UpdateObject[]; freed?: number[]; trailerExtra?: string; xrefStream?: boolean }): Uint8Array {
  const text = Buffer.from(base).toString('latin1');
  const prev = Number([...text.matchAll(/startxref\s+(\d+)/g)].pop()![1]);
  const lastTrailer = text.slice(prev);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(text.slice(text.lastIndexOf('/Root')))![1];
  const info = /\/Info\s+(\d+\s+\d+\s+R)/.exec(text.slice(Math.max(0, text.lastIndexOf('/Info'))));
  const prevSize = Number(/\/Size\s+(\d+)/.exec(lastTrailer)?.[1] ?? 0);
  let out = text.endsWith('\n') ? text : text + '\n';
  const entries = new Map<number, string>();
  for (const o of update.objects) {
    entries.set(o.num, `${String(enc(out).length).padStart(10, '0')} ${String(o.gen ?? 0).padStart(5, '0')} n \n`);
    out += `${o.num} ${o.gen ?? 0} obj\n${o.body}\nendobj\n`;
  }
  for (const f of update.freed ?? []) entries.set(f, `0000000000 00001 f \n`);
  const nums = [...entries.keys()];
  const size = Math.max(prevSize, ...nums.map((x) => x + 1));
  const xrefAt = enc(out).length;
  const common = `/Size ${size} /Root ${root}${info ? ` /Info ${info[1]}` : ''} /Prev ${prev}${update.trailerExtra ? ' ' + update.trailerExtra : ''}`;
  if (update.xrefStream) {
    const xnum = size;
    const rows: Buffer[] = [];
    const index: number[] = [];
    for (const num of [...nums, xnum].sort((a, b) => a - b)) {
      index.push(num, 1);
      const e = entries.get(num);
      const row = Buffer.alloc(6);
      if (num === xnum) {
        row[0] = 1;
        row.writeUInt32BE(xrefAt, 1);
      } else if (e!.includes(' n ')) {
        row[0] = 1;
        row.writeUInt32BE(Number(e!.slice(0, 10)), 1);
      } else row[0] = 0;
      rows.push(row);
    }
    const data = Buffer.concat(rows);
    out += `${xnum} 0 obj\n<< /Type /XRef ${common.replace(`/Size ${size}`, `/Size ${xnum + 1}`)} /W [1 4 1] /Index [${index.join(' ')}] /Length ${data.length} >>\nstream\n`;
    return new Uint8Array(Buffer.concat([enc(out), data, enc(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`)]));
  }
  out += 'xref\n';
  for (const num of nums.sort((a, b) => a - b)) out += `${num} 1\n${entries.get(num)}`;
  out += `trailer\n<< ${common} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(enc(out));
}

/** Replaces a page's content stream in an incremental update (what an editor's text edit does). */
export function contentEditUpdate(base: Uint8Array, pageCount: number, pageIndex: number, lines: RawLine[]): Uint8Array {
  const content = contentFor(lines);
  const L = rawLayout(pageCount);
  return appendUpdate(base, { objects: [{ num: L.content(pageIndex), body: `<< /Length ${enc(content).length} >>\nstream\n${content}\nendstream` }] });
}

let qpdfChecked: boolean | undefined;
export function hasQpdf(): boolean {
  if (qpdfChecked === undefined) {
    try {
      execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
      qpdfChecked = true;
    } catch {
      qpdfChecked = false;
    }
  }
  return qpdfChecked;
}

/** Runs qpdf on the bytes with the given options and returns the output file. */
export function qpdf(input: Uint8Array, args: string[]): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'veracity-qpdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), input);
    try {
      execFileSync('qpdf', [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')], { stdio: 'ignore' });
    } catch (err) {
      // Exit code 3 means "succeeded with warnings".
      if ((err as { status?: number }).status !== 3) throw err;
    }
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const STATEMENT_LINES: RawLine[] = [
  { x: 72, y: 720, text: 'First National Bank - Account Statement', size: 14 },
  { x: 72, y: 690, text: 'Account holder: Jane Doe' },
  { x: 72, y: 670, text: 'Statement date: 31/01/2024' },
  { x: 72, y: 640, text: '05/01/2024  Salary ACME Ltd   2,450.00' },
  { x: 72, y: 620, text: '12/01/2024  Rent              -1,100.00' },
  { x: 72, y: 590, text: 'Closing balance: 1,350.00' },
];

export function xmpPacket(fields: {
  producer?: string;
  creatorTool?: string;
  createDate?: string;
  modifyDate?: string;
  history?: Array<{ action: string; softwareAgent: string; when: string }>;
}): string {
  const hist = fields.history?.length
    ? `<xmpMM:History><rdf:Seq>${fields.history.map((h) => `<rdf:li rdf:parseType="Resource"><stEvt:action>${h.action}</stEvt:action><stEvt:softwareAgent>${h.softwareAgent}</stEvt:softwareAgent><stEvt:when>${h.when}</stEvt:when></rdf:li>`).join('')}</rdf:Seq></xmpMM:History>`
    : '';
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#">
${fields.producer ? `<pdf:Producer>${fields.producer}</pdf:Producer>` : ''}${fields.creatorTool ? `<xmp:CreatorTool>${fields.creatorTool}</xmp:CreatorTool>` : ''}${fields.createDate ? `<xmp:CreateDate>${fields.createDate}</xmp:CreateDate>` : ''}${fields.modifyDate ? `<xmp:ModifyDate>${fields.modifyDate}</xmp:ModifyDate>` : ''}${hist}
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
}
