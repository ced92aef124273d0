import sharp from 'sharp';
import { edgeSharpnessDetector } from '../../../../engine/detectors/image/edge-sharpness.js';
import { testDetector } from '../../detector-tester.js';
import { corpusFile } from '../../../support/environment.js';
import { pageRaw } from './fixtures.js';

/** A scan: the page softened by the scanner's optics, grain, JPEG; optionally a crisp render pasted over a field. */
async function scan(seed: number, paste?: [number, number, number, number]): Promise<Uint8Array> {
  const clean = await pageRaw({ noise: false, seed });
  const { data } = await sharp(clean.data, { raw: { width: clean.width, height: clean.height, channels: 3 } })
    .blur(0.9)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (paste) {
    const [x, y, w, h] = paste;
    for (let r = y; r < y + h; r++) clean.data.copy(data, (r * clean.width + x) * 3, (r * clean.width + x) * 3, (r * clean.width + x + w) * 3);
  }
  return new Uint8Array(
    await sharp(data, { raw: { width: clean.width, height: clean.height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

testDetector(edgeSharpnessDetector, {
  valid: [
    { name: 'scan softened alike everywhere', input: () => scan(2) },
    {
      name: 'crisp clean render (nothing softer to compare with)',
      input: async () => {
        const p = await pageRaw({ noise: false, seed: 3 });
        return new Uint8Array(
          await sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } })
            .jpeg({ quality: 90 })
            .toBuffer(),
        );
      },
    },
    { name: 'camera photo', input: corpusFile('metadata-extractor/camera/Kodak_DX6490.jpg') },
  ],
  invalid: [
    {
      name: 'a crisp render of a value pasted into a soft scan',
      input: () => scan(2, [480, 300, 200, 60]),
      reasons: ['image_manipulation.sharpness_inconsistency'],
    },
  ],
});
