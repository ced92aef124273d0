// SCAFFOLD: replaced by the PDF structure parser (helper A).
import type { PdfStructure } from './types.js';

export function parsePdfStructure(_bytes: Uint8Array): PdfStructure {
  throw new Error('parsePdfStructure: not implemented yet');
}
