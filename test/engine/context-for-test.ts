/** Builds the same detector context the engine builds, for detector unit tests. */
import { buildDetectorContext } from '../../engine/analyze.js';
import type { DetectorContext } from '../../engine/context.js';

/**
 * OCR is off unless asked for: it adds seconds per image and only the text-reading detectors
 * need it (test/engine/ocr covers OCR through `analyze`).
 */
export async function buildContextForTest(bytes: Uint8Array, opts: { now?: string; ocr?: boolean } = {}): Promise<DetectorContext> {
  const { ctx } = await buildDetectorContext(bytes, { now: opts.now, ...(opts.ocr ? {} : { ocr: false as const }) }, {});
  return ctx;
}
