import { noiseInconsistencyDetector } from '../../../../engine/detectors/image/noise-inconsistency.js';
import { testDetector } from '../../detector-tester.js';
import { encodeRaw, pageRaw, pasteClean } from './fixtures.js';

testDetector(noiseInconsistencyDetector, {
  valid: [
    { name: 'grainy page throughout (PNG)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 14 }), { png: true }) },
    {
      // softmatic's scanned receipts (Canon scanner, cropped in Photoshop): suspicious 63 before.
      name: 'a grain-free strip along the left edge (the border of the scan or its crop)',
      input: async () => {
        const raw = await pageRaw({ noise: true, seed: 14 });
        pasteClean(await pageRaw({ noise: false, seed: 14 }), raw, [0, 300, 30, 120]);
        return encodeRaw(raw, { png: true });
      },
    },
  ],
  invalid: [
    {
      name: 'a total retyped without grain near the foot of the page',
      input: async () => {
        const raw = await pageRaw({ noise: true, seed: 14 });
        pasteClean(await pageRaw({ noise: false, seed: 14 }), raw, [560, 1000, 160, 40]);
        return encodeRaw(raw, { png: true });
      },
      reasons: ['image_manipulation.noise_inconsistency'],
    },
    {
      name: 'a value pasted without grain from the left edge into the page',
      input: async () => {
        const raw = await pageRaw({ noise: true, seed: 14 });
        pasteClean(await pageRaw({ noise: false, seed: 14 }), raw, [0, 300, 160, 40]);
        return encodeRaw(raw, { png: true });
      },
      reasons: ['image_manipulation.noise_inconsistency'],
    },
  ],
});
