/**
 * Family B: a second, independent forgery family made with other tools and routes than
 * family A (docs/lab.md). Genuine documents come from groff, enscript, WeasyPrint, ReportLab,
 * scanning apps (img2pdf), phones and browser screenshots, in layouts family A never draws.
 * Forgeries are made the way fraudsters make them with those tools: the document re-exported
 * by another program, text export and re-import, overlays merged with pypdf, print to image
 * and back, print and scan, phone photos of an edited print, digits pasted into a scan,
 * copy-move in a re-compressed JPEG, region edits in PNG screenshots, pages swapped between two
 * genuine documents of the same issuer, and metadata routes (late ModDate, scrubbed, future).
 * The detectors are tuned on family A only; family B is the held-out family.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import type { FlagCode } from '../../../engine/catalog/flags.js';
import { LAB_DOC_TYPES, makeDocument } from '../model/index.js';
import type { DocModel, EditTarget } from '../model/types.js';
import type { PdfMeta } from '../render/meta.js';
import { chromiumScreenshot, familyBTools, img2pdf, psRedistil, renderEnscript, renderGroff, renderReportlab, renderWeasyprint, requireTool, toHtmlB, wordBoxes, type WordBox } from '../render/family-b.js';
import { rasterizePage } from '../render/raster.js';
import { exiftoolWrite, pdfPageCount } from '../render/transforms.js';
import { run, withTempDir } from '../util/exec.js';
import { hashSeed, Rng } from '../util/prng.js';
import { alternatives, contentFlags, editRecord, fieldsAfter, laterDate, metaFor, start, uniq } from './common.js';
import type { BuiltSample, SampleSpec, Technique } from './types.js';

const ALL = LAB_DOC_TYPES;
const MULTI = ['bank_statement', 'invoice'] as const;

type BTool = 'groff' | 'enscript' | 'weasyprint' | 'reportlab';
const B_TOOLS: readonly BTool[] = ['groff', 'weasyprint', 'reportlab', 'enscript'];
/** Tools that draw each value as one positioned word (pixel forgers need the place). */
const POSITIONED: readonly BTool[] = ['groff', 'weasyprint', 'reportlab'];

function available(tools: readonly BTool[]): BTool[] {
  const have = familyBTools();
  const ok = tools.filter((t) => have.has(t));
  if (!ok.length) throw new Error(`none of ${tools.join(', ')} is installed`);
  return ok;
}

function render(tool: BTool, model: DocModel, meta: PdfMeta, o: ReadonlyMap<string, string> = new Map()): Promise<Uint8Array> {
  switch (tool) {
    case 'groff':
      return renderGroff(model, meta, o);
    case 'enscript':
      return renderEnscript(model, meta, o);
    case 'weasyprint':
      return renderWeasyprint(model, meta, o);
    case 'reportlab':
      return renderReportlab(model, meta, o);
  }
}

const PRODUCER_NAME: Record<BTool, string> = { groff: 'groff > ps2pdf', enscript: 'GNU enscript > ps2pdf', weasyprint: 'WeasyPrint', reportlab: 'ReportLab' };

function mimeOf(ext: BuiltSample['ext']): BuiltSample['label']['mime'] {
  return ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'image/jpeg';
}

function genuineB(spec: SampleSpec, model: DocModel, bytes: Uint8Array, ext: BuiltSample['ext'], producer: string): BuiltSample {
  return { bytes, ext, label: { label: 'genuine', technique: spec.technique, family: 'B', doc_type: model.docType, expected_flags: [], fields: { ...model.fields }, ...alternatives(model), producer, seed: spec.seed, mime: mimeOf(ext) } };
}

function tamperedB(spec: SampleSpec, model: DocModel, bytes: Uint8Array, ext: BuiltSample['ext'], producer: string, flags: FlagCode[], edit: EditTarget | null, page = 1, notes?: string): BuiltSample {
  return {
    bytes,
    ext,
    label: { label: 'tampered', technique: spec.technique, family: 'B', doc_type: model.docType, expected_flags: uniq(flags), fields: fieldsAfter(model, edit), ...alternatives(model), producer, seed: spec.seed, mime: mimeOf(ext), ...(edit ? { edit: editRecord(edit, page) } : {}), ...(notes ? { notes } : {}) },
  };
}

/** Edits that leave a trace in the content (figures or dates that disagree). */
function contentEdit(rng: Rng, model: DocModel, kinds: ReadonlyArray<EditTarget['target']> = ['amount', 'date']): EditTarget {
  const options = model.edits.filter((e) => kinds.includes(e.target) && contentFlags(e).length > 0);
  if (!options.length) throw new Error(`no content edit for ${model.docType}`);
  return rng.pick(options);
}

function overrides(edit: EditTarget): Map<string, string> {
  return new Map([[edit.key, edit.after]]);
}

/** Where `text` is printed (one word, or up to four words of one line), first page first. */
function findWord(words: readonly WordBox[], text: string, page?: number): WordBox | null {
  const norm = (s: string) => s.replace(/\s+/g, '');
  const t = norm(text);
  for (let i = 0; i < words.length; i++) {
    if (page !== undefined && words[i].page !== page) continue;
    let joined = '';
    for (let k = i; k < Math.min(words.length, i + 4); k++) {
      if (words[k].page !== words[i].page || Math.abs(words[k].yMax - words[i].yMax) > 1) break;
      joined += norm(words[k].text);
      if (joined === t) {
        const run = words.slice(i, k + 1);
        return { page: words[i].page, text, xMin: Math.min(...run.map((w) => w.xMin)), yMin: Math.min(...run.map((w) => w.yMin)), xMax: Math.max(...run.map((w) => w.xMax)), yMax: Math.max(...run.map((w) => w.yMax)) };
      }
      if (!t.startsWith(joined)) break;
    }
  }
  return null;
}

/** An amount edit whose old value is one word on page 1 of `pdf`. */
async function amountOnPage1(rng: Rng, model: DocModel, pdf: Uint8Array): Promise<{ edit: EditTarget; box: WordBox; words: WordBox[] }> {
  const words = await wordBoxes(pdf);
  const options = rng.shuffle(model.edits.filter((e) => e.target === 'amount' && e.breaksArithmetic));
  for (const edit of options) {
    const box = findWord(words, edit.before, 1);
    if (box && findWord(words, edit.after, 1) === null) return { edit, box, words };
  }
  throw new Error('no amount printed as one word on page 1');
}

function exifDate(d: Date): string {
  return d.toISOString().replace(/-/g, ':').replace('T', ' ').slice(0, 19);
}

const PHONES = [
  ['Apple', 'iPhone 14', '17.4'],
  ['samsung', 'SM-A546B', 'A546BXXU5BWK1'],
  ['Xiaomi', 'Redmi Note 12', 'MIUI 14.0.5'],
  ['OnePlus', 'CPH2449', 'CPH2449_14.0'],
] as const;

async function magick(input: Buffer, args: readonly string[], outExt: 'jpg' | 'png'): Promise<Buffer> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.png'), input);
    await run('convert', [join(dir, 'in.png'), ...args, join(dir, `out.${outExt}`)]);
    return readFile(join(dir, `out.${outExt}`));
  });
}

/** A sheet-fed scanner: grey, a little skew and noise, JPEG at the app's quality. */
function scanB(png: Buffer, rng: Rng, quality: number, straight = false): Promise<Buffer> {
  const angle = straight ? '0' : rng.float(-0.6, 0.6).toFixed(2);
  return magick(png, ['-seed', String(rng.int(1, 1e6)), '-background', 'white', '-rotate', angle, '-colorspace', 'Gray', '-attenuate', rng.float(0.15, 0.5).toFixed(2), '+noise', 'Gaussian', '-level', '4%,96%', '-quality', String(quality)], 'jpg');
}

/** A 12-megapixel phone photo of a printed page: frame, perspective, light fall-off, camera JPEG. */
async function photoB(png: Buffer, rng: Rng, quality: number, when: Date): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const W = 3024;
  const H = 4032;
  const scale = Math.min((W * 0.86) / meta.width!, (H * 0.86) / meta.height!);
  const pw = Math.round(meta.width! * scale);
  const ph = Math.round(meta.height! * scale);
  const j = () => rng.int(20, 160);
  const ox = Math.round((W - pw) / 2);
  const oy = Math.round((H - ph) / 2);
  const persp = [`0,0 ${ox + j()},${oy + j()}`, `${pw},0 ${ox + pw - j()},${oy + j()}`, `0,${ph} ${ox + j()},${oy + ph - j()}`, `${pw},${ph} ${ox + pw - j()},${oy + ph - j()}`].join(' ');
  const desk = rng.pick(['#6d5c4b', '#9a958c', '#3f4a52', '#b4a58f']);
  const jpg = await magick(png, [
    '-seed', String(rng.int(1, 1e6)), '-resize', `${pw}x${ph}!`,
    '-virtual-pixel', 'background', '-background', desk, '-extent', `${W}x${H}`,
    '-distort', 'Perspective', persp,
    '(', '-size', `${W}x${H}`, 'radial-gradient:white-gray70', ')', '-compose', 'multiply', '-composite',
    '-attenuate', rng.float(0.4, 0.9).toFixed(2), '+noise', 'Gaussian', '-blur', `0x${rng.float(0.6, 1.2).toFixed(2)}`,
    '-sampling-factor', '2x2', '-quality', String(quality),
  ], 'jpg');
  const [make, model, software] = rng.pick(PHONES);
  const shot = exifDate(when);
  return Buffer.from(await exiftoolWrite(jpg, 'jpg', [`-Make=${make}`, `-Model=${model}`, `-Software=${software}`, `-DateTimeOriginal=${shot}`, `-CreateDate=${shot}`, `-ModifyDate=${shot}`, '-ColorSpace=sRGB']));
}

async function pagesAsJpegs(pdf: Uint8Array, rng: Rng, dpi: number, quality: number, maxPages = 3): Promise<Buffer[]> {
  const n = Math.min(maxPages, await pdfPageCount(pdf));
  const out: Buffer[] = [];
  for (let p = 1; p <= n; p++) out.push(await scanB(await rasterizePage(pdf, p, dpi), rng, quality));
  return out;
}

/** A genuine base from one of the family B tools, with the issuer's metadata. */
async function baseB(rng: Rng, model: DocModel, tools: readonly BTool[] = B_TOOLS): Promise<{ tool: BTool; meta: PdfMeta; bytes: Uint8Array }> {
  const tool = rng.pick(available(tools));
  const meta = metaFor(model);
  return { tool, meta, bytes: await render(tool, model, meta) };
}

/** A perfect edit: the issuer's own tool renders the document again with the new value. */
async function editedB(rng: Rng, model: DocModel, tools: readonly BTool[] = B_TOOLS, kinds?: ReadonlyArray<EditTarget['target']>): Promise<{ tool: BTool; meta: PdfMeta; bytes: Uint8Array; edit: EditTarget }> {
  const tool = rng.pick(available(tools));
  const meta = metaFor(model);
  const edit = contentEdit(rng, model, kinds);
  return { tool, meta, edit, bytes: await render(tool, model, meta, overrides(edit)) };
}

/** pypdf merges a ReportLab overlay (white box, value retyped in Helvetica) onto the page. */
const PYPDF_OVERLAY = String.raw`
import json, sys
from reportlab.pdfgen import canvas
from pypdf import PdfReader, PdfWriter
d = json.load(sys.stdin)
r = PdfReader(d['src'])
p = r.pages[d['page'] - 1]
w, h = float(p.mediabox.width), float(p.mediabox.height)
c = canvas.Canvas(d['ovl'], pagesize=(w, h))
x0, y0, x1, y1 = d['box']
c.setFillColorRGB(1, 1, 1); c.setStrokeColorRGB(1, 1, 1)
c.rect(x0 - 1, h - y1 - 1.5, x1 - x0 + 2, y1 - y0 + 3, fill=1, stroke=0)
c.setFillColorRGB(0.1, 0.1, 0.1)
size = (y1 - y0) * 0.78
c.setFont(d['font'], size)
c.drawRightString(x1, h - y1 + (y1 - y0) * 0.22, d['text'])
c.save()
p.merge_page(PdfReader(d['ovl']).pages[0])
wr = PdfWriter()
for pg in r.pages: wr.add_page(pg)
if d['keepInfo'] and r.metadata: wr.add_metadata({k: v for k, v in r.metadata.items()})
wr.write(d['out'])
`;

async function pypdfOverlay(pdf: Uint8Array, box: WordBox, text: string, font: string, keepInfo: boolean): Promise<Uint8Array> {
  requireTool('reportlab');
  requireTool('pypdf');
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await writeFile(join(dir, 'ov.py'), PYPDF_OVERLAY);
    await writeFile(join(dir, 'in.json'), JSON.stringify({ src: join(dir, 'in.pdf'), ovl: join(dir, 'ovl.pdf'), out: join(dir, 'out.pdf'), page: box.page, box: [box.xMin, box.yMin, box.xMax, box.yMax], text, font, keepInfo }));
    await run('sh', ['-c', `/usr/bin/python3 "${join(dir, 'ov.py')}" < "${join(dir, 'in.json')}"`]);
    return new Uint8Array(await readFile(join(dir, 'out.pdf')));
  });
}

/** The same issuer, another month: a second genuine document to take a page from. */
function sibling(spec: SampleSpec, model: DocModel): DocModel {
  for (let k = 1; k < 400; k++) {
    const other = makeDocument(new Rng(hashSeed('model-b-sibling', spec.docType, spec.seed, k)), spec.docType as (typeof LAB_DOC_TYPES)[number], { pages: spec.pages });
    if (other.issuer.id === model.issuer.id && other.fields.document_date !== model.fields.document_date) return other;
  }
  throw new Error('no sibling document of the same issuer');
}

/** Finds the box of `before` in a screenshot by rendering it once more with that value hidden. */
async function screenshotBox(model: DocModel, edit: EditTarget, size: { width: number; height: number }, shot: Buffer): Promise<{ left: number; top: number; width: number; height: number }> {
  const blank = await chromiumScreenshot(toHtmlB(model, new Map([[edit.key, `<span style="visibility:hidden">${edit.before}</span>`]]), { screen: true }).replace(/&lt;span style="visibility:hidden"&gt;(.*?)&lt;\/span&gt;/, '<span style="visibility:hidden">$1</span>'), size);
  const a = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const b = await sharp(blank).removeAlpha().raw().toBuffer();
  const { width, height, channels } = a.info;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      if (Math.abs(a.data[i] - b[i]) + Math.abs(a.data[i + 1] - b[i + 1]) + Math.abs(a.data[i + 2] - b[i + 2]) > 30) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  if (x1 < 0) throw new Error('value not visible in the screenshot');
  return { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

const EDITOR_FONTS = ['Liberation Sans', 'Liberation Serif', 'DejaVu Sans Condensed', 'Noto Sans'];

export const FAMILY_B: Technique[] = [
  // ---- genuine ----
  ...B_TOOLS.map(
    (tool): Technique => ({
      id: `b_genuine_${tool}`,
      family: 'B',
      label: 'genuine',
      description: `Issuing system printing through ${PRODUCER_NAME[tool]} (family B layout).`,
      docTypes: ALL,
      async build(spec) {
        const { model } = start(spec);
        const meta = metaFor(model);
        return genuineB(spec, model, await render(tool, model, meta), 'pdf', PRODUCER_NAME[tool]);
      },
    }),
  ),
  {
    id: 'b_genuine_scan_img2pdf',
    family: 'B',
    label: 'genuine',
    description: 'Printed and scanned by a scanning app at 200-300 dpi, JPEG q75-92 pages wrapped by img2pdf.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await baseB(rng, model);
      const dpi = rng.pick([200, 300]);
      const q = rng.int(75, 92);
      const bytes = await img2pdf(await pagesAsJpegs(base.bytes, rng, dpi, q), dpi, laterDate(rng, model.createdAt));
      return genuineB(spec, model, bytes, 'pdf', `${PRODUCER_NAME[base.tool]} > scan ${dpi} dpi JPEG q${q} > img2pdf`);
    },
  },
  {
    id: 'b_genuine_phone_photo',
    family: 'B',
    label: 'genuine',
    description: '12-megapixel phone photo of the printed first page, JPEG q80-95 with camera EXIF.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const base = await baseB(rng, model);
      const q = rng.int(80, 95);
      const bytes = await photoB(await rasterizePage(base.bytes, 1, 200), rng, q, laterDate(rng, model.createdAt));
      return genuineB(spec, model, bytes, 'jpg', `${PRODUCER_NAME[base.tool]} > phone photo 12 MP q${q}`);
    },
  },
  {
    id: 'b_genuine_screenshot',
    family: 'B',
    label: 'genuine',
    description: 'PNG screenshot of the web portal page (headless Chromium).',
    docTypes: ALL,
    async build(spec) {
      const { model } = start({ ...spec, pages: 1 });
      const bytes = await chromiumScreenshot(toHtmlB(model, new Map(), { screen: true }), { width: 900, height: 1300 });
      return genuineB(spec, model, bytes, 'png', 'chromium screenshot (PNG)');
    },
  },
  {
    id: 'b_genuine_print_ps',
    family: 'B',
    label: 'genuine',
    description: 'Genuine file printed to PDF through a PostScript driver (pdftops > ps2pdf).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await baseB(rng, model);
      return genuineB(spec, model, await psRedistil(base.bytes, laterDate(rng, model.createdAt)), 'pdf', `${PRODUCER_NAME[base.tool]} > pdftops > ps2pdf`);
    },
  },
  // ---- tampered: PDF routes ----
  {
    id: 'b_rewrite_other_tool',
    family: 'B',
    label: 'tampered',
    description: 'Value changed and the whole document re-exported by another program; the issuer\'s metadata copied over.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const edit = contentEdit(rng, model);
      const tool = rng.pick(available(['weasyprint', 'reportlab', 'groff']));
      const bytes = await render(tool, model, { ...metaFor(model), modDate: laterDate(rng, model.createdAt) }, overrides(edit));
      return tamperedB(spec, model, bytes, 'pdf', `rewrite with ${PRODUCER_NAME[tool]} (issuer metadata copied)`, contentFlags(edit), edit);
    },
  },
  {
    id: 'b_export_reimport',
    family: 'B',
    label: 'tampered',
    description: 'Exported to text, edited, printed again as a listing (enscript > ps2pdf).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const edit = contentEdit(rng, model);
      requireTool('enscript');
      const meta = { ...metaFor(model), creator: 'GNU Enscript 1.6.6', modDate: laterDate(rng, model.createdAt) };
      meta.creationDate = meta.modDate;
      return tamperedB(spec, model, await renderEnscript(model, meta, overrides(edit)), 'pdf', 'export to text > edit > enscript > ps2pdf', contentFlags(edit), edit);
    },
  },
  {
    id: 'b_overlay_pypdf',
    family: 'B',
    label: 'tampered',
    description: 'White box and retyped amount (ReportLab overlay) merged by pypdf; full rewrite.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await baseB(rng, model, POSITIONED);
      const { edit, box } = await amountOnPage1(rng, model, base.bytes);
      const font = rng.pick(['Helvetica', 'Times-Roman', 'Courier']);
      const bytes = await pypdfOverlay(base.bytes, box, edit.after, font, rng.chance(0.5));
      return tamperedB(spec, model, bytes, 'pdf', `${PRODUCER_NAME[base.tool]} > reportlab overlay (${font}) merged by pypdf`, ['hidden_content', 'font_inconsistency', ...contentFlags(edit)], edit);
    },
  },
  {
    id: 'b_overlay_ps_redistil',
    family: 'B',
    label: 'tampered',
    description: 'pypdf overlay edit laundered through a PostScript driver and ps2pdf.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await baseB(rng, model, POSITIONED);
      const { edit, box } = await amountOnPage1(rng, model, base.bytes);
      const font = rng.pick(['Helvetica', 'Times-Roman']);
      const bytes = await psRedistil(await pypdfOverlay(base.bytes, box, edit.after, font, false), laterDate(rng, model.createdAt));
      return tamperedB(spec, model, bytes, 'pdf', `${PRODUCER_NAME[base.tool]} > pypdf overlay (${font}) > pdftops > ps2pdf`, ['hidden_content', 'font_inconsistency', ...contentFlags(edit)], edit);
    },
  },
  {
    id: 'b_page_swap',
    family: 'B',
    label: 'tampered',
    description: 'A later page replaced by the same page of another genuine document of the same issuer (same tool).',
    docTypes: MULTI,
    minPages: 2,
    async build(spec) {
      const { rng, model } = start(spec);
      const other = sibling(spec, model);
      const tool = rng.pick(available(['weasyprint', 'reportlab', 'groff']));
      const a = await render(tool, model, metaFor(model));
      const b = await render(tool, other, metaFor(other));
      const na = await pdfPageCount(a);
      const nb = await pdfPageCount(b);
      if (na < 2 || nb < 2) throw new Error('page swap needs two pages in both documents');
      const page = rng.int(2, Math.min(na, nb));
      const bytes = await withTempDir(async (dir) => {
        await writeFile(join(dir, 'a.pdf'), a);
        await writeFile(join(dir, 'b.pdf'), b);
        const ranges = [page > 1 ? `1-${page - 1}` : '', '', page < na ? `${page + 1}-${na}` : ''];
        const args = ['--empty', '--pages', join(dir, 'a.pdf'), ranges[0], join(dir, 'b.pdf'), String(page)];
        if (ranges[2]) args.push(join(dir, 'a.pdf'), ranges[2]);
        await run('qpdf', ['--deterministic-id', join(dir, 'a.pdf'), '--pages', ...args.slice(2), '--', join(dir, 'out.pdf')]);
        return new Uint8Array(await readFile(join(dir, 'out.pdf')));
      });
      const flags: FlagCode[] = ['page_inconsistency', 'arithmetic_error'];
      if (model.docType === 'bank_statement') flags.push('content_inconsistency');
      return tamperedB(spec, model, bytes, 'pdf', `${PRODUCER_NAME[tool]} x2 > qpdf page ${page} from ${other.fields.document_date}`, flags, null, page, `page ${page} of ${na} from the issuer's document dated ${other.fields.document_date}`);
    },
  },
  {
    id: 'b_moddate_late',
    family: 'B',
    label: 'tampered',
    description: 'Re-rendered with a changed value months or years later; the library keeps CreationDate and stamps a late ModDate.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const e = await editedB(rng, model, ['weasyprint', 'reportlab', 'groff']);
      const doc = await PDFDocument.load(e.bytes, { updateMetadata: false });
      const late = new Date(model.createdAt.getTime() + rng.int(150, 1100) * 86_400_000 + rng.int(0, 86_399) * 1000);
      doc.setCreationDate(model.createdAt);
      doc.setModificationDate(late);
      const lib = rng.pick(['pypdf 3.17.4', 'iText 7.2.5 (AGPL-version)', 'PDFsharp 6.0.0', null]);
      if (lib) doc.setProducer(lib);
      const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
      return tamperedB(spec, model, bytes, 'pdf', `${PRODUCER_NAME[e.tool]} (edited) > ${lib ?? 'pdf-lib, Producer kept'} ModDate +${Math.round((late.getTime() - model.createdAt.getTime()) / 86_400_000)} d`, ['date_inconsistency', ...contentFlags(e.edit)], e.edit);
    },
  },
  {
    id: 'b_scrubbed',
    family: 'B',
    label: 'tampered',
    description: 'Edited document rewritten without Info, XMP and /ID.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const e = await editedB(rng, model, ['weasyprint', 'reportlab', 'groff']);
      const doc = await PDFDocument.load(e.bytes, { updateMetadata: false });
      doc.catalog.delete(PDFName.of('Metadata'));
      doc.context.trailerInfo.Info = undefined;
      doc.context.trailerInfo.ID = undefined;
      const bytes = await doc.save({ useObjectStreams: rng.chance(0.5) });
      return tamperedB(spec, model, bytes, 'pdf', `${PRODUCER_NAME[e.tool]} (edited) > Info, XMP and /ID removed (rewrite)`, ['scrubbed_metadata', ...contentFlags(e.edit)], e.edit);
    },
  },
  {
    id: 'b_future_created',
    family: 'B',
    label: 'tampered',
    description: 'Edited and re-rendered with dates typed years ahead (CreationDate and ModDate in 2029-2034).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const edit = contentEdit(rng, model);
      const tool = rng.pick(available(['weasyprint', 'reportlab']));
      const future = new Date(Date.UTC(rng.int(2029, 2034), rng.int(0, 11), rng.int(1, 28), rng.int(7, 18), rng.int(0, 59)));
      const bytes = await render(tool, model, { ...metaFor(model), creationDate: future, modDate: future }, overrides(edit));
      let out = bytes;
      if (tool === 'reportlab') {
        // ReportLab writes a fixed date in invariant mode: the forger's tool sets the dates.
        const doc = await PDFDocument.load(bytes, { updateMetadata: false });
        doc.setCreationDate(future);
        doc.setModificationDate(future);
        out = await doc.save({ useObjectStreams: false });
      }
      return tamperedB(spec, model, out, 'pdf', `${PRODUCER_NAME[tool]} (edited), dates ${future.toISOString().slice(0, 10)}`, ['date_inconsistency', ...contentFlags(edit)], edit);
    },
  },
  // ---- tampered: through pixels ----
  {
    id: 'b_print_to_image',
    family: 'B',
    label: 'tampered',
    description: 'Perfect edit, then "printed to an image and back": pages rasterised at 150-200 dpi and re-wrapped by img2pdf.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const e = await editedB(rng, model);
      const dpi = rng.pick([150, 200]);
      const n = Math.min(3, await pdfPageCount(e.bytes));
      const pages: Buffer[] = [];
      for (let p = 1; p <= n; p++) pages.push(await sharp(await rasterizePage(e.bytes, p, dpi)).jpeg({ quality: rng.int(85, 95) }).toBuffer());
      const bytes = await img2pdf(pages, dpi, laterDate(rng, model.createdAt));
      return tamperedB(spec, model, bytes, 'pdf', `${PRODUCER_NAME[e.tool]} (edited) > raster ${dpi} dpi > img2pdf`, contentFlags(e.edit), e.edit);
    },
  },
  {
    id: 'b_print_scan',
    family: 'B',
    label: 'tampered',
    description: 'Perfect edit printed and scanned: first page as a 200-300 dpi JPEG, q70-95.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const e = await editedB(rng, model);
      const dpi = rng.pick([200, 300]);
      const q = rng.int(70, 95);
      const bytes = await scanB(await rasterizePage(e.bytes, 1, dpi), rng, q);
      return tamperedB(spec, model, bytes, 'jpg', `${PRODUCER_NAME[e.tool]} (edited) > print > scan ${dpi} dpi JPEG q${q}`, contentFlags(e.edit), e.edit);
    },
  },
  {
    id: 'b_photo_of_edit',
    family: 'B',
    label: 'tampered',
    description: 'Perfect edit printed and photographed with a phone (12 MP, q80-95).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const e = await editedB(rng, model);
      const q = rng.int(80, 95);
      const bytes = await photoB(await rasterizePage(e.bytes, 1, 200), rng, q, laterDate(rng, model.createdAt));
      return tamperedB(spec, model, bytes, 'jpg', `${PRODUCER_NAME[e.tool]} (edited) > print > phone photo q${q}`, contentFlags(e.edit), e.edit);
    },
  },
  {
    id: 'b_scan_digit_paste',
    family: 'B',
    label: 'tampered',
    description: 'Scanned page (200-300 dpi, q75-90) with a clean rendering of new digits pasted over an amount, saved as JPEG q70-95.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const base = await baseB(rng, model, POSITIONED);
      const { edit, box } = await amountOnPage1(rng, model, base.bytes);
      const dpi = rng.pick([200, 300]);
      const q1 = rng.int(75, 90);
      const scan = await scanB(await rasterizePage(base.bytes, 1, dpi), rng, q1, true);
      // The forger types the new value in the same program, renders it and pastes the patch.
      const clean = await rasterizePage(await render(base.tool, model, base.meta, overrides(edit)), 1, dpi);
      const s = dpi / 72;
      const pad = 3;
      const rect = { left: Math.max(0, Math.floor(box.xMin * s) - pad - Math.round((box.xMax - box.xMin) * s * 0.3)), top: Math.max(0, Math.floor(box.yMin * s) - pad), width: 0, height: 0 };
      rect.width = Math.ceil(box.xMax * s) + pad - rect.left;
      rect.height = Math.ceil(box.yMax * s) + pad - rect.top;
      const patch = await sharp(clean).extract(rect).greyscale().png().toBuffer();
      const pasted = await sharp(scan).composite([{ input: patch, left: rect.left, top: rect.top }]).png().toBuffer();
      const q2 = rng.int(70, 95);
      const bytes = await sharp(pasted).greyscale().jpeg({ quality: q2 }).toBuffer();
      return tamperedB(spec, model, bytes, 'jpg', `${PRODUCER_NAME[base.tool]} > scan ${dpi} dpi q${q1} > pasted digits > JPEG q${q2}`, ['image_manipulation', 'compression_anomaly', ...contentFlags(edit)], edit);
    },
  },
  {
    id: 'b_copymove_recompressed',
    family: 'B',
    label: 'tampered',
    description: 'Scan JPEG (q88-95); an amount covered by a copy of another amount from the same page; saved again at q70-85, sometimes resized.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const base = await baseB(rng, model, POSITIONED);
      const words = await wordBoxes(base.bytes);
      const amounts = words.filter((w) => w.page === 1 && /^-?[£€$]?\d{1,3}([.,\s]\d{3})*[.,]\d{2}$/.test(w.text));
      const targets = rng.shuffle(model.edits.filter((e) => e.target === 'amount' && e.breaksArithmetic));
      let pick: { edit: EditTarget; to: WordBox; from: WordBox } | null = null;
      for (const edit of targets) {
        const to = findWord(words, edit.before, 1);
        if (!to) continue;
        const from = amounts.find((w) => w !== to && w.text !== to.text && w.text.length === to.text.length && Math.abs(w.yMax - w.yMin - (to.yMax - to.yMin)) < 0.5);
        if (from) {
          pick = { edit: { ...edit, after: from.text }, to, from };
          break;
        }
      }
      if (!pick) throw new Error('no same-length amount to copy from');
      const dpi = rng.pick([200, 300]);
      const q1 = rng.int(88, 95);
      const scan = await scanB(await rasterizePage(base.bytes, 1, dpi), rng, q1, true);
      const s = dpi / 72;
      const w = Math.ceil((pick.to.xMax - pick.to.xMin) * s) + 4;
      const h = Math.ceil((pick.to.yMax - pick.to.yMin) * s) + 4;
      const patch = await sharp(scan).extract({ left: Math.floor(pick.from.xMax * s) + 2 - w, top: Math.floor(pick.from.yMin * s) - 2, width: w, height: h }).png().toBuffer();
      let img = sharp(await sharp(scan).composite([{ input: patch, left: Math.floor(pick.to.xMax * s) + 2 - w, top: Math.floor(pick.to.yMin * s) - 2 }]).png().toBuffer());
      const resize = rng.chance(0.4);
      const meta = await sharp(scan).metadata();
      if (resize) img = img.resize(Math.round(meta.width! * 0.85));
      const q2 = rng.int(70, 85);
      const bytes = await img.greyscale().jpeg({ quality: q2 }).toBuffer();
      return tamperedB(spec, model, bytes, 'jpg', `${PRODUCER_NAME[base.tool]} > scan q${q1} > copy-move amount > ${resize ? 'resize 85 % > ' : ''}JPEG q${q2}`, ['image_manipulation', 'compression_anomaly', ...contentFlags(pick.edit)], pick.edit);
    },
  },
  {
    id: 'b_screenshot_region_edit',
    family: 'B',
    label: 'tampered',
    description: 'PNG screenshot of the portal page (headless Chromium) with a value painted over and retyped in another font.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const size = { width: 900, height: 1300 };
      const edit = contentEdit(rng, model, ['amount']);
      const shot = await chromiumScreenshot(toHtmlB(model, new Map(), { screen: true }), size);
      const box = await screenshotBox(model, edit, size, shot);
      const raw = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const px = ((box.top - 1) * raw.info.width + box.left + box.width + 2) * raw.info.channels;
      const bg = `rgb(${raw.data[px]},${raw.data[px + 1]},${raw.data[px + 2]})`;
      const font = rng.pick(EDITOR_FONTS);
      // Digits stand about 0.73 em tall; the value box from the pixel difference is their ink.
      const sizePx = Math.round(box.height / 0.76);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect x="${box.left - 2}" y="${box.top - 2}" width="${box.width + 4}" height="${box.height + 4}" fill="${bg}"/><text x="${box.left + box.width}" y="${box.top + Math.round(sizePx * 0.73)}" font-family="${font}" font-size="${sizePx}" text-anchor="end" fill="#202020"${rng.chance(0.5) ? ' text-rendering="optimizeSpeed"' : ''}>${edit.after.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text></svg>`;
      const bytes = await sharp(shot).composite([{ input: Buffer.from(svg), left: 0, top: 0 }]).png().toBuffer();
      return tamperedB(spec, model, bytes, 'png', `chromium screenshot > region repainted, retyped (${font}) > PNG`, ['image_manipulation', ...contentFlags(edit)], edit);
    },
  },
];
