// SCAFFOLD: replaced by the pdf.js text layer (helper B).
import type { PdfTextLayer } from './types.js';

export async function loadPdfText(_bytes: Uint8Array, _opts: { maxPages: number }): Promise<PdfTextLayer> {
  throw new Error('loadPdfText: not implemented yet');
}
