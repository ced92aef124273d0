/**
 * The PDF text layer, read with pdf.js page by page: text runs with their real fonts and boxes,
 * page text in reading order, and the paint list (what is drawn on top of what) for overlay
 * checks. Pages are released as soon as they are read so that 500-page files stay small.
 */
import { EngineError } from '../../../types.js';
import { imageCoverage } from './coverage.js';
import { FontTable } from './fonts.js';
import { glyphOrderFonts, repairItems, repairPaint } from './glyph-order.js';
import { isImageOnlyPage } from './image-only.js';
import { buildPaintList } from './paint.js';
import { openPdf, pdfjs, toEngineError, type PDFDocumentProxy } from './pdfjs.js';
import { pageText } from './reading-order.js';
import { buildRuns } from './runs.js';
import type { AnnotationFacts, PageLayer, PaintOp, PdfTextLayer } from './types.js';
import { round2 } from '../../../kit/numbers.js';

export type { PageLayer, PdfTextLayer, TextRun } from './types.js';

/** Worker-side caches (decoded fonts and images) are dropped this often on long documents. */
const CLEANUP_EVERY = 25;
/** A page whose content pdf.js cannot finish reading in this time is read as empty, not awaited forever. */
const PAGE_STEP_TIMEOUT_MS = 20_000;

class PageTimeout extends Error {}

export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageTimeout(`page step exceeded ${ms} ms`)), ms);
  });
  // When the timeout wins, the page's work still settles later (often rejecting once the
  // document is destroyed): with no handler that rejection would kill the worker thread.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function loadPdfText(bytes: Uint8Array, opts: { maxPages: number }): Promise<PdfTextLayer> {
  const doc = await openPdf(bytes);
  try {
    return await readPdfText(doc, opts);
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/** The text layer of an already opened document (the fact layer keeps one open for OCR renders). */
export async function readPdfText(doc: PDFDocumentProxy, opts: { maxPages: number }): Promise<PdfTextLayer> {
  try {
    if (doc.numPages > opts.maxPages) {
      throw new EngineError('too_many_pages', `The PDF has ${doc.numPages} pages; the limit is ${opts.maxPages}.`);
    }
    const layerVisibility = await optionalContentVisibility(doc);
    const fonts = new FontTable();
    const pages: PageLayer[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      pages.push(await loadPage(doc, n, fonts, layerVisibility));
      if (n % CLEANUP_EVERY === 0 && n < doc.numPages) await doc.cleanup().catch(() => undefined);
    }
    return { pages };
  } catch (err) {
    throw toEngineError(err);
  }
}

async function optionalContentVisibility(doc: PDFDocumentProxy): Promise<((group: unknown) => boolean) | null> {
  try {
    const config = await doc.getOptionalContentConfig();
    if (!config || [...config].length === 0) return null;
    return (group) => config.isVisible(group as Parameters<typeof config.isVisible>[0]);
  } catch {
    return null;
  }
}

async function loadPage(doc: PDFDocumentProxy, n: number, fonts: FontTable, isLayerVisible: ((g: unknown) => boolean) | null): Promise<PageLayer> {
  const page = await doc.getPage(n);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const annotations = await pageAnnotations(page);
    const subtypes = new Map(annotations.map((a) => [a.id, a.subtype]));
    let paint: PaintOp[] = [];
    try {
      // Operator list first: it makes pdf.js load every font into commonObjs, where names live.
      const list = await withTimeout(page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.ENABLE }), PAGE_STEP_TIMEOUT_MS);
      paint = buildPaintList({
        fnArray: list.fnArray,
        argsArray: list.argsArray,
        viewport,
        fonts,
        fontStore: page.commonObjs,
        imageStore: page.objs,
        isLayerVisible,
        annotationSubtypes: subtypes,
      });
    } catch (err) {
      if (isFatal(err)) throw err;
    }
    let items: ArrayLike<unknown> = [];
    try {
      items = (await withTimeout(page.getTextContent(), PAGE_STEP_TIMEOUT_MS)).items;
    } catch (err) {
      if (isFatal(err)) throw err;
    }
    // Fonts that lost their character map through a print driver read as glyph numbers.
    const shifted = glyphOrderFonts(items);
    items = repairItems(items, shifted);
    repairPaint(paint, shifted);
    const { runs, fonts: pageFonts } = buildRuns({ page: n, items, viewport, fonts, fontStore: page.commonObjs });
    for (const id of shifted) if (pageFonts[id]) pageFonts[id] = { ...pageFonts[id], glyphOrderText: true };
    const layer: PageLayer = {
      page: n,
      width: round2(viewport.width),
      height: round2(viewport.height),
      runs,
      text: pageText(runs, viewport.width),
      imageCoverage: imageCoverage(paint),
      fonts: pageFonts,
      paint,
      annotations,
    };
    layer.imageOnly = isImageOnlyPage(layer);
    return layer;
  } finally {
    page.cleanup();
  }
}

/** Errors that mean the whole document is unreadable rather than one page being damaged. */
function isFatal(err: unknown): boolean {
  return (err as { name?: string } | null)?.name === 'PasswordException';
}

async function pageAnnotations(page: Awaited<ReturnType<PDFDocumentProxy['getPage']>>): Promise<AnnotationFacts[]> {
  try {
    const raw = (await page.getAnnotations({ intent: 'display' })) as Array<Record<string, unknown>>;
    const viewport = page.getViewport({ scale: 1 });
    return raw
      .filter((a) => Array.isArray(a.rect))
      .map((a) => {
        const r = a.rect as number[];
        const [x0, y0] = viewport.convertToViewportPoint(r[0], r[1]);
        const [x1, y1] = viewport.convertToViewportPoint(r[2], r[3]);
        return {
          id: String(a.id),
          subtype: String(a.subtype ?? 'Unknown'),
          bbox: [Math.min(x0, x1) / viewport.width, Math.min(y0, y1) / viewport.height, Math.max(x0, x1) / viewport.width, Math.max(y0, y1) / viewport.height],
          label: String(a.fieldName ?? (a.contentsObj as { str?: string } | undefined)?.str ?? ''),
          hidden: !!a.hidden || !!a.noView,
        } satisfies AnnotationFacts;
      });
  } catch {
    return [];
  }
}
