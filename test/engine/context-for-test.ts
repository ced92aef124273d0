/** Builds the same detector context the engine builds, for detector unit tests. */
import { buildDetectorContext } from '../../engine/analyze.js';
import type { DetectorContext } from '../../engine/context.js';

export async function buildContextForTest(bytes: Uint8Array, opts: { now?: string } = {}): Promise<DetectorContext> {
  const { ctx } = await buildDetectorContext(bytes, { now: opts.now }, {});
  return ctx;
}
