/**
 * A detector context with the text layer alone, so that font and overlay detectors can be
 * tested without the rest of the engine (structure parsing, extraction) in the loop. Built by
 * the engine's factory with the other facts fixed as empty.
 */
import { createContextFromSeed, type DetectorContext } from '../../../../../engine/facts/context.js';
import { EMPTY_EXTRACTED } from '../../../../../engine/types.js';

export async function textContext(bytes: Uint8Array | Promise<Uint8Array>, options: { withFile?: boolean } = {}): Promise<DetectorContext> {
  const data = await bytes;
  // withFile: our parser's view of the file too, for detectors that read the document's objects.
  const fixed = options.withFile ? {} : { pdfFile: null };
  const ctx = createContextFromSeed(
    data,
    { now: '2024-04-01T00:00:00Z', ocr: false },
    {},
    { ...fixed, pdf: null, revisions: [], metadata: null, extracted: { ...EMPTY_EXTRACTED } },
  );
  await ctx.facts.get('pages');
  return ctx;
}
