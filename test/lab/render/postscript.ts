/**
 * PostScript backend: print-stream systems (core banking, mainframe billing) emit PostScript
 * that ps2pdf / Ghostscript pdfwrite distils. Fonts are the standard 35, re-encoded so that
 * the Latin-1 letters and the euro sign print.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HouseFont } from '../data/issuers.js';
import { standardFamily } from '../layout/fonts.js';
import type { Layout } from '../layout/layout.js';
import { envWithSourceDate, run, withTempDir } from '../util/exec.js';
import type { PdfMeta } from './meta.js';

const BOLD: Record<string, string> = { Helvetica: 'Helvetica-Bold', 'Times-Roman': 'Times-Bold', Courier: 'Courier-Bold' };

/** PostScript string literal; bytes above 127 as octal escapes in our Latin-1 + euro encoding. */
function psString(s: string): string {
  let out = '(';
  for (const ch of s) {
    const code = ch === '€' ? 0x80 : ch.charCodeAt(0);
    if (ch === '(' || ch === ')' || ch === '\\') out += '\\' + ch;
    else if (code < 32 || code > 126) out += '\\' + (code > 255 ? 63 : code).toString(8).padStart(3, '0');
    else out += ch;
  }
  return out + ')';
}

function pdfDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

export function toPostScript(layout: Layout, meta: PdfMeta): string {
  const fam = standardFamily(layout.face.family as HouseFont);
  const lines: string[] = [
    '%!PS-Adobe-3.0',
    `%%Creator: ${meta.creator}`,
    `%%Title: ${meta.title}`,
    `%%Pages: ${layout.pages.length}`,
    `%%BoundingBox: 0 0 ${Math.round(layout.width)} ${Math.round(layout.height)}`,
    '%%EndComments',
    '/reenc { findfont dup length dict begin { 1 index /FID ne { def } { pop pop } ifelse } forall',
    '  /Encoding ISOLatin1Encoding 256 array copy dup 128 /Euro put def currentdict end definefont pop } bind def',
    `/F1 /${fam} reenc /F2 /${BOLD[fam]} reenc`,
    `[ /Title ${psString(meta.title)} /Author ${psString(meta.author)} /Creator ${psString(meta.creator)} /CreationDate (${pdfDate(meta.creationDate)}) /ModDate (${pdfDate(meta.modDate)}) /DOCINFO pdfmark`,
  ];
  layout.pages.forEach((page, i) => {
    lines.push(`%%Page: ${i + 1} ${i + 1}`, `<< /PageSize [${layout.width} ${layout.height}] >> setpagedevice`, '0.07 setgray');
    for (const it of page.items) {
      const y = (v: number) => (layout.height - v).toFixed(2);
      if (it.kind === 'line') lines.push(`0.6 setlinewidth ${it.x0.toFixed(2)} ${y(it.y0)} moveto ${it.x1.toFixed(2)} ${y(it.y1)} lineto stroke`);
      else lines.push(`/${it.bold ? 'F2' : 'F1'} ${it.size} selectfont ${it.x.toFixed(2)} ${y(it.baseline)} moveto ${psString(it.text)} show`);
    }
    lines.push('showpage');
  });
  lines.push('%%EOF');
  return lines.join('\n') + '\n';
}

/** ps2pdf as print-stream systems call it. */
export async function distilPostScript(layout: Layout, meta: PdfMeta): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const ps = join(dir, 'in.ps');
    const pdf = join(dir, 'out.pdf');
    await writeFile(ps, toPostScript(layout, meta), 'latin1');
    await run('ps2pdf', ['-dPDFSETTINGS=/printer', ps, pdf], { env: envWithSourceDate(meta.creationDate) });
    return new Uint8Array(await readFile(pdf));
  });
}
