/**
 * The engine's entry point: bytes in, Analysis out. Builds the detector context once (structure,
 * revisions, text layer, image facts, extracted fields), then runs every applicable detector.
 * A detector that throws does not sink the analysis: its failure is recorded in `timings`
 * under `error:<id>` so benchmarks and the eval harness can see it.
 */
import type { DetectorContext } from './context.js';
import { detectorsFor } from './detect/registry.js';
import { extractFields } from './extract/index.js';
import { classifyImageFormat } from './image/format.js';
import { loadImage } from './image/load.js';
import { ocrImage, ocrScannedPages, withoutUncertainOcrFindings } from './ocr/index.js';
import { classifyPdfFormat } from './pdf/format.js';
import { analyzeRevisions } from './pdf/structure/revisions.js';
import { parsePdfStructure } from './pdf/structure/index.js';
import { loadPdfText } from './pdf/text/index.js';
import { sniffMime } from './sniff.js';
import { EngineError, type Analysis, type AnalyzeOptions, type DocumentFacts, type Finding } from './types.js';
import { ENGINE_VERSION } from './version.js';

export const DEFAULT_LIMITS = { maxPages: 500, maxMegapixels: 100 } as const;

async function timed<T>(timings: Record<string, number>, key: string, fn: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    timings[key] = Math.round((performance.now() - start) * 100) / 100;
  }
}

export async function buildDetectorContext(bytes: Uint8Array, options: AnalyzeOptions, timings: Record<string, number>): Promise<{ ctx: DetectorContext; facts: DocumentFacts; pageSizes: Array<{ width: number; height: number }> }> {
  const mime = sniffMime(bytes);
  if (!mime) throw new EngineError('unsupported_document', 'The file is not a PDF, PNG or JPEG.');
  const now = options.now ? new Date(options.now) : new Date();
  const maxPages = options.maxPages ?? DEFAULT_LIMITS.maxPages;

  if (mime === 'application/pdf') {
    const pdf = await timed(timings, 'pdf.structure', () => parsePdfStructure(bytes));
    const layer = await timed(timings, 'pdf.text', () => loadPdfText(bytes, { maxPages }));
    const revisions = await timed(timings, 'pdf.revisions', () => analyzeRevisions(bytes, pdf));
    // Scanned pages have no text layer of their own: read them by OCR.
    const pages = await timed(timings, 'ocr', () => ocrScannedPages(bytes, layer.pages, options));
    const text = pages.map((p) => p.text).join('\f');
    const extracted = await timed(timings, 'extract', () => extractFields(pages, text));
    const facts: DocumentFacts = { mime_type: mime, pages: layer.pages.length, format: classifyPdfFormat(layer.pages) };
    return {
      ctx: { bytes, mime, options, now, pdf, revisions, pages, image: null, extracted, text },
      facts,
      pageSizes: layer.pages.map((p) => ({ width: p.width, height: p.height })),
    };
  }

  const image = await timed(timings, 'image.load', () => loadImage(bytes, mime, { maxMegapixels: options.maxMegapixels ?? DEFAULT_LIMITS.maxMegapixels }));
  const ocrPage = await timed(timings, 'ocr', () => ocrImage(bytes, image, options));
  const pages = ocrPage ? [ocrPage] : [];
  const text = ocrPage?.text ?? '';
  const extracted = await timed(timings, 'extract', () => extractFields(pages, text));
  const facts: DocumentFacts = { mime_type: mime, pages: 1, format: classifyImageFormat(image), width: image.width, height: image.height };
  return {
    ctx: { bytes, mime, options, now, pdf: null, revisions: [], pages, image, extracted, text },
    facts,
    pageSizes: [{ width: image.width, height: image.height }],
  };
}

export async function analyze(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<Analysis> {
  const timings: Record<string, number> = {};
  const start = performance.now();
  const { ctx, facts, pageSizes } = await buildDetectorContext(bytes, options, timings);
  const findings: Finding[] = [];
  for (const detector of detectorsFor(ctx.mime === 'application/pdf' ? 'pdf' : 'image')) {
    try {
      const out = await timed(timings, detector.meta.id, () => detector.run(ctx));
      findings.push(...out);
    } catch (err) {
      timings[`error:${detector.meta.id}`] = 1;
      if (process.env.VERACITY_DEBUG) console.error(`detector ${detector.meta.id} failed:`, err);
    }
  }
  timings.total = Math.round((performance.now() - start) * 100) / 100;
  return {
    engineVersion: ENGINE_VERSION,
    document: facts,
    extracted: ctx.extracted,
    findings: withoutUncertainOcrFindings(findings, ctx.pages),
    text: ctx.text,
    structure: { revisions: ctx.revisions, pageSizes },
    timings,
  };
}
