import { expect } from 'vitest';
import { compressionPatchDetector } from '../../../../engine/detectors/image/compression-patch.js';
import type { BBox } from '../../../../engine/types.js';
import { testDetector } from '../../detector-tester.js';
import { corpusFile } from '../../../support/environment.js';
import { clippedPastedScan, encodeRaw, overlaidScan, pageRaw, pastedScan, recompress, softScanResaved } from './fixtures.js';

/** Amount and balance of three rows far apart: six separate fields. */
const FORM_FIELDS: Array<[number, number, number, number]> = [300, 660, 980].flatMap((y) => [
  [500, y, 140, 40] as [number, number, number, number],
  [800, y, 150, 40] as [number, number, number, number],
]);

/** The page is 1000x1300; boxes are fractions. */
function overlaps(b: BBox, px: [number, number, number, number]): boolean {
  const want = [px[0] / 1000, px[1] / 1300, (px[0] + px[2]) / 1000, (px[1] + px[3]) / 1300];
  return b[0] < want[2] && want[0] < b[2] && b[1] < want[3] && want[1] < b[3];
}

testDetector(compressionPatchDetector, {
  valid: [
    { name: 'noisy page saved once (JPEG 75)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 5 }), { jpeg: 75 }) },
    {
      name: 'noisy page saved twice, nothing pasted (q70 then q92)',
      input: async () => recompress(await encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 70 }), 92),
    },
    {
      name: 'clean render pasted, but the first save was the finer one (q90 then q75: no lattice to miss)',
      input: () => pastedScan(3, 90, 75, [500, 320, 140, 40]),
    },
    {
      name: 'clean render pasted into a q70 scan that was then cropped off the block grid and saved at q92 (no aligned lattice)',
      input: async () => {
        const sharp = (await import('sharp')).default;
        const pasted = await pastedScan(4, 70, 100, [500, 320, 140, 40]);
        return new Uint8Array(await sharp(Buffer.from(pasted)).extract({ left: 3, top: 5, width: 990, height: 1290 }).jpeg({ quality: 92 }).toBuffer());
      },
    },
    { name: 'camera photo', input: corpusFile('metadata-extractor/camera/Kodak_DX6490.jpg') },
    { name: 'page levelled to pure white and black, saved once (JPEG 75)', input: () => clippedPastedScan(7, 75, 0, null) },
    { name: 'page levelled to pure white and black, saved twice, nothing pasted (q70 then q92)', input: () => clippedPastedScan(8, 70, 92, null) },
    {
      name: 'page levelled to pure white and black, render pasted, first save the finer one (q90 then q75)',
      input: () => clippedPastedScan(9, 90, 75, [500, 320, 140, 40]),
    },
    // A page saved at q88 and forwarded at q74 fits q62, the finest lattice tried, through its
    // own q74 save; on these pages a chance cluster of footer blocks then read as "pasted".
    { name: 'soft noisy scan clipping white and black, saved q88 then forwarded at q74 (seed 23)', input: () => softScanResaved(23, 88, 74) },
    { name: 'the same page type, another seed (25)', input: () => softScanResaved(25, 88, 74) },
    // A form picture saved once with its fields typed over it before the second save (a sample
    // pay stub): every field lacks the first lattice, so no one region stands out as an edit.
    { name: 'form picture saved q70, six fields typed over it, saved q92', input: () => overlaidScan(11, 70, 92, FORM_FIELDS) },
    // One block repeated along a block row is one measurement, not many (a rule, a long edge).
    { name: 'page saved q70, a rule drawn across blank paper on one block row, saved q92', input: () => overlaidScan(12, 70, 92, [], [[100, 1205, 800]]) },
  ],
  invalid: [
    {
      name: 'two values pasted into a q70 scan saved again at q92 (a few fields, not the page)',
      input: () => overlaidScan(13, 70, 92, FORM_FIELDS.slice(0, 2)),
      reasons: ['image_manipulation.compression_patch'],
    },
    {
      name: 'clean render of an amount pasted into a q70 scan saved again at q92, with a heat map',
      input: () => pastedScan(1, 70, 92, [500, 320, 140, 40]),
      reasons: ['image_manipulation.compression_patch'],
      check: (f) => {
        expect(overlaps(f[0].evidence.bbox!, [500, 320, 140, 40])).toBe(true);
        expect(f[0].evidence.firstQuality).toBeGreaterThanOrEqual(65);
        expect(f[0].evidence.firstQuality).toBeLessThanOrEqual(75);
        expect(String((f[0].evidence.heatmap as { image: string }).image)).toMatch(/^data:image\/png;base64,/);
      },
    },
    {
      name: 'the same with a first save only a little coarser (q76 then q88)',
      input: () => pastedScan(2, 76, 88, [300, 700, 160, 40]),
      reasons: ['image_manipulation.compression_patch'],
      check: (f) => expect(overlaps(f[0].evidence.bbox!, [300, 700, 160, 40])).toBe(true),
    },
    {
      name: 'clean render pasted into a page levelled to pure white and black (q72 then q92): read clip-aware, with a heat map',
      input: () => clippedPastedScan(10, 72, 92, [500, 320, 140, 40]),
      reasons: ['image_manipulation.compression_patch'],
      check: (f) => {
        expect(f[0].evidence.latticeMethod).toBe('clip_aware');
        expect(overlaps(f[0].evidence.bbox!, [500, 320, 140, 40])).toBe(true);
        expect(f[0].evidence.firstQuality).toBeGreaterThanOrEqual(67);
        expect(f[0].evidence.firstQuality).toBeLessThanOrEqual(77);
        expect(String((f[0].evidence.heatmap as { image: string }).image)).toMatch(/^data:image\/png;base64,/);
      },
    },
  ],
});
