/**
 * OCR for pictures of documents: PNG/JPEG images and PDF pages that are scans without a text
 * layer. The result is the same PageLayer shape the PDF text layer has (runs marked
 * `source: 'ocr'`), so extraction and the content checks read scans like digital documents.
 * Work is capped per document (pages and wall time): OCR is the slowest stage of an analysis.
 */
import type { Page, Word } from 'tesseract.js';
import type { PDFDocumentProxy } from '../pdf/text/pdfjs.js';
import { needsOcr } from './needs-ocr.js';
import type { GrayRaster } from '../image/types.js';
import type { PageLayer } from '../pdf/text/types.js';
import type { AnalyzeOptions } from '../../types.js';
import { renderPdfPages } from './pdf-pages.js';
import { photographedPage, type Region } from './page-region.js';
import { prepareForOcr, prepareGreyForOcr, prepareRgbaForOcr, type Crop, type FullGrey, type PreparedImage } from './prepare.js';
import { ocrParallelism, recognize } from './tesseract.js';
import { uncoveredColumns, withColumns } from './uncovered.js';
import { cropAround, figureNoise, withFigures } from './figure-noise.js';
import { halfImage, movedDown, pageHalves } from './bands.js';
import { movedBy, partImage } from './part.js';
import { ocrPageLayer } from './words.js';

export { needsOcr } from './needs-ocr.js';
export { setOcrIdleTimeout, terminateOcr } from './tesseract.js';
export { isUncertainOcrFinding, withoutUncertainOcrFindings } from './confidence.js';
export { prepareForOcr, upscaledForOcr } from './prepare.js';
export type { FullGrey, PreparedImage } from './prepare.js';

/** A prepared picture of an image, and the part of the image it shows when OCR read only the photographed sheet. */
export type OcrPicture = PreparedImage & { region?: Region };

export const OCR_DEFAULTS = { maxPages: 10, budgetMs: 30_000 } as const;

interface Limits {
  maxPages: number;
  budgetMs: number;
}

function limits(options: AnalyzeOptions): Limits | null {
  if (options.ocr === false) return null;
  return { maxPages: options.ocr?.maxPages ?? OCR_DEFAULTS.maxPages, budgetMs: options.ocr?.budgetMs ?? OCR_DEFAULTS.budgetMs };
}

/**
 * Page numbers to read by OCR under the page cap: the first page, then the last (where totals,
 * closing balances and amounts due are printed), then the pages between in order.
 */
export function pagesToOcr(pages: readonly PageLayer[], maxPages: number): number[] {
  const scanned = pages.filter(needsOcr).map((p) => p.page);
  const order = scanned.length > 2 ? [scanned[0], scanned[scanned.length - 1], ...scanned.slice(1, -1)] : scanned;
  return order.slice(0, Math.max(0, maxPages));
}

/**
 * The picture OCR reads for a PNG/JPEG, or null when OCR is off. `size.gray` is the loader's
 * working grey copy, read instead of the file when it has enough pixels. Kept apart from the
 * recognition so the analysis can hand the picture to tesseract's thread before the pixel
 * detectors take the main thread (engine/context.ts). `ahead` is the whole picture already being
 * prepared from the file (`upscaledForOcr`), used when neither a sheet nor the grey copy serves.
 */
export async function prepareImageForOcr(
  bytes: Uint8Array,
  size: { width: number; height: number; gray?: GrayRaster },
  options: AnalyzeOptions,
  full?: () => Promise<FullGrey | null>,
  ahead?: Promise<PreparedImage | null>,
): Promise<OcrPicture | null> {
  if (!ocrEnabled(options)) return null;
  const sheet = size.gray ? sheetCrop(size.gray, size) : null;
  const crop = sheet?.crop;
  const prepared =
    (size.gray && (await prepareGreyForOcr(size.gray, bytes, size, crop))) || (!crop && (await ahead)) || (await prepareForOcr(bytes, crop, full));
  return sheet ? { ...prepared, region: sheet.region } : prepared;
}

/** Whether OCR reads pictures under these options (a decode started ahead of it is then used). */
export function ocrEnabled(options: AnalyzeOptions): boolean {
  const lim = limits(options);
  return !!lim && lim.maxPages >= 1;
}

/** The text layer of a PNG/JPEG from its prepared picture; `size` is the image's own. */
export async function ocrPreparedImage(prepared: OcrPicture, size: { width: number; height: number }): Promise<PageLayer> {
  const data = await readPicture(prepared);
  return ocrPageLayer(data, {
    page: 1,
    width: size.width,
    height: size.height,
    imageWidth: prepared.width,
    imageHeight: prepared.height,
    ...(prepared.region ? { crop: prepared.region } : {}),
  });
}

/**
 * How a page is recognised: whole on one worker (default), or in two halves on two workers at
 * once. Halves are off by default: on lab samples they agree with the whole-page reading on
 * 97-98 % of words, short of the 99.5 % needed (docs/ocr.md, block-parallel recognition).
 */
export interface ReadMode {
  split: boolean;
}

/**
 * Tesseract's reading of a prepared picture, with the columns its page segmentation left unread
 * (engine/ocr/uncovered.ts) read again each on its own and added. With `split` and two
 * workers, a page cut at a blank band near its middle (engine/read/ocr/bands.ts) is read as two pictures at once: recognition is the LSTM over each
 * text line, so the halves cost what the whole does, on two cores.
 */
export async function readPicture(prepared: PreparedImage, mode: ReadMode = { split: false }): Promise<Page> {
  const halves = mode.split && ocrParallelism() >= 2 ? pageHalves(prepared.image, prepared.width, prepared.height) : null;
  const read = halves
    ? joinHalves(
        await Promise.all(
          halves.map(async (half) => movedDown(await recognize(halfImage(prepared.image, prepared.width, prepared.height, half), prepared.dpi), half.top)),
        ),
      )
    : await recognize(prepared.image, prepared.dpi);
  const data = await rereadFigures(read, prepared);
  const strips = uncoveredColumns(prepared.image, prepared.width, prepared.height, data);
  if (!strips.length) return data;
  const extra: Page[] = [];
  // Each strip cut out rather than read as a rectangle of the whole page: the same reading
  // (docs/ocr.md), without sending, decoding and holding the whole page once more.
  for (const strip of strips)
    extra.push(movedBy(await recognize(partImage(prepared.image, prepared.width, prepared.height, strip), prepared.dpi), strip.left, strip.top));
  return withColumns(data, extra);
}

/** Figures of an amount column read as letters (figure-noise.ts), each read again alone. */
async function rereadFigures(page: Page, prepared: PreparedImage): Promise<Page> {
  const rereads = new Map<Word, Page>();
  for (const word of figureNoise(page)) {
    const crop = cropAround(word, prepared.width, prepared.height);
    rereads.set(word, movedBy(await recognize(partImage(prepared.image, prepared.width, prepared.height, crop), prepared.dpi), crop.left, crop.top));
  }
  return rereads.size ? withFigures(page, rereads) : page;
}

/** The top half's page with the bottom half's blocks after its own (their boxes are page pixels already). */
function joinHalves([top, bottom]: Page[]): Page {
  return { ...top, blocks: [...(top.blocks ?? []), ...(bottom.blocks ?? [])] };
}

/** The sheet of paper in a photo, in source pixels and as the exact fractions those pixels cover. */
function sheetCrop(gray: GrayRaster, size: { width: number; height: number }): { crop: Crop; region: Region } | null {
  const found = photographedPage(gray);
  if (!found) return null;
  const left = Math.floor(found[0] * size.width);
  const top = Math.floor(found[1] * size.height);
  const crop = {
    left,
    top,
    width: Math.max(1, Math.min(size.width, Math.ceil(found[2] * size.width)) - left),
    height: Math.max(1, Math.min(size.height, Math.ceil(found[3] * size.height)) - top),
  };
  return { crop, region: [left / size.width, top / size.height, (left + crop.width) / size.width, (top + crop.height) / size.height] };
}

/**
 * The PDF's pages with scanned pages replaced by their OCR reading, in page order. Pages past the
 * page cap or the time budget keep their (empty) layer; the same array comes back when nothing
 * needed OCR. Pages are read as many at a time as there are OCR workers (each page's reading is
 * the same as alone); no new page is started once the budget is spent.
 */
export async function ocrScannedPages(source: Uint8Array | PDFDocumentProxy, pages: PageLayer[], options: AnalyzeOptions): Promise<PageLayer[]> {
  const lim = limits(options);
  if (!lim) return pages;
  const wanted = pagesToOcr(pages, lim.maxPages);
  if (!wanted.length) return pages;
  const start = performance.now();
  const read = new Map<number, PageLayer>();
  const reading = new Set<Promise<void>>();
  try {
    for await (const picture of renderPdfPages(source, wanted)) {
      const base = pages[picture.page - 1];
      const prepared = await prepareRgbaForOcr(picture);
      const job = readPicture(prepared).then((data) => {
        read.set(
          picture.page,
          ocrPageLayer(data, { page: picture.page, width: base.width, height: base.height, imageWidth: prepared.width, imageHeight: prepared.height }, base),
        );
      });
      reading.add(job);
      void job.then(
        () => reading.delete(job),
        () => reading.delete(job),
      );
      // Render the next page while this one is read, but hold no more pages than workers can read.
      if (reading.size >= ocrParallelism()) await Promise.race(reading);
      if (performance.now() - start > lim.budgetMs) break;
    }
    await Promise.all(reading);
  } catch (err) {
    // A failed page fails the reading, as before; the pages still being read are let finish first.
    await Promise.allSettled(reading);
    throw err;
  }
  return pages.map((p) => read.get(p.page) ?? p);
}
