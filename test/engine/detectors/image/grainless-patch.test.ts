import { expect } from 'vitest';
import { grainlessPatchDetector } from '../../../../engine/detectors/image/grainless-patch.js';
import type { BBox } from '../../../../engine/types.js';
import { testDetector } from '../../detector-tester.js';
import { corpusFile } from '../../../support/environment.js';
import { encodeRaw, pageRaw, pastedScan, recompress } from './fixtures.js';

/** The page is 1000x1300; boxes are fractions. */
function near(b: BBox, px: [number, number, number, number], tol = 0.02): boolean {
  const want = [px[0] / 1000, px[1] / 1300, (px[0] + px[2]) / 1000, (px[1] + px[3]) / 1300];
  return b.every((v, i) => Math.abs(v - want[i]) <= tol);
}

testDetector(grainlessPatchDetector, {
  valid: [
    { name: 'noisy page (JPEG 90)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 5 }), { jpeg: 90 }) },
    {
      name: 'noisy page saved twice (q85 then q75)',
      input: async () => recompress(await encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 85 }), 75),
    },
    { name: 'clean digital page (no grain anywhere)', input: async () => encodeRaw(await pageRaw({ noise: false, seed: 5 }), { png: true }) },
    { name: 'camera photo', input: corpusFile('metadata-extractor/camera/Kodak_DX6490.jpg') },
  ],
  invalid: [
    {
      name: 'clean render of an amount pasted into a scan, saved again at q80, with a heat map',
      input: () => pastedScan(1, 85, 80, [500, 320, 140, 40]),
      reasons: ['image_manipulation.grainless_patch'],
      check: (f) => {
        expect(near(f[0].evidence.bbox!, [500, 320, 140, 40])).toBe(true);
        expect(String((f[0].evidence.heatmap as { image: string }).image)).toMatch(/^data:image\/png;base64,/);
      },
    },
  ],
});
