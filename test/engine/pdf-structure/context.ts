/**
 * A detector context with what the structure and metadata detectors read (structure, revisions),
 * without the text layer: keeps these tests fast and independent of the text pipeline.
 */
import type { DetectorContext } from '../../../engine/context.js';
import { parsePdfStructure } from '../../../engine/pdf/structure/index.js';
import { analyzeRevisions } from '../../../engine/pdf/structure/revisions.js';
import { EMPTY_EXTRACTED } from '../../../engine/types.js';

export function structureContext(bytes: Uint8Array | (() => Uint8Array | Promise<Uint8Array>), now = '2024-06-01T00:00:00Z'): () => Promise<DetectorContext> {
  return async () => {
    const b = typeof bytes === 'function' ? await bytes() : bytes;
    const pdf = parsePdfStructure(b);
    const revisions = await analyzeRevisions(b, pdf);
    return { bytes: b, mime: 'application/pdf', options: {}, now: new Date(now), pdf, revisions, pages: [], image: null, extracted: { ...EMPTY_EXTRACTED }, text: '' };
  };
}
