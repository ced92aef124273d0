/**
 * Pictures of scanned PDF pages for OCR: pdf.js renders the page onto a canvas (@napi-rs/canvas,
 * pdf.js's own Node canvas), which works whatever the scan's codec (JPEG, CCITT, JBIG2, Flate)
 * and however the picture is placed, cropped or split into strips.
 */
import { openPdf, type PDFDocumentProxy } from '../pdf/text/pdfjs.js';

/** Render width in pixels: ~200 dpi on A4/Letter, what OCR needs for 9 pt print. */
const RENDER_WIDTH = 1700;
/** Never render past this many pixels (a poster-sized page would otherwise take seconds). */
const MAX_PIXELS = 12_000_000;

export interface RenderedPage {
  page: number;
  /**
   * Straight (not premultiplied) RGBA pixels, opaque (rendered over white): handed to OCR as
   * they are instead of through a PNG encode and decode (~0.1-0.2 s per page).
   */
  rgba: Uint8Array;
  width: number;
  height: number;
  /** The resolution a PNG of this canvas would carry (@napi-rs/canvas writes 72 dpi). */
  density: number;
}

/** What @napi-rs/canvas writes into its PNGs, kept so that OCR reads the page as before. */
const CANVAS_PNG_DENSITY = 72;

interface NodeCanvas {
  width: number;
  height: number;
}
interface CanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: CanvasRenderingContext2D };
  destroy(entry: { canvas: NodeCanvas; context: CanvasRenderingContext2D }): void;
}

async function renderPage(doc: PDFDocumentProxy, n: number): Promise<RenderedPage> {
  const page = await doc.getPage(n);
  try {
    const unit = page.getViewport({ scale: 1 });
    let scale = RENDER_WIDTH / Math.max(unit.width, 1);
    if (unit.width * unit.height * scale * scale > MAX_PIXELS) scale = Math.sqrt(MAX_PIXELS / (unit.width * unit.height));
    const viewport = page.getViewport({ scale });
    const factory = doc.canvasFactory as CanvasFactory;
    const entry = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    try {
      await page.render({ canvasContext: entry.context, canvas: entry.canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise;
      const { width, height } = entry.canvas;
      const pixels = entry.context.getImageData(0, 0, width, height).data;
      return { page: n, rgba: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height, density: CANVAS_PNG_DENSITY };
    } finally {
      factory.destroy(entry);
    }
  } finally {
    page.cleanup();
  }
}

/**
 * Renders the given 1-based pages one at a time, so a caller out of time can stop early. Pass the
 * document when one is open already (the fact layer's); otherwise the file is opened and closed here.
 */
export async function* renderPdfPages(source: Uint8Array | PDFDocumentProxy, pages: number[]): AsyncGenerator<RenderedPage> {
  if (!pages.length) return;
  const owned = source instanceof Uint8Array;
  const doc = owned ? await openPdf(source) : source;
  try {
    for (const n of pages) yield await renderPage(doc, n);
  } finally {
    if (owned) await doc.destroy().catch(() => undefined);
  }
}
