/**
 * Family B producers: tools and layouts family A never uses. groff (troff + tbl) through
 * ps2pdf, GNU enscript listings through ps2pdf, ReportLab (python3), WeasyPrint and a second
 * HTML layout (labelled blocks, page "x of y" footers, repeated page headers), Chromium
 * screenshots, img2pdf wrapping, poppler's pdftops + ps2pdf ("print to PDF" through a
 * PostScript driver) and pdftotext word boxes to find where a value is printed.
 * Every tool is optional: `familyBTools()` says which ones are installed.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Block, DocModel } from '../model/types.js';
import { envWithSourceDate, run, withTempDir } from '../util/exec.js';
import type { PdfMeta } from './meta.js';

type Overrides = ReadonlyMap<string, string>;

const TOOLS = ['groff', 'ps2pdf', 'enscript', 'weasyprint', 'img2pdf', 'chromium', 'pdftops', 'pdftotext', 'python3'] as const;
let toolCache: Set<string> | null = null;

/** Which family B tools exist on this machine (the python3 modules count as `reportlab`, `pypdf`). */
export function familyBTools(): Set<string> {
  if (toolCache) return toolCache;
  const have = new Set<string>();
  for (const t of TOOLS) {
    try {
      execFileSync('sh', ['-c', `command -v ${t}`], { stdio: 'ignore' });
      have.add(t);
    } catch {
      /* absent */
    }
  }
  for (const mod of ['reportlab', 'pypdf']) {
    try {
      execFileSync('/usr/bin/python3', ['-c', `import ${mod}`], { stdio: 'ignore' });
      have.add(mod);
    } catch {
      /* absent */
    }
  }
  toolCache = have;
  return have;
}

export function requireTool(tool: string): void {
  if (!familyBTools().has(tool)) throw new Error(`${tool} is not installed (family B needs it)`);
}

function val(text: string, key: string | undefined, o: Overrides): string {
  return key && o.has(key) ? o.get(key)! : text;
}

/** The document as plain lines of a fixed-width listing (what enscript and text exports print). */
export function toListing(model: DocModel, o: Overrides = new Map(), width = 86): string[] {
  const out: string[] = [];
  const pad = (l: string, r: string) => l + ' '.repeat(Math.max(1, width - l.length - r.length)) + r;
  out.push(pad(model.issuer.name, model.title.toUpperCase()));
  for (const a of model.issuer.addressLines) out.push(a);
  out.push('');
  const r = model.recipient;
  const left = r ? [val(r.name, r.nameKey, o), ...r.addressLines.map((l, i) => val(l, `${r.addressKey}.${i}`, o))] : [];
  const right = model.meta.map((kv) => `${kv.label}: ${val(kv.value, kv.key, o)}`);
  for (let i = 0; i < Math.max(left.length, right.length); i++) out.push(pad(left[i] ?? '', right[i] ?? ''));
  out.push('');
  for (const b of model.blocks) {
    if (b.kind === 'section') out.push(b.title.toUpperCase(), '-'.repeat(b.title.length));
    else if (b.kind === 'note') out.push(b.text);
    else if (b.kind === 'totals') for (const kv of b.rows) out.push(pad(' '.repeat(width - 40) + kv.label, val(kv.value, kv.key, o)));
    else {
      const widths = b.columns.map((c) => Math.max(4, Math.floor(c.width * width) - 1));
      const cell = (t: string, i: number) => {
        const w = widths[i];
        const s = t.length > w ? t.slice(0, w) : t;
        return b.columns[i].align === 'right' ? s.padStart(w) : s.padEnd(w);
      };
      out.push(b.columns.map((c, i) => cell(c.title, i)).join(' '));
      out.push('='.repeat(width));
      for (const row of b.rows) out.push(row.map((c, i) => cell(val(c.text, c.key, o), i)).join(' '));
    }
    out.push('');
  }
  out.push(model.footer);
  return out;
}

function troffEsc(s: string): string {
  const t = s.replace(/\\/g, '\\e');
  return /^[.']/.test(t) ? `\\&${t}` : t;
}

/** troff source with tbl tables: the layout groff's own line breaking and tables give. */
export function toGroff(model: DocModel, o: Overrides = new Map()): string {
  const L: string[] = [];
  const font = /Times|Serif/.test(model.issuer.font) ? 'T' : /Courier/.test(model.issuer.font) ? 'C' : 'H';
  L.push(`.fam ${font}`, '.ll 6.3i', '.po 0.9i', '.ps 10', '.vs 12p', '.nh', '.ad l', '.pl 11.69i');
  // Page traps: a top margin, and a footer with the page number, as ms/mm macros would give.
  L.push('.de HD', "'sp 0.7i", '..', '.de FO', "'sp 0.3i", '.ps 7', ".tl '''Page %'", '.ps 10', "'bp", '..', '.wh 0 HD', '.wh -0.9i FO');
  L.push('.ps 15', '.ft B', troffEsc(model.issuer.name), '.ft R', '.ps 8', '.br');
  for (const a of model.issuer.addressLines) L.push(troffEsc(a), '.br');
  L.push('.ps 10', '.sp 1', '.ce 1', `\\fB${troffEsc(model.title)}\\fR`, '.sp 1');
  const r = model.recipient;
  if (r) {
    L.push('.in 3.4i', troffEsc(val(r.name, r.nameKey, o)), '.br');
    r.addressLines.forEach((l, i) => L.push(troffEsc(val(l, `${r.addressKey}.${i}`, o)), '.br'));
    L.push('.in 0', '.sp 1');
  }
  L.push('.TS', 'tab(|);', 'l l.');
  for (const kv of model.meta) L.push(`${troffEsc(kv.label)}|${troffEsc(val(kv.value, kv.key, o))}`);
  L.push('.TE', '.sp 1');
  for (const b of model.blocks) L.push(...groffBlock(b, o));
  L.push('.sp 2', '.ps 7', troffEsc(model.footer));
  return L.join('\n') + '\n';
}

function groffBlock(b: Block, o: Overrides): string[] {
  switch (b.kind) {
    case 'section':
      return ['.sp 1', `\\fB${troffEsc(b.title)}\\fR`, '.br'];
    case 'note':
      return ['.sp 0.5', '.ps 8', troffEsc(b.text), '.ps 10', '.br'];
    case 'totals':
      return [
        '.TS',
        'tab(|) expand;',
        'l r.',
        ...b.rows.map((kv) =>
          kv.bold
            ? `\\fB${troffEsc(kv.label)}\\fR|\\fB${troffEsc(val(kv.value, kv.key, o))}\\fR`
            : `${troffEsc(kv.label)}|${troffEsc(val(kv.value, kv.key, o))}`,
        ),
        '.TE',
      ];
    case 'table': {
      const fmt = b.columns.map((c) => (c.align === 'right' ? 'r' : 'l')).join(' ');
      return [
        '.TS',
        'tab(|) expand;',
        `${b.columns.map(() => 'lb').join(' ')}`,
        `${fmt}.`,
        b.columns.map((c) => troffEsc(c.title)).join('|'),
        '_',
        ...b.rows.map((row) => row.map((c) => troffEsc(val(c.text, c.key, o))).join('|')),
        '.TE',
      ];
    }
  }
}

async function ps2pdf(ps: Buffer | string, meta: PdfMeta, dir: string, extraPdfmark = true): Promise<Uint8Array> {
  const src = join(dir, 'in.ps');
  const out = join(dir, 'out.pdf');
  await writeFile(src, ps);
  const marks = join(dir, 'marks.ps');
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  await writeFile(marks, `[ /Title (${esc(meta.title)}) /Author (${esc(meta.author)}) /Creator (${esc(meta.creator)}) /DOCINFO pdfmark\n`);
  await run(
    'gs',
    ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-sPAPERSIZE=a4', `-sOutputFile=${out}`, src, ...(extraPdfmark ? [marks] : [])],
    { env: envWithSourceDate(meta.creationDate) },
  );
  return new Uint8Array(await readFile(out));
}

export async function renderGroff(model: DocModel, meta: PdfMeta, o: Overrides = new Map()): Promise<Uint8Array> {
  requireTool('groff');
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'doc.tr'), toGroff(model, o), 'utf8');
    const { stdout } = await run('sh', ['-c', `groff -k -t -Tps -dpaper=a4 -P-pa4 "${join(dir, 'doc.tr')}"`]);
    return ps2pdf(stdout, meta, dir);
  });
}

export async function renderEnscript(model: DocModel, meta: PdfMeta, o: Overrides = new Map()): Promise<Uint8Array> {
  requireTool('enscript');
  return withTempDir(async (dir) => {
    // enscript reads Latin-1; the listing's non-ASCII letters are Latin-1 letters.
    await writeFile(join(dir, 'doc.txt'), Buffer.from(toListing(model, o).join('\n') + '\n', 'latin1'));
    await run('enscript', ['-q', '-B', '-M', 'A4', '-f', 'Courier8.5', '-X', 'latin1', '-o', join(dir, 'doc.ps'), join(dir, 'doc.txt')]);
    return ps2pdf(await readFile(join(dir, 'doc.ps')), meta, dir);
  });
}

/** A second HTML layout: labelled party blocks, a repeated page header, "Page x of y" footers. */
export function toHtmlB(model: DocModel, o: Overrides = new Map(), opts: { screen?: boolean; meta?: PdfMeta } = {}): string {
  const e = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // A CSS string is not HTML: only its quotes and backslashes need escaping.
  const css = (s: string) => s.replace(/[\\"]/g, (c) => `\\${c}`);
  const t = (text: string, key?: string) => e(val(text, key, o));
  const r = model.recipient;
  const font = /Times|Serif/.test(model.issuer.font)
    ? '"DejaVu Serif", serif'
    : /Courier/.test(model.issuer.font)
      ? '"DejaVu Sans Mono", monospace'
      : '"DejaVu Sans", sans-serif';
  const metaTags = opts.meta
    ? `<meta name="author" content="${e(opts.meta.author)}"><meta name="generator" content="${e(opts.meta.creator)}"><meta name="dcterms.created" content="${opts.meta.creationDate.toISOString()}"><meta name="dcterms.modified" content="${opts.meta.modDate.toISOString()}">`
    : '';
  const blocks = model.blocks
    .map((b) => {
      if (b.kind === 'section') return `<h4>${e(b.title)}</h4>`;
      if (b.kind === 'note') return `<p class="n">${e(b.text)}</p>`;
      if (b.kind === 'totals')
        return `<dl class="tot">${b.rows.map((kv) => `<dt${kv.bold ? ' class="b"' : ''}>${e(kv.label)}</dt><dd${kv.bold ? ' class="b"' : ''}>${t(kv.value, kv.key)}</dd>`).join('')}</dl>`;
      const head = b.columns.map((c) => `<th class="${c.align}">${e(c.title)}</th>`).join('');
      return `<table><thead><tr>${head}</tr></thead><tbody>${b.rows.map((row, ri) => `<tr class="${ri % 2 ? 'o' : 'e'}">${row.map((c, i) => `<td class="${b.columns[i].align}">${t(c.text, c.key)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
    })
    .join('\n');
  const page = opts.screen
    ? 'body { width: 820px; margin: 24px auto; }'
    : `@page { size: A4; margin: 22mm 14mm 18mm; @top-left { content: "${css(model.issuer.name)} - ${css(model.title)}"; font-size: 7pt; color: #555; } @bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 7pt; } }`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${e(opts.meta?.title ?? model.title)}</title>${metaTags}<style>
${page}
body { font-family: ${font}; font-size: 9pt; color: #202020; }
.top { border-bottom: 3px solid #2b4c7e; padding-bottom: 6px; } .top b { font-size: 14pt; color: #2b4c7e; } .top span { float: right; font-size: 12pt; }
.cards { display: flex; gap: 16px; margin: 14px 0; } .card { flex: 1; background: #eef2f7; padding: 8px 10px; }
.card h5 { margin: 0 0 4px; font-size: 7pt; text-transform: uppercase; color: #2b4c7e; }
table { width: 100%; border-collapse: collapse; margin: 4px 0; } th { background: #2b4c7e; color: #fff; font-weight: normal; padding: 3px 4px; text-align: left; }
td { padding: 2px 4px; } tr.o td { background: #f4f6f9; } .right { text-align: right; }
dl.tot { display: grid; grid-template-columns: auto 120px; width: 320px; margin: 6px 0 6px auto; } dd { margin: 0; text-align: right; } .b { font-weight: bold; }
h4 { margin: 12px 0 2px; color: #2b4c7e; } .n { font-size: 7.5pt; } footer { margin-top: 20px; font-size: 6.5pt; color: #555; }
</style></head><body>
<div class="top"><b>${e(model.issuer.name)}</b><span>${e(model.title)}</span><div>${model.issuer.addressLines.map(e).join(' &middot; ')}</div></div>
<div class="cards">${r ? `<div class="card"><h5>Prepared for</h5>${t(r.name, r.nameKey)}<br>${r.addressLines.map((l, i) => t(l, `${r.addressKey}.${i}`)).join('<br>')}</div>` : ''}<div class="card"><h5>Details</h5>${model.meta.map((kv) => `${e(kv.label)}: <b>${t(kv.value, kv.key)}</b>`).join('<br>')}</div></div>
${blocks}
<footer>${e(model.footer)}</footer></body></html>`;
}

export async function renderWeasyprint(model: DocModel, meta: PdfMeta, o: Overrides = new Map()): Promise<Uint8Array> {
  requireTool('weasyprint');
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'doc.html'), toHtmlB(model, o, { meta }), 'utf8');
    await run('weasyprint', ['-q', join(dir, 'doc.html'), join(dir, 'out.pdf')], { env: envWithSourceDate(meta.creationDate), timeoutMs: 120_000 });
    return new Uint8Array(await readFile(join(dir, 'out.pdf')));
  });
}

const REPORTLAB = String.raw`
import json, sys, datetime
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas
from reportlab.lib.units import mm
d = json.load(sys.stdin)
c = canvas.Canvas(d['out'], pagesize=A4, invariant=1, pageCompression=1)
c.setAuthor(d['author']); c.setTitle(d['title']); c.setCreator(d['creator'])
W, H = A4
font, bold = d['font'], d['bold']
y = H - 20*mm
page = [1]
def header():
    c.setFont(bold, 8); c.drawString(15*mm, H - 10*mm, d['issuer'])
    c.drawRightString(W - 15*mm, H - 10*mm, 'Page %d' % page[0])
def newline(h):
    global y
    y -= h
    if y < 20*mm:
        c.showPage(); page[0] += 1; header(); y = H - 22*mm
header()
c.setFont(bold, 16); c.drawString(15*mm, y, d['issuer']); newline(6*mm)
c.setFont(font, 8)
for a in d['issuerAddress']:
    c.drawString(15*mm, y, a); newline(3.6*mm)
c.setFont(bold, 12); c.drawRightString(W - 15*mm, H - 20*mm, d['doctitle'])
newline(6*mm)
top = y
c.setFont(font, 9)
for l in d['recipient']:
    c.drawString(20*mm, y, l); newline(4.2*mm)
y2 = top
for k, v in d['meta']:
    c.drawString(115*mm, y2, k); c.drawRightString(W - 15*mm, y2, v); y2 -= 4.2*mm
y = min(y, y2); newline(6*mm)
for b in d['blocks']:
    if b['kind'] == 'section':
        c.setFont(bold, 10); c.drawString(15*mm, y, b['title']); newline(5*mm)
    elif b['kind'] == 'note':
        c.setFont(font, 7.5); c.drawString(15*mm, y, b['text'][:150]); newline(4*mm)
    elif b['kind'] == 'totals':
        for label, v, isb in b['rows']:
            c.setFont(bold if isb else font, 9); c.drawString(120*mm, y, label); c.drawRightString(W - 15*mm, y, v); newline(4.4*mm)
    else:
        cols = b['columns']; x = 15*mm; xs = []
        for title, align, w in cols:
            xs.append((x, x + w*(W - 30*mm) - 2*mm, align)); x += w*(W - 30*mm)
        def row(cells, f):
            c.setFont(f, 8.5)
            for (x0, x1, align), t in zip(xs, cells):
                if align == 'right': c.drawRightString(x1, y, t)
                else: c.drawString(x0, y, t)
        row([t for t, a, w in cols], bold); c.line(15*mm, y - 1.5*mm, W - 15*mm, y - 1.5*mm); newline(5*mm)
        for r in b['rows']:
            row(r, font); newline(4.2*mm)
    newline(2*mm)
c.setFont(font, 6.5); c.drawString(15*mm, max(y, 12*mm), d['footer'][:180])
c.showPage(); c.save()
`;

export async function renderReportlab(model: DocModel, meta: PdfMeta, o: Overrides = new Map()): Promise<Uint8Array> {
  requireTool('reportlab');
  const serif = /Times|Serif/.test(model.issuer.font);
  const mono = /Courier/.test(model.issuer.font);
  const r = model.recipient;
  return withTempDir(async (dir) => {
    const out = join(dir, 'out.pdf');
    const input = {
      out,
      author: meta.author,
      title: meta.title,
      creator: meta.creator,
      font: serif ? 'Times-Roman' : mono ? 'Courier' : 'Helvetica',
      bold: serif ? 'Times-Bold' : mono ? 'Courier-Bold' : 'Helvetica-Bold',
      issuer: model.issuer.name,
      issuerAddress: model.issuer.addressLines,
      doctitle: model.title,
      recipient: r ? [val(r.name, r.nameKey, o), ...r.addressLines.map((l, i) => val(l, `${r.addressKey}.${i}`, o))] : [],
      meta: model.meta.map((kv) => [kv.label, val(kv.value, kv.key, o)]),
      blocks: model.blocks.map((b) =>
        b.kind === 'table'
          ? { kind: 'table', columns: b.columns.map((c) => [c.title, c.align, c.width]), rows: b.rows.map((row) => row.map((c) => val(c.text, c.key, o))) }
          : b.kind === 'totals'
            ? { kind: 'totals', rows: b.rows.map((kv) => [kv.label, val(kv.value, kv.key, o), !!kv.bold]) }
            : b,
      ),
      footer: model.footer,
    };
    await writeFile(join(dir, 'in.json'), JSON.stringify(input));
    await writeFile(join(dir, 'rl.py'), REPORTLAB);
    await run('sh', ['-c', `/usr/bin/python3 "${join(dir, 'rl.py')}" < "${join(dir, 'in.json')}"`], { env: envWithSourceDate(meta.creationDate) });
    return new Uint8Array(await readFile(out));
  });
}

/** Headless Chromium screenshot of the screen layout (a PNG of a web portal page). */
export async function chromiumScreenshot(html: string, size: { width: number; height: number }): Promise<Buffer> {
  requireTool('chromium');
  return withTempDir(async (dir) => {
    const src = join(dir, 'doc.html');
    const out = join(dir, 'shot.png');
    await writeFile(src, html, 'utf8');
    await run(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        `--user-data-dir=${join(dir, 'profile')}`,
        `--window-size=${size.width},${size.height}`,
        `--screenshot=${out}`,
        `file://${src}`,
      ],
      { timeoutMs: 90_000 },
    );
    return readFile(out);
  });
}

/** img2pdf: wraps JPEG pages without re-encoding (what scanning apps and "images to PDF" do). */
export async function img2pdf(jpegs: Buffer[], dpi: number, when: Date, tags: { producer?: string; creator?: string } = {}): Promise<Uint8Array> {
  requireTool('img2pdf');
  return withTempDir(async (dir) => {
    const names = jpegs.map((_, i) => join(dir, `p${i}.jpg`));
    for (let i = 0; i < jpegs.length; i++) await writeFile(names[i], jpegs[i]);
    const out = join(dir, 'out.pdf');
    const stamp = when.toISOString().slice(0, 19);
    await run('img2pdf', [
      '--imgsize',
      `${dpi}dpi`,
      '--creationdate',
      stamp,
      '--moddate',
      stamp,
      '--producer',
      tags.producer ?? 'img2pdf',
      ...(tags.creator ? ['--creator', tags.creator] : []),
      '-o',
      out,
      ...names,
    ]);
    return new Uint8Array(await readFile(out));
  });
}

/** A PostScript printer driver and a distiller: pdftops then ps2pdf (one new revision, gs fonts). */
export async function psRedistil(pdf: Uint8Array, when: Date): Promise<Uint8Array> {
  requireTool('pdftops');
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftops', ['-level3', join(dir, 'in.pdf'), join(dir, 'in.ps')]);
    await run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', `-sOutputFile=${join(dir, 'out.pdf')}`, join(dir, 'in.ps')], {
      env: envWithSourceDate(when),
    });
    return new Uint8Array(await readFile(join(dir, 'out.pdf')));
  });
}

export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Word boxes in points from pdftotext -bbox (any producer). */
export async function wordBoxes(pdf: Uint8Array): Promise<WordBox[]> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftotext', ['-bbox', join(dir, 'in.pdf'), join(dir, 'out.html')]);
    const html = await readFile(join(dir, 'out.html'), 'utf8');
    const out: WordBox[] = [];
    let page = 0;
    for (const line of html.split('\n')) {
      if (line.includes('<page ')) page++;
      const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/.exec(line);
      if (m) out.push({ page, text: m[5].replace(/&amp;/g, '&'), xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4] });
    }
    return out;
  });
}
