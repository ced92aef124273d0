/**
 * Detector contexts for tests, built by the engine's own factory (engine/facts/context.ts), so tests
 * see exactly the facts the engine would produce, lazily and once.
 */
import { createContextFromSeed, createDetectorContext, type DetectorContext } from '../../engine/facts/context.js';
import type { PageLayer } from '../../engine/read/pdf/text/types.js';
import type { Extracted, MimeType } from '../../engine/types.js';
import type { MetadataFacts } from '../../engine/read/metadata/facts.js';

/**
 * OCR is off unless asked for: it adds seconds per image and only the text-reading detectors
 * need it (test/engine/read/ocr covers OCR through `analyze`).
 */
export async function buildContextForTest(bytes: Uint8Array, opts: { now?: string; ocr?: boolean } = {}): Promise<DetectorContext> {
  return createDetectorContext(bytes, { now: opts.now, ...(opts.ocr ? {} : { ocr: false as const }) });
}

/**
 * A context over a given text layer and no file: the reading detectors and extraction see these
 * pages as a PDF's text layer (text and extracted fields are derived from them unless given).
 */
export function contextFromPages(
  pages: PageLayer[],
  opts: { now?: string; text?: string; extracted?: Extracted; mime?: MimeType; metadata?: MetadataFacts } = {},
): DetectorContext {
  return createContextFromSeed(
    new Uint8Array(),
    { now: opts.now },
    {},
    {
      mime: opts.mime ?? 'application/pdf',
      pdfFile: null,
      pdf: null,
      pdfjs: null,
      revisions: [],
      metadata: opts.metadata ?? null,
      textLayer: pages,
      pages,
      ...(opts.text !== undefined ? { text: opts.text } : {}),
      ...(opts.extracted ? { extracted: opts.extracted } : {}),
    },
  );
}
