import { copyMoveDetector } from '../../../../engine/detectors/image/copy-move.js';
import { testDetector } from '../../detector-tester.js';
import { cloneRegion, encodeRaw, pageRaw } from './fixtures.js';

/** A stamp-sized patch of a noisy page copied onto another place of the same page. */
async function stamped(seed: number): Promise<Uint8Array> {
  const raw = await pageRaw({ noise: true, seed });
  cloneRegion(raw, [300, 480, 120, 36], [300, 900]);
  return encodeRaw(raw, { png: true });
}

testDetector(copyMoveDetector, {
  valid: [{ name: 'noisy page, nothing copied', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 12 }), { png: true }) }],
  invalid: [{ name: 'a line of the page copied further down', input: () => stamped(12), reasons: ['image_manipulation.copy_move'] }],
});
