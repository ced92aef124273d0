// SCAFFOLD: replaced by helper B (digital / scanned / hybrid from the text layer and image coverage).
import type { DocumentFormat } from '../types.js';
import type { PageLayer } from './text/types.js';

export function classifyPdfFormat(_pages: PageLayer[]): DocumentFormat {
  return 'digital_pdf';
}
