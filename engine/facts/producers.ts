/**
 * How each fact is produced from the bytes and from other facts. This module and
 * engine/facts/pixels.ts are the only places (with the loaders they call) that open the PDF or
 * decode pixels; everything a producer holds open is closed by the store's `dispose`.
 */
import { extractFields } from '../read/extract/index.js';
import { buildModel } from '../read/extract/model.js';
import { dctHistograms } from '../read/image/dct-histogram.js';
import { loadImage } from '../read/image/load.js';
import { readMetadataFacts } from '../read/metadata/facts.js';
import { ocrEnabled, ocrPreparedImage, ocrScannedPages, pagesToOcr, prepareForOcr, prepareImageForOcr, upscaledForOcr } from '../read/ocr/index.js';
import { blankImageData } from '../read/pdf/structure/blank-images.js';
import { applyDecodeBudget, DEFAULT_DECODE_BUDGET } from '../read/pdf/structure/decode-budget.js';
import { openPdfFile, parsePdfStructure } from '../read/pdf/structure/index.js';
import { compareReadings } from '../read/pdf/structure/readings/compare.js';
import { analyzeRevisions } from '../read/pdf/structure/revisions.js';
import { openVersion } from '../read/pdf/structure/text-diff.js';
import { readPdfText } from '../read/pdf/text/index.js';
import { openPdf as openWithPdfjs, type PDFDocumentProxy } from '../read/pdf/text/pdfjs.js';
import { findStealthMagic, stealthColumns } from '../read/provenance/stealth-pnginfo.js';
import { DEFAULT_LIMITS } from '../limits.js';
import type { AnalyzeOptions } from '../types.js';
import { FULL_LUMA_MAX_PIXELS, fullLuma, lumaCrop, rgbaColumns, tinyCopies } from './pixels.js';
import { FactPendingError, type Producers } from './store.js';
import type { DocumentFactStore, FactInputs, Facts } from './types.js';

type Store = DocumentFactStore;

const isPdf = (s: Store) => s.inputs.mime === 'application/pdf';

/** A file prefix that differs from the whole file only by trailing whitespace is the whole file. */
function isWholeFile(bytes: Uint8Array, end: number): boolean {
  if (end >= bytes.length) return true;
  if (bytes.length - end > 64) return false;
  for (let i = end; i < bytes.length; i++) if (![0x0a, 0x0d, 0x20, 0x09, 0x00].includes(bytes[i])) return false;
  return true;
}

/** Earlier versions of the file for revision text diffs: each opened once, closed with the store. */
function versionOpener(s: Store): (end: number) => Promise<PDFDocumentProxy | null> {
  const docs = new Map<number, Promise<PDFDocumentProxy | null>>();
  return (end) => {
    if (isWholeFile(s.inputs.bytes, end)) return s.get('pdfjsText').catch(() => null);
    let doc = docs.get(end);
    if (!doc) {
      // The budgeted copy (same length, bombs neutralised): an earlier version is a prefix of it.
      doc = openVersion(s.now('budgeted')?.bytes ?? s.inputs.bytes, end, s.inputs.options.password);
      docs.set(end, doc);
      s.onDispose(async () => void (await (await doc!)?.destroy().catch(() => undefined)));
    }
    return doc;
  };
}

const pdfProducers = {
  pdfFile: (s: Store) => (isPdf(s) ? openPdfFile(s.inputs.bytes, s.inputs.options.password) : null),
  pdf: (s: Store) => {
    const file = s.now('pdfFile');
    return file ? parsePdfStructure(s.inputs.bytes, file) : null;
  },
  readings: (s: Store) => {
    const file = s.now('pdfFile');
    return file ? compareReadings(file) : null;
  },
  budgeted: (s: Store) => {
    if (!isPdf(s)) return null;
    let file = null;
    try {
      file = s.now('pdfFile');
    } catch (err) {
      // Unreadable by our parser: the streams are still measured one by one from the bytes.
      if (err instanceof FactPendingError) throw err;
    }
    return applyDecodeBudget(s.inputs.bytes, DEFAULT_DECODE_BUDGET, file);
  },
  pdfjs: async (s: Store) => {
    const budgeted = s.now('budgeted');
    if (!budgeted) return null;
    const doc = await openWithPdfjs(budgeted.bytes, { password: s.inputs.options.password });
    s.onDispose(() => doc.destroy().catch(() => undefined));
    return doc;
  },
  pdfjsText: async (s: Store) => {
    const budgeted = s.now('budgeted');
    if (!budgeted) return null;
    const blanked = blankImageData(budgeted.bytes, budgeted.streams);
    if (blanked.blanked === 0) return s.get('pdfjs');
    const doc = await openWithPdfjs(blanked.bytes, { password: s.inputs.options.password });
    s.onDispose(() => doc.destroy().catch(() => undefined));
    return doc;
  },
  textLayer: async (s: Store) => {
    const doc = await s.get('pdfjsText');
    if (!doc) return [];
    const layer = await readPdfText(doc, { maxPages: s.inputs.options.maxPages ?? DEFAULT_LIMITS.maxPages });
    // Fonts and page objects read for the text layer are not needed again by later readers.
    await doc.cleanup().catch(() => undefined);
    return layer.pages;
  },
  revisions: async (s: Store) => {
    const pdf = s.now('pdf');
    if (!pdf) return [];
    return analyzeRevisions(s.inputs.bytes, pdf, { file: s.now('pdfFile') ?? undefined, openVersion: versionOpener(s) });
  },
  metadata: (s: Store) => readMetadataFacts(s.now('pdf')),
} satisfies Partial<Producers<Facts, FactInputs>>;

/** The image size the loader accepts (it refuses larger images before decoding them). */
const maxMegapixels = (options: AnalyzeOptions) => options.maxMegapixels ?? DEFAULT_LIMITS.maxMegapixels;
const maxPixels = (options: AnalyzeOptions) => Math.max(1, Math.floor(maxMegapixels(options) * 1_000_000));

const imageProducers = {
  image: async (s: Store) => {
    const { bytes, mime, options } = s.inputs;
    if (mime === 'application/pdf') return null;
    return loadImage(bytes, mime, { maxMegapixels: maxMegapixels(options) });
  },
  gray: async (s: Store) => (await s.get('image'))?.gray ?? null,
  luma: async (s: Store) => {
    if (s.inputs.mime === 'application/pdf') return null;
    // Decoded alongside the loader's working copy rather than after it: the two decodes take both
    // cores, and OCR, which may cut a photographed sheet from this one, starts sooner.
    const decoding = fullLuma(s.inputs.bytes);
    decoding.catch(() => undefined);
    const image = await s.get('image');
    if (!image || image.damage || image.width * image.height > FULL_LUMA_MAX_PIXELS) return null;
    return { ...(await decoding), gridAligned: image.orientation === 1 };
  },
  dct: async (s: Store) => {
    const image = await s.get('image');
    const luma = image?.quantTables[0];
    const frame = image?.jpeg?.frame;
    if (!image || image.format !== 'jpeg' || !luma || luma.length !== 64 || !frame) return null;
    if (frame.width < 64 || frame.height < 64) return null;
    return dctHistograms(await lumaCrop(s.inputs.bytes, frame.width, frame.height), luma);
  },
  stealthMagic: async (s: Store) => {
    const image = await s.get('image');
    if (!image || image.format !== 'png') return null;
    const cols = stealthColumns(image.width, image.height);
    return cols === null ? null : findStealthMagic(await rgbaColumns(s.inputs.bytes, cols, image.height), image.hasAlpha);
  },
  thumbnailViews: async (s: Store) => {
    const thumb = (await s.get('image'))?.exifThumbnail;
    if (!thumb) return null;
    const [thumbnail, image] = await Promise.all([tinyCopies(thumb, true), tinyCopies(s.inputs.bytes, false)]);
    return { thumbnail, image };
  },
} satisfies Partial<Producers<Facts, FactInputs>>;

type Values<K extends ReadonlyArray<keyof Facts>> = { [I in keyof K]: Facts[K[I]] };

/** `fn` over other facts: at once when they can all be had synchronously, else when they are ready. */
function derive<K extends ReadonlyArray<keyof Facts>, T>(s: Store, names: K, fn: (...values: Values<K>) => T): T | Promise<T> {
  let values: Values<K> | null = null;
  try {
    values = names.map((n) => s.now(n)) as Values<K>;
  } catch (err) {
    if (!(err instanceof FactPendingError)) throw err;
  }
  if (values) return fn(...values);
  return (async () => {
    const values: unknown[] = [];
    for (const n of names) values.push(await s.get(n));
    return fn(...(values as Values<K>));
  })();
}

const textProducers = {
  ocrPicture: async (s: Store) => {
    const { bytes, mime, options } = s.inputs;
    if (!ocrEnabled(options) || mime === 'application/pdf') return s.get('image').then(() => null);
    // A picture OCR upscales is prepared from the file whatever the loader finds (unless it is a
    // photographed sheet): started now, beside the loader's decode instead of after it.
    const ahead = (await upscaledForOcr(bytes, maxPixels(options))) ? prepareForOcr(bytes) : null;
    ahead?.catch(() => undefined);
    // Otherwise the pixel detectors' full-resolution decode is started first: it then overlaps the
    // loader's (see `luma`), and a sheet OCR cuts from a photo is cut from it. The pixel detectors
    // read it on page-like pictures anyway; on other photos it is ~0.3 s of decode on the core the
    // loader leaves idle. Beside a preparation ahead it would only slow the two decodes OCR waits for.
    if (!ahead) s.get('luma').catch(() => undefined);
    const image = await s.get('image');
    // A sheet cut from a photo needs its full resolution: the pixel detectors' full decode serves
    // when there is no alpha to flatten (engine/read/ocr/prepare.ts).
    const full = () => (image && !image.hasAlpha ? s.get('luma') : Promise.resolve(null));
    return image ? prepareImageForOcr(bytes, image, options, full, ahead ?? undefined) : null;
  },
  pages: async (s: Store) => {
    const { options } = s.inputs;
    if (isPdf(s)) {
      const layer = await s.get('textLayer');
      // Only pages without a text layer of their own are read by OCR (engine/ocr); only they
      // need the document with its pictures.
      if (pagesToOcr(layer, Number.MAX_SAFE_INTEGER).length === 0) return layer;
      const doc = await s.get('pdfjs');
      return doc ? ocrScannedPages(doc, layer, options) : layer;
    }
    const [image, picture] = await Promise.all([s.get('image'), s.get('ocrPicture')]);
    const page = image && picture ? await ocrPreparedImage(picture, image) : null;
    return page ? [page] : [];
  },
  // Synchronous once their inputs are known (seeded contexts, sync detectors); else they wait.
  text: (s: Store) => derive(s, ['pages'] as const, (pages) => pages.map((p) => p.text).join('\f')),
  textModel: (s: Store) => derive(s, ['pages', 'text'] as const, (pages, text) => buildModel(pages, text)),
  extracted: (s: Store) => derive(s, ['pages', 'text', 'textModel'] as const, (pages, text, model) => extractFields(pages, text, model)),
} satisfies Partial<Producers<Facts, FactInputs>>;

export const PRODUCERS: Producers<Facts, FactInputs> = { ...pdfProducers, ...imageProducers, ...textProducers };
