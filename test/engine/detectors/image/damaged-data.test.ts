import { expect } from 'vitest';
import { damagedDataDetector } from '../../../../engine/detectors/image/damaged-data.js';
import { testDetector } from '../../detector-tester.js';
import { pageJpeg } from './fixtures.js';

const small = { width: 300, height: 390 };

/** A JPEG cut off part way through its entropy-coded data (an interrupted transfer), end marker restored. */
async function truncatedJpeg(keep: number): Promise<Uint8Array> {
  const whole = await pageJpeg(small);
  const cut = Math.floor(whole.length * keep);
  return new Uint8Array(Buffer.concat([Buffer.from(whole.subarray(0, cut)), Buffer.from([0xff, 0xd9])]));
}

testDetector(damagedDataDetector, {
  valid: [{ name: 'a whole JPEG', input: () => pageJpeg(small) }],
  invalid: [
    {
      name: 'a JPEG cut off at 60 % of its data',
      input: () => truncatedJpeg(0.6),
      reasons: ['structural_anomaly.damaged_image_data'],
      check: (f) => expect(String(f[0].evidence.decoderMessage).length).toBeGreaterThan(0),
    },
  ],
});
