/**
 * The engine's entry point: bytes in, Analysis out. Builds the detector context once (its fact
 * store produces structure, revisions, text layer, image facts and extracted fields, each at most
 * once), then runs every applicable detector. A detector that throws does not sink the analysis:
 * it is listed in `analysis.incomplete` with its message, so the check can say it is partial.
 *
 * OCR stays off the critical path: it runs (in tesseract's own thread) while the detectors that
 * do not read text run; a detector that asks for the text before OCR is done is run again once
 * it is. Findings keep registry order either way.
 */
import { createDetectorContext, type BackgroundFact, type DetectorContext } from './facts/context.js';
import { detectorsFor } from './detectors/index.js';
import type { Detector } from './detectors/define.js';
import { FactPendingError } from './facts/store.js';
import { classifyImageFormat } from './read/image/format.js';
import { fingerprintDocument } from './library/index.js';
import { needsOcr, withoutUncertainOcrFindings } from './read/ocr/index.js';
import { withheldArithmetic } from './detectors/content/arithmetic/checked.js';
import { classifyPdfFormat } from './read/pdf/format.js';
import {
  EngineError,
  type Analysis,
  type AnalyzeOptions,
  type DocumentFacts,
  type Finding,
  type IncompleteDetector,
  type LibraryFingerprint,
} from './types.js';
import { ENGINE_VERSION } from './version.js';
import { round2 } from './kit/numbers.js';
import { isResourceFailure } from './kit/resource-failure.js';
import { producerFamily, withProducerContext } from './scoring/producer-context.js';

export { DEFAULT_LIMITS } from './limits.js';

/** Longest failure message kept per detector (the first line of the error). */
const MAX_MESSAGE = 300;

async function timed<T>(timings: Record<string, number>, key: string, fn: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    timings[key] = Math.round((performance.now() - start) * 100) / 100;
  }
}

function documentFacts(ctx: DetectorContext): { facts: DocumentFacts; pageSizes: Array<{ width: number; height: number }> } {
  if (ctx.mime === 'application/pdf') {
    const layer = ctx.facts.now('textLayer');
    return {
      facts: { mime_type: ctx.mime, pages: layer.length, format: classifyPdfFormat(layer) },
      pageSizes: layer.map((p) => ({ width: p.width, height: p.height })),
    };
  }
  const image = ctx.image!;
  return {
    facts: { mime_type: ctx.mime, pages: 1, format: classifyImageFormat(image), width: image.width, height: image.height },
    pageSizes: [{ width: image.width, height: image.height }],
  };
}

/** The producer family of a PDF's Info/XMP Producer and Creator (null for images and unnamed producers). */
function familyOfDocument(ctx: DetectorContext): string | null {
  if (ctx.mime !== 'application/pdf') return null;
  try {
    const meta = ctx.facts.now('metadata');
    return meta ? producerFamily(meta.producer, meta.creator) : null;
  } catch {
    return null;
  }
}

function failureMessage(err: unknown): string {
  const text =
    String((err as Error | null)?.message ?? err)
      .split('\n')[0]
      .trim() || 'failed without a message';
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

/**
 * OCR runs in tesseract's own thread, so detectors can use the main thread meanwhile. Without
 * OCR to wait for (a PDF whose pages all have text) the text facts are produced up front.
 */
function ocrInBackground(ctx: DetectorContext): readonly BackgroundFact[] {
  if (ctx.mime === 'application/pdf' && !ctx.facts.now('textLayer').some(needsOcr)) return [];
  return ['pages', 'extracted'];
}

/** Runs one detector; `pending` when it needs a fact still being produced (run it again later). */
async function runDetector(
  detector: Detector,
  ctx: DetectorContext,
  timings: Record<string, number>,
): Promise<{ findings: Finding[] } | { failure: IncompleteDetector } | 'pending'> {
  try {
    return { findings: await timed(timings, detector.meta.id, () => detector.run(ctx)) };
  } catch (err) {
    if (err instanceof FactPendingError) return 'pending';
    if (process.env.VERACITY_DEBUG) console.error(`detector ${detector.meta.id} failed:`, err);
    return { failure: { detector: detector.meta.id, message: failureMessage(err), cause: 'error' } };
  }
}

/** What a detector that ran could not check on this document (its `unchecked` hook), as an incomplete entry. */
function uncheckedBy(detector: Detector, ctx: DetectorContext): IncompleteDetector | null {
  try {
    const u = detector.unchecked?.(ctx);
    return u ? { detector: detector.meta.id, message: u.message, cause: 'unreadable', checks: u.checks } : null;
  } catch (err) {
    return { detector: detector.meta.id, message: failureMessage(err), cause: 'error' };
  }
}

export async function analyze(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<Analysis> {
  const timings: Record<string, number> = {};
  const start = performance.now();
  const ctx = await createDetectorContext(bytes, options, timings, {}, ocrInBackground).catch((err: unknown) => {
    if (!(err instanceof EngineError) && isResourceFailure(err))
      throw new EngineError('resource_limit', `The document asks for more memory than allowed: ${failureMessage(err)}`);
    throw err;
  });
  try {
    const { facts, pageSizes } = documentFacts(ctx);
    const detectors = detectorsFor(ctx.mime === 'application/pdf' ? 'pdf' : 'image');
    const outcomes: Array<Awaited<ReturnType<typeof runDetector>> | null> = detectors.map(() => null);
    for (let i = 0; i < detectors.length; i++) outcomes[i] = await runDetector(detectors[i], ctx, timings);
    await ctx.ready;
    for (let i = 0; i < detectors.length; i++) if (outcomes[i] === 'pending') outcomes[i] = await runDetector(detectors[i], ctx, timings);
    const findings: Finding[] = [];
    const incomplete: IncompleteDetector[] = [];
    outcomes.forEach((o, i) => {
      if (o === null || o === 'pending')
        incomplete.push({ detector: detectors[i].meta.id, message: 'did not run: a fact it needs was never ready', cause: 'error' });
      else if ('failure' in o) incomplete.push(o.failure);
      else {
        findings.push(...o.findings);
        const unchecked = uncheckedBy(detectors[i], ctx);
        if (unchecked) incomplete.push(unchecked);
      }
    });
    const trusted = withoutUncertainOcrFindings(findings, ctx.pages);
    // Sums that did not add up on figures OCR was unsure of: checked, but left undecided.
    const withheld = withheldArithmetic(findings, trusted);
    if (withheld) incomplete.push({ detector: 'content/arithmetic-error', cause: 'unreadable', ...withheld });
    // The library fingerprint is observations for the service's comparison; failing it leaves the verdict whole.
    let library: LibraryFingerprint | undefined;
    try {
      library = await timed(timings, 'library/fingerprint', () => fingerprintDocument(ctx, pageSizes));
    } catch (err) {
      incomplete.push({ detector: 'library/fingerprint', message: failureMessage(err), cause: 'error' });
    }
    timings.total = round2(performance.now() - start);
    return {
      engineVersion: ENGINE_VERSION,
      document: facts,
      extracted: ctx.extracted,
      findings: withProducerContext(trusted, options.producerContext === false ? null : familyOfDocument(ctx)),
      text: ctx.text,
      structure: { revisions: ctx.revisions, pageSizes },
      incomplete,
      ...(library ? { library } : {}),
      timings,
    };
  } finally {
    await ctx.facts.dispose();
  }
}
