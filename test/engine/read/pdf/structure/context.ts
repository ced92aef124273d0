/**
 * A detector context with what the structure and metadata detectors read (structure, revisions),
 * without the text layer: keeps these tests fast and independent of the text pipeline. Built by
 * the engine's factory with the text facts fixed as empty.
 */
import { createContextFromSeed, type DetectorContext } from '../../../../../engine/facts/context.js';
import { EMPTY_EXTRACTED, type Extracted } from '../../../../../engine/types.js';

/** `extracted` stands for what extraction would have read from the pages (the document type, its date). */
export function structureContext(
  bytes: Uint8Array | (() => Uint8Array | Promise<Uint8Array>),
  now = '2024-06-01T00:00:00Z',
  extracted: Partial<Extracted> = {},
): () => Promise<DetectorContext> {
  return async () => {
    const b = typeof bytes === 'function' ? await bytes() : bytes;
    const ctx = createContextFromSeed(b, { now }, {}, { textLayer: [], pages: [], text: '', extracted: { ...EMPTY_EXTRACTED, ...extracted } });
    await ctx.facts.get('revisions');
    return ctx;
  };
}
