/**
 * pdf.js for the browser: the worker is bundled by Vite as a same-origin file so the strict CSP
 * (worker-src 'self') holds, and eval is off.
 */
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { offerPasswords } from '../lib/session-passwords.js';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = pdfjs.PDFDocumentProxy;

export function openPdf(bytes: ArrayBuffer): Promise<PdfDocument> {
  // pdf.js transfers the buffer to its worker; keep the caller's copy intact.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false, enableXfa: false });
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
