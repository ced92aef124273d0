import { expect } from 'vitest';
import { STRENGTH } from '../../../../engine/detectors/strengths.js';
import { doubleCompressionDetector } from '../../../../engine/detectors/image/double-compression.js';
import { testDetector } from '../../detector-tester.js';
import { encodeRaw, pageRaw, recompress } from './fixtures.js';

testDetector(doubleCompressionDetector, {
  valid: [{ name: 'page compressed once (q85)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 13 }), { jpeg: 85 }) }],
  invalid: [
    {
      name: 'saved at q70 then re-saved at q92, no camera claimed',
      input: async () => recompress(await encodeRaw(await pageRaw({ noise: true, seed: 13 }), { jpeg: 70 }), 92),
      reasons: ['compression_anomaly.double_jpeg'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['compression_anomaly.double_jpeg'].resaved),
    },
  ],
});
