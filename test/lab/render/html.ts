/**
 * Browser print-to-PDF: online banking and HR portals render HTML and print it with Chromium
 * (Producer "Skia/PDF", Creator the headless user agent). Layout is the browser's own.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HouseFont } from '../data/issuers.js';
import type { Block, DocModel } from '../model/types.js';
import { run, withTempDir } from '../util/exec.js';

const CSS_FONT: Record<HouseFont, string> = {
  Helvetica: '"Liberation Sans", Arial, sans-serif',
  LiberationSans: '"Liberation Sans", Arial, sans-serif',
  DejaVuSans: '"DejaVu Sans", sans-serif',
  'Times-Roman': '"Liberation Serif", "Times New Roman", serif',
  LiberationSerif: '"Liberation Serif", serif',
  Courier: '"Liberation Mono", "Courier New", monospace',
};

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function block(b: Block, overrides: ReadonlyMap<string, string>): string {
  const t = (text: string, key?: string) => esc(key && overrides.has(key) ? overrides.get(key)! : text);
  switch (b.kind) {
    case 'section':
      return `<h3>${esc(b.title)}</h3>`;
    case 'note':
      return `<p class="note">${esc(b.text)}</p>`;
    case 'totals':
      return `<table class="totals">${b.rows.map((r) => `<tr${r.bold ? ' class="b"' : ''}><td>${esc(r.label)}</td><td>${t(r.value, r.key)}</td></tr>`).join('')}</table>`;
    case 'table': {
      const head = b.columns.map((c) => `<th class="${c.align}" style="width:${Math.round(c.width * 100)}%">${esc(c.title)}</th>`).join('');
      const rows = b.rows.map((r) => `<tr>${r.map((c, i) => `<td class="${b.columns[i].align}">${t(c.text, c.key)}</td>`).join('')}</tr>`).join('');
      return `<table class="grid"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
    }
  }
}

export function toHtml(model: DocModel, overrides: ReadonlyMap<string, string> = new Map()): string {
  const r = model.recipient;
  const t = (text: string, key?: string) => esc(key && overrides.has(key) ? overrides.get(key)! : text);
  const size = model.issuer.country === 'US' ? 'letter' : 'A4';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(model.title)} - ${esc(model.issuer.name)}</title><style>
@page { size: ${size}; margin: 16mm 15mm; }
body { font-family: ${CSS_FONT[model.issuer.font]}; font-size: 9.5pt; color: #111; }
header { display: flex; justify-content: space-between; }
h1 { font-size: 16pt; margin: 0; } h2 { font-size: 14pt; margin: 0; } h3 { font-size: 11pt; margin: 14px 0 4px; }
.addr { font-size: 8pt; } .parties { display: flex; justify-content: space-between; margin: 28px 0 18px; }
.meta td:last-child { text-align: right; padding-left: 24px; }
table.grid { width: 100%; border-collapse: collapse; } table.grid th { border-bottom: 1px solid #555; text-align: left; }
.right { text-align: right; } table.totals { margin: 8px 0 8px auto; } table.totals td:last-child { text-align: right; padding-left: 30px; }
tr.b { font-weight: bold; } .note { font-size: 8.5pt; } footer { font-size: 7pt; margin-top: 24px; color: #444; }
</style></head><body>
<header><div><h1>${esc(model.issuer.name)}</h1><div class="addr">${model.issuer.addressLines.map(esc).join('<br>')}</div></div><h2>${esc(model.title)}</h2></header>
<div class="parties"><div>${r ? `${t(r.name, r.nameKey)}<br>${r.addressLines.map((l, i) => t(l, `${r.addressKey}.${i}`)).join('<br>')}` : ''}</div>
<table class="meta">${model.meta.map((kv) => `<tr><td>${esc(kv.label)}</td><td>${t(kv.value, kv.key)}</td></tr>`).join('')}</table></div>
${model.blocks.map((b) => block(b, overrides)).join('\n')}
<footer>${esc(model.footer)}</footer>
</body></html>`;
}

export async function printHtml(html: string): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const src = join(dir, 'doc.html');
    const out = join(dir, 'out.pdf');
    await writeFile(src, html, 'utf8');
    // A private profile per call: concurrent Chromium runs must not share one.
    await run(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-pdf-header-footer',
        `--user-data-dir=${join(dir, 'profile')}`,
        `--print-to-pdf=${out}`,
        `file://${src}`,
      ],
      { timeoutMs: 90_000 },
    );
    return new Uint8Array(await readFile(out));
  });
}
