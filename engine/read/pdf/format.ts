/**
 * Digital, scanned or hybrid PDF, from the text layer and image coverage of its pages: a scanned
 * PDF is all pictures (an invisible OCR layer does not make it digital), a digital PDF draws its
 * text, and a hybrid mixes the two (a scan with typed pages, or pasted-in page images).
 */
import type { DocumentFormat } from '../../types.js';
import { isImageOnlyPage } from './text/image-only.js';
import type { PageLayer } from './text/types.js';

export function classifyPdfFormat(pages: PageLayer[]): DocumentFormat {
  if (pages.length === 0) return 'digital_pdf';
  const imageOnly = pages.filter((p) => p.imageOnly ?? isImageOnlyPage(p)).length;
  if (imageOnly === pages.length) return 'scanned_pdf';
  if (imageOnly > 0) return 'hybrid_pdf';
  // Pages that draw text over a large picture (typed text on a scanned form) also make a hybrid.
  const pictureHeavy = pages.filter((p) => p.imageCoverage >= 0.5).length;
  return pictureHeavy > 0 ? 'hybrid_pdf' : 'digital_pdf';
}
