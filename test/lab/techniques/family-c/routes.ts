/**
 * Family C routes, each a tool chain that leaves the file structure clean, built twice: with one
 * value changed (the forgery) and without (its genuine twin, which must stay clear). What is
 * left for an engine to see is the content: figures that no longer add up, a date against its
 * period.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FlagCode } from '../../../../engine/catalog/flags.js';
import type { DocModel } from '../../model/types.js';
import { replaceShownDigits } from '../../pdf/content-patch.js';
import { img2pdf, wordBoxes } from '../../render/family-b.js';
import type { PdfMeta } from '../../render/meta.js';
import { rasterizePage } from '../../render/raster.js';
import { ghostscriptRedistil, pdfPageCount, qpdfFromEditedQdf, qpdfToQdf } from '../../render/transforms.js';
import { run, withTempDir } from '../../util/exec.js';
import { hashSeed, Rng } from '../../util/prng.js';
import { contentFlags, laterDate, metaFor, start } from '../common.js';
import { magick } from '../family-b/camera.js';
import { findWord } from '../family-b/shared.js';
import type { BuiltSample, SampleSpec, Technique } from '../types.js';
import { consistencyEdit, type CEdit } from './edits.js';
import { withIsoDates } from './locale.js';
import { ENGINE_NAME, genuineC, pickEngine, renderC, requireC, tamperedC, type CEngine } from './shared.js';

const ALL = ['bank_statement', 'payslip', 'invoice', 'utility_bill', 'receipt'] as const;

interface Made {
  bytes: Uint8Array;
  ext: BuiltSample['ext'];
  producer: string;
}

/** One tool chain: renders the model (with the forger's values when `edit` is given) and launders it. */
interface Route {
  id: string;
  what: string;
  /** Edits this route's forger makes (a date edit breaks the period, an amount the arithmetic). */
  kinds: ReadonlyArray<'amount' | 'date'>;
  /** Flags beyond the content's own (a scrubbed file also lacks its metadata). */
  extraFlags: FlagCode[];
  /** Largest page count the route keeps (scans of long statements are costly to read). */
  maxPages?: number;
  make(rng: Rng, model: DocModel, edit: CEdit | null): Promise<Made>;
}

async function engineRender(
  rng: Rng,
  model: DocModel,
  edit: CEdit | null,
  engines?: readonly CEngine[],
): Promise<{ engine: CEngine; meta: PdfMeta; bytes: Uint8Array }> {
  const engine = pickEngine(rng, engines);
  const meta = metaFor(model);
  return { engine, meta, bytes: await renderC(engine, model, meta, edit?.overrides) };
}

/** exiftool -all= on a PDF only appends an update; qpdf then writes the file whole, without the old revision. */
async function stripMetadata(pdf: Uint8Array): Promise<Uint8Array> {
  requireC('exiftool', 'qpdf');
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('exiftool', ['-q', '-overwrite_original', '-all=', join(dir, 'in.pdf')]);
    await run('qpdf', ['--deterministic-id', '--object-streams=generate', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return new Uint8Array(await readFile(join(dir, 'out.pdf')));
  });
}

const SCANNERS = [
  { producer: 'Canon iR-ADV C5535 PDF', creator: 'Canon iR-ADV C5535' },
  { producer: 'KONICA MINOLTA bizhub C458', creator: 'bizhub C458' },
  { producer: 'RICOH MP C3004ex', creator: 'RICOH MP C3004ex' },
  { producer: 'Epson Scan 2', creator: 'EPSON Scan' },
  { producer: 'HP Digital Sending Software 5.0', creator: 'HP LaserJet MFP M428fdw' },
] as const;

/** A page printed and fed through an office scanner: grey, a little skew, sensor noise and optics blur, JPEG. */
function scanLookC(png: Buffer, rng: Rng, quality: number): Promise<Buffer> {
  return magick(
    png,
    [
      '-seed',
      String(rng.int(1, 1e6)),
      '-background',
      'white',
      '-rotate',
      rng.float(-0.5, 0.5).toFixed(2),
      '-blur',
      `0x${rng.float(0.3, 0.7).toFixed(2)}`,
      '-colorspace',
      'Gray',
      '-attenuate',
      rng.float(0.15, 0.45).toFixed(2),
      '+noise',
      'Gaussian',
      '-quality',
      String(quality),
    ],
    'jpg',
  );
}

const ROUTES: Route[] = [
  {
    id: 'gs_redistil',
    what: 'rendered by Chromium, WeasyPrint or ReportLab, then re-distilled by Ghostscript pdfwrite',
    kinds: ['amount', 'date'],
    extraFlags: [],
    async make(rng, model, edit) {
      requireC('gs');
      const r = await engineRender(rng, model, edit);
      return { bytes: await ghostscriptRedistil(r.bytes, laterDate(rng, model.createdAt)), ext: 'pdf', producer: `${ENGINE_NAME[r.engine]} > gs pdfwrite` };
    },
  },
  {
    id: 'engine_rewrite',
    what: 'the whole document made again by another engine (Chromium/Skia, WeasyPrint or ReportLab)',
    kinds: ['amount'],
    extraFlags: [],
    async make(rng, model, edit) {
      const r = await engineRender(rng, model, edit);
      return { bytes: r.bytes, ext: 'pdf', producer: ENGINE_NAME[r.engine] };
    },
  },
  {
    id: 'digit_swap',
    what: 'ReportLab file decompressed by qpdf --qdf, digits of an amount swapped in its Tj string (same font, same widths), fix-qdf and qpdf',
    kinds: ['amount'],
    extraFlags: [],
    async make(rng, model, edit) {
      requireC('qpdf', 'fix-qdf');
      const r = await engineRender(rng, model, null, ['reportlab']);
      let qdf = await qpdfToQdf(r.bytes);
      for (const [key, after] of edit?.overrides ?? []) {
        const before = valuesOf(model, key)[0] ?? '';
        const patched = replaceShownDigits(qdf, before, after);
        if (!patched) throw new Error(`digit swap: "${before}" not shown as one string`);
        qdf = patched;
      }
      return { bytes: await qpdfFromEditedQdf(qdf), ext: 'pdf', producer: 'ReportLab > qpdf --qdf > digit edit > fix-qdf > qpdf' };
    },
  },
  {
    id: 'scrubbed',
    what: 'rendered by Chromium, WeasyPrint or ReportLab, metadata stripped (exiftool -all=) and the file rewritten by qpdf',
    kinds: ['amount'],
    extraFlags: ['scrubbed_metadata'],
    async make(rng, model, edit) {
      const r = await engineRender(rng, model, edit);
      return { bytes: await stripMetadata(r.bytes), ext: 'pdf', producer: `${ENGINE_NAME[r.engine]} > exiftool -all= > qpdf` };
    },
  },
  {
    id: 'scan_wrap',
    what: "rendered, rasterised (pdftoppm), given a scanner's grey, skew, noise and blur, wrapped by img2pdf with a scanner's Producer",
    kinds: ['amount'],
    extraFlags: [],
    maxPages: 2,
    async make(rng, model, edit) {
      requireC('pdftoppm', 'convert', 'img2pdf');
      const r = await engineRender(rng, model, edit);
      const dpi = rng.pick([200, 300]);
      const q = rng.int(75, 90);
      const pages: Buffer[] = [];
      const n = Math.min(2, await pdfPageCount(r.bytes));
      for (let p = 1; p <= n; p++) pages.push(await scanLookC(await rasterizePage(r.bytes, p, dpi), rng, q));
      const scanner = rng.pick(SCANNERS);
      const bytes = await img2pdf(pages, dpi, laterDate(rng, model.createdAt), scanner);
      return { bytes, ext: 'pdf', producer: `${ENGINE_NAME[r.engine]} > scan ${dpi} dpi q${q} > img2pdf (${scanner.producer})` };
    },
  },
];

/** Every printed value under `key` (the model's own text), for routes that patch the file itself. */
function valuesOf(model: DocModel, key: string): string[] {
  const out: string[] = [];
  for (const b of model.blocks) {
    if (b.kind === 'totals') for (const r of b.rows) if (r.key === key) out.push(r.value);
    if (b.kind === 'table') for (const row of b.rows) for (const c of row) if (c.key === key) out.push(c.text);
  }
  for (const kv of model.meta) if (kv.key === key) out.push(kv.value);
  return out;
}

/** The page the new value is printed on (text PDFs), 1 when it cannot be found. */
async function pageOf(bytes: Uint8Array, text: string): Promise<number> {
  try {
    return findWord(await wordBoxes(bytes), text)?.page ?? 1;
  } catch {
    return 1;
  }
}

/** The sample's document; a quarter of them from systems that print ISO dates. */
function modelFor(spec: SampleSpec, route: Route): ReturnType<typeof start> {
  const s = start(route.maxPages ? { ...spec, pages: Math.min(spec.pages, route.maxPages) } : spec);
  const iso = new Rng(hashSeed('family-c-iso-dates', spec.seed)).chance(0.25);
  return iso ? { ...s, model: withIsoDates(s.model) } : s;
}

export const ROUTES_C: Technique[] = ROUTES.flatMap((route): Technique[] => [
  {
    id: `c_${route.id}`,
    family: 'C',
    label: 'tampered',
    description: `One value changed so the content no longer adds up, ${route.what}.`,
    docTypes: ALL,
    count: 10,
    async build(spec) {
      const { rng, model } = modelFor(spec, route);
      const edit = consistencyEdit(rng, model, route.kinds);
      const made = await route.make(rng, model, edit);
      const built = tamperedC(spec, model, made.bytes, made.ext, made.producer, [...contentFlags(edit.edit), ...route.extraFlags], edit);
      if (built.label.edit && route.id !== 'scan_wrap') built.label.edit.page = await pageOf(made.bytes, edit.edit.after);
      return built;
    },
  },
  {
    id: `c_genuine_${route.id}`,
    family: 'C',
    label: 'genuine',
    description: `Genuine twin of c_${route.id}: the same chain without an edit (${route.what}).`,
    docTypes: ALL,
    count: 10,
    async build(spec) {
      const { rng, model } = modelFor(spec, route);
      const made = await route.make(rng, model, null);
      return genuineC(spec, model, made.bytes, made.ext, made.producer);
    },
  },
]);
