/**
 * A detector context built from the text layer alone, so that font and overlay detectors can be
 * tested without the rest of the engine (structure parsing, extraction) in the loop.
 */
import type { DetectorContext } from '../../../engine/context.js';
import { loadPdfText } from '../../../engine/pdf/text/index.js';
import { EMPTY_EXTRACTED } from '../../../engine/types.js';

export async function textContext(bytes: Uint8Array | Promise<Uint8Array>): Promise<DetectorContext> {
  const data = await bytes;
  const layer = await loadPdfText(data, { maxPages: 500 });
  return {
    bytes: data,
    mime: 'application/pdf',
    options: {},
    now: new Date('2024-04-01T00:00:00Z'),
    pdf: null,
    revisions: [],
    pages: layer.pages,
    image: null,
    extracted: { ...EMPTY_EXTRACTED },
    text: layer.pages.map((p) => p.text).join('\f'),
  };
}
