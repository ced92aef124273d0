/**
 * pdf.js for the browser: the worker is bundled by Vite as a same-origin file so the strict CSP
 * (worker-src 'self') holds, and eval is off. Its data folders are bundled too (renderer/
 * vite-plugins.ts), served from /pdfjs/: the standard 14 fonts, so a PDF that names Helvetica or
 * ZapfDingbats without embedding it is drawn with pdf.js's own metric-compatible fonts, the same
 * on every machine (not whatever the system has); the CMaps for CJK text; the image decoders.
 */
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { offerPasswords } from '../lib/session-passwords.js';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = pdfjs.PDFDocumentProxy;

/** Where the renderer's build puts pdf.js's data, as absolute URLs (the worker has another base). */
export function pdfjsDataUrls(baseURI: string): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string } {
  const at = (folder: string) => new URL(`./pdfjs/${folder}/`, baseURI).href;
  return { standardFontDataUrl: at('standard_fonts'), cMapUrl: at('cmaps'), wasmUrl: at('wasm') };
}

export function openPdf(bytes: ArrayBuffer): Promise<PdfDocument> {
  // pdf.js transfers the buffer to its worker; keep the caller's copy intact.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes.slice(0)),
    isEvalSupported: false,
    enableXfa: false,
    ...pdfjsDataUrls(document.baseURI),
    cMapPacked: true,
    useSystemFonts: false,
  });
  // A file that needed a password for its check opens with the one given in this window.
  task.onPassword = offerPasswords();
  return task.promise;
}

export async function renderPage(doc: PdfDocument, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<void> {
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const scale = (cssWidth / base.width) * Math.min(2, window.devicePixelRatio || 1);
  const viewport = page.getViewport({ scale });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  await page.render({ canvas, canvasContext: ctx, viewport }).promise;
}

export async function pageAspects(doc: PdfDocument): Promise<number[]> {
  const out: number[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const vp = (await doc.getPage(i)).getViewport({ scale: 1 });
    out.push(vp.height / vp.width);
  }
  return out;
}
