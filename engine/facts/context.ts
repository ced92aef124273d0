/**
 * Everything a detector may read, built once per document by `createDetectorContext` (for the
 * engine and for tests alike). Detectors ask `ctx.facts` for what they need; the classic fields
 * below are thin getters over the same facts, awaited up front because every analysis needs them.
 */
import { createFactStore, type DocumentFactStore, type Facts } from './index.js';
import type { ImageInfo } from '../read/image/types.js';
import type { PdfStructure } from '../read/pdf/structure/types.js';
import type { PageLayer } from '../read/pdf/text/types.js';
import { sniffMime } from '../read/sniff.js';
import { EngineError, type AnalyzeOptions, type Extracted, type MimeType, type RevisionSummary } from '../types.js';

export interface DetectorContext {
  bytes: Uint8Array;
  mime: MimeType;
  options: AnalyzeOptions;
  /** Reference time for date checks. */
  now: Date;
  /** The document's facts: lazy, memoised, timed (engine/facts). */
  facts: DocumentFactStore;
  /** Low-level PDF structure; null for images. */
  pdf: PdfStructure | null;
  /** Per-revision history of a PDF (what each update touched, text before/after); empty for images. */
  revisions: RevisionSummary[];
  /** Text layer per page (PDF text, OCR for scans and images); empty when there is none. */
  pages: PageLayer[];
  /** Decoded image facts; null for PDFs. */
  image: ImageInfo | null;
  extracted: Extracted;
  /** Whole-document text, pages joined by form feeds. */
  text: string;
}

/** The facts behind the classic fields, in the order the analysis has always produced them. */
const PDF_CORE: ReadonlyArray<keyof Facts> = ['pdf', 'textLayer', 'revisions', 'pages', 'extracted'];
/**
 * `ocrPicture` before `pages`: the OCR picture is ready (and handed to tesseract's thread, when
 * `pages` is left to the background) before any detector holds the main thread, which would
 * otherwise hold up each step of its preparation. It comes first, before `image` it waits for,
 * so that the full-resolution decode it may cut a sheet from starts with the loader's.
 */
const IMAGE_CORE: ReadonlyArray<keyof Facts> = ['ocrPicture', 'image', 'pages', 'extracted'];

export interface ContextSeed extends Partial<Facts> {
  /** Type of a seeded document without bytes; otherwise sniffed from the bytes. */
  mime?: MimeType;
}

/** Facts that can be left to finish in the background while detectors that do not read them run. */
export type BackgroundFact = 'pages' | 'extracted';

/**
 * The context with the classic fields' facts produced. Facts named in `background` (OCR and what
 * depends on it) are started but not awaited: `ready` settles when they are done, and a reader
 * that gets there first sees a FactPendingError (engine/analyze runs it again afterwards).
 */
export async function createDetectorContext(
  bytes: Uint8Array,
  options: AnalyzeOptions = {},
  timings: Record<string, number> = {},
  seed: ContextSeed = {},
  background: readonly BackgroundFact[] | ((ctx: DetectorContext) => readonly BackgroundFact[]) = [],
): Promise<DetectorContext & { ready: Promise<void> }> {
  const ctx = createContextFromSeed(bytes, options, timings, seed);
  const later: Array<Promise<unknown>> = [];
  let deferred: readonly string[] | null = null;
  try {
    for (const name of ctx.mime === 'application/pdf' ? PDF_CORE : IMAGE_CORE) {
      if (ctx.facts.has(name)) continue;
      // A context seeded with its text needs no OCR picture.
      if (name === 'ocrPicture' && ctx.facts.has('pages')) continue;
      // Decided when first needed, so that the choice can look at the facts produced before.
      if (name === 'pages' || name === 'extracted') deferred ??= typeof background === 'function' ? background(ctx) : background;
      if (deferred?.includes(name)) later.push(ctx.facts.get(name));
      else await ctx.facts.get(name);
    }
  } catch (err) {
    await Promise.allSettled(later);
    await ctx.facts.dispose();
    throw err;
  }
  const ready = Promise.all(later).then(() => undefined);
  // Failures surface where `ready` is awaited; this only keeps an early one from going unhandled.
  ready.catch(() => undefined);
  return Object.assign(ctx, { ready });
}

/**
 * The context without awaiting anything: facts come from `seed` or are produced when first read
 * (asynchronous ones must be awaited through `ctx.facts.get` before a classic field reads them).
 * For tests that start from a text layer instead of a file; the engine uses createDetectorContext.
 */
export function createContextFromSeed(
  bytes: Uint8Array,
  options: AnalyzeOptions = {},
  timings: Record<string, number> = {},
  seed: ContextSeed = {},
): DetectorContext {
  const { mime: seededMime, ...given } = seed;
  const mime = seededMime ?? sniffMime(bytes);
  if (!mime) throw new EngineError('unsupported_document', 'The file is not a PDF, PNG or JPEG.');
  // What the other kind of document does not have is known without looking.
  const absent: Partial<Facts> =
    mime === 'application/pdf'
      ? { image: null, gray: null, dct: null, stealthMagic: null, thumbnailViews: null, ocrPicture: null }
      : { pdfFile: null, pdf: null, readings: null, pdfjs: null, textLayer: [], revisions: [], metadata: null };
  const facts = createFactStore({ bytes, mime, options }, timings, { ...absent, ...given });
  return {
    bytes,
    mime,
    options,
    now: options.now ? new Date(options.now) : new Date(),
    facts,
    get pdf() {
      return facts.now('pdf');
    },
    get revisions() {
      return facts.now('revisions');
    },
    get pages() {
      return facts.now('pages');
    },
    get image() {
      return facts.now('image');
    },
    get extracted() {
      return facts.now('extracted');
    },
    get text() {
      return facts.now('text');
    },
  };
}
