/**
 * The generator itself: plan sizes, determinism, and a quick slice with one sample of every
 * technique (built with the real tools). These test the lab, not the engine's detection.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSample, generateCorpus, planSamples, type GenerationResult } from '../lab/generate.js';
import { readLabels, type LabelRecord } from '../lab/labels.js';
import { TECHNIQUES } from '../lab/techniques/index.js';
import { missing } from '../support/environment.js';
import { familyBTools } from '../lab/render/family-b.js';
import { familyCTools } from '../lab/techniques/family-c/shared.js';
import { familyDTools } from '../lab/techniques/family-d/tools.js';

/** Family B needs Debian tools (.ci/run installs them); without them the slice is family A only. */
const B_TOOLS_READY = ['groff', 'enscript', 'weasyprint', 'reportlab', 'pypdf', 'img2pdf', 'chromium', 'pdftops', 'pdftotext'].every((t) =>
  familyBTools().has(t),
);
/** Family C launders with further tools (Ghostscript, fix-qdf, exiftool, img2pdf) and renders with B's engines. */
const C_TOOLS_READY =
  B_TOOLS_READY &&
  ['gs', 'qpdf', 'fix-qdf', 'exiftool', 'pdftoppm', 'convert', 'img2pdf', 'chromium', 'weasyprint', 'reportlab'].every((t) => familyCTools().has(t));
/** Family D edits pictures with Pillow and GraphicsMagick (test/lab-harness/family-d.test.ts builds it alone too). */
const D_TOOLS_READY = ['gm', 'pil', 'pdftoppm'].every((t) => familyDTools().has(t));
const QUICK_TECHNIQUES = TECHNIQUES.filter((t) => {
  const family = t.family ?? 'A';
  if (family === 'D') return D_TOOLS_READY;
  return family === 'A' || (family === 'C' ? C_TOOLS_READY : B_TOOLS_READY);
});

describe('plan', () => {
  it('the full profile has >= 300 samples, >= 40 % genuine, every technique', () => {
    const plan = planSamples('full');
    expect(plan.length).toBeGreaterThanOrEqual(300);
    const genuine = plan.filter((s) => TECHNIQUES.find((t) => t.id === s.technique)!.label === 'genuine').length;
    expect(genuine / plan.length).toBeGreaterThanOrEqual(0.4);
    expect(new Set(plan.map((s) => s.technique))).toEqual(new Set(TECHNIQUES.map((t) => t.id)));
    expect(new Set(plan.map((s) => s.seed)).size).toBe(plan.length);
    for (const s of plan) {
      const t = TECHNIQUES.find((x) => x.id === s.technique)!;
      expect(t.docTypes).toContain(s.docType);
      expect(s.pages).toBeGreaterThanOrEqual(t.minPages ?? 1);
      expect(s.pages).toBeLessThanOrEqual(6);
    }
  });

  it('is a function of the seed', () => {
    expect(planSamples('full', 7)).toEqual(planSamples('full', 7));
    expect(planSamples('full', 7)).not.toEqual(planSamples('full', 8));
    expect(planSamples('quick')).toHaveLength(TECHNIQUES.length);
  });
});

describe('determinism of pdfkit and pdf-lib outputs', () => {
  const ids = ['genuine_pdfkit', 'genuine_pdflib', 'tampered_editor_history', 'tampered_xmp_mismatch', 'ai_pdf_xmp'];
  it.each(ids)('%s: same seed, same label and bytes; other seed, other bytes', async (id) => {
    const spec = planSamples('full', 11, [id])[0];
    const a = await buildSample(spec);
    const b = await buildSample(spec);
    expect(b.label).toEqual(a.label);
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    const other = await buildSample({ ...spec, seed: spec.seed + 1 });
    expect(Buffer.from(other.bytes).equals(Buffer.from(a.bytes))).toBe(false);
  });
});

// The lab drives Debian tools (qpdf, Ghostscript, ImageMagick, exiftool, Chromium, poppler).
describe.skipIf(missing('qpdf', 'gs', 'convert', 'exiftool', 'chromium', 'pdftotext').length > 0)('quick slice: one sample of every technique', () => {
  let dir: string;
  let result: GenerationResult;
  let labels: LabelRecord[];
  const bytesOf = (technique: string) => readFileSync(join(dir, labels.find((l) => l.technique === technique)!.file));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lab-quick-'));
    if (!B_TOOLS_READY) console.warn('family B tools missing (see .ci/run APT_PACKAGES): quick slice builds family A only');
    else if (!C_TOOLS_READY) console.warn('family C tools missing (see .ci/run APT_PACKAGES): quick slice leaves family C out');
    result = await generateCorpus(
      dir,
      planSamples(
        'quick',
        undefined,
        QUICK_TECHNIQUES.map((t) => t.id),
      ),
      { concurrency: 2 },
    );
    labels = readLabels(join(dir, 'labels.jsonl'));
  }, 600_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds every technique without failure, with valid labels', () => {
    expect(result.failures).toEqual([]);
    expect(new Set(labels.map((l) => l.technique))).toEqual(new Set(QUICK_TECHNIQUES.map((t) => t.id)));
    for (const l of labels) expect(l.family).toBe(TECHNIQUES.find((t) => t.id === l.technique)!.family ?? 'A');
    for (const l of labels) {
      expect(existsSync(join(dir, l.file)), l.file).toBe(true);
      expect(l.file.startsWith(`${l.label}/${l.technique}/`)).toBe(true);
    }
  });

  it('writes files whose bytes match their declared type', () => {
    const magic: Record<string, string> = { 'application/pdf': '%PDF-', 'image/png': '\x89PNG', 'image/jpeg': '\xff\xd8\xff' };
    for (const l of labels) {
      expect(readFileSync(join(dir, l.file)).subarray(0, 5).toString('latin1').startsWith(magic[l.mime]), l.file).toBe(true);
    }
  });

  it('leaves the traces each technique claims to leave', () => {
    const text = (t: string) => bytesOf(t).toString('latin1');
    expect(text('tampered_incremental_overlay').match(/%%EOF/g)!.length).toBeGreaterThanOrEqual(2);
    expect(text('genuine_incremental_annotation')).toMatch(/\/Subtype\s*\/Text/);
    expect(text('genuine_qpdf_linearize')).toContain('/Linearized');
    expect(text('genuine_chromium')).toContain('Skia/PDF');
    expect(text('tampered_scrubbed_rewrite')).not.toMatch(/\/Producer|\/ID\s*\[/);
    expect(text('tampered_editor_history')).toContain('stEvt:softwareAgent');
    expect(text('ai_sd_parameters')).toContain('tEXtparameters');
    expect(text('ai_comfyui')).toContain('tEXtworkflow');
    expect(text('ai_iptc_source_type')).toContain('trainedAlgorithmicMedia');
    expect(text('genuine_phone_photo')).toMatch(/Exif[\s\S]*(Apple|samsung|Google)/);
    const swap = labels.find((l) => l.technique === 'tampered_digit_swap')!;
    expect(swap.edit!.after).not.toBe(swap.edit!.before);
    expect(swap.edit!.after.length).toBe(swap.edit!.before.length);
  });

  it.skipIf(!C_TOOLS_READY)('family C: clean structure, the edit in the content, a twin per route', async () => {
    const text = (t: string) => bytesOf(t).toString('latin1');
    const c = labels.filter((l) => l.family === 'C');
    const routes = c.filter((l) => l.label === 'tampered').map((l) => l.technique.slice(2));
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const r of routes) expect(c.some((l) => l.technique === `c_genuine_${r}`)).toBe(true);
    for (const l of c.filter((x) => x.label === 'tampered')) {
      expect(l.edit!.after).not.toBe(l.edit!.before);
      expect(l.expected_flags.some((f) => f === 'arithmetic_error' || f === 'content_inconsistency')).toBe(true);
      // One revision: nothing appended after the forger's save (img2pdf writes linearised files: two sections, one revision).
      const eofs = text(l.technique).match(/%%EOF/g)!.length;
      expect(eofs === 1 || (eofs === 2 && text(l.technique).includes('/Linearized')), l.technique).toBe(true);
    }
    const swap = labels.find((l) => l.technique === 'c_digit_swap')!;
    expect(swap.edit!.after.length).toBe(swap.edit!.before.length);
    expect(text('c_gs_redistil')).toMatch(/Ghostscript/);
    for (const t of ['c_scrubbed', 'c_genuine_scrubbed']) {
      const doc = await PDFDocument.load(bytesOf(t), { updateMetadata: false });
      expect(doc.getProducer(), t).toBeUndefined();
      expect(doc.catalog.has(PDFName.of('Metadata')), t).toBe(false);
    }
    expect(text('c_scan_wrap')).toMatch(/\/DCTDecode/);
    expect(text('c_scan_wrap')).not.toMatch(/\/Font/);
  });

  it('labels genuine samples with no flags and forgeries with the traces of their edit', () => {
    for (const l of labels) {
      if (l.label === 'genuine') expect(l.expected_flags).toEqual([]);
      else expect(l.expected_flags.length).toBeGreaterThan(0);
      if (l.edit?.target === 'amount' && l.technique !== 'tampered_page_from_other') expect(l.expected_flags).toContain('arithmetic_error');
    }
  });
});
