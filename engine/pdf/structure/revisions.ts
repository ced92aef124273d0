// SCAFFOLD: replaced by the revision analysis (helper A).
import type { RevisionSummary } from '../../types.js';
import type { PdfStructure } from './types.js';

export async function analyzeRevisions(_bytes: Uint8Array, _pdf: PdfStructure): Promise<RevisionSummary[]> {
  return [];
}
