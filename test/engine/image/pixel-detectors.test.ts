import sharp from 'sharp';
import { expect } from 'vitest';
import copyMove from '../../../engine/image/copy-move.js';
import doubleCompression from '../../../engine/image/double-compression.js';
import noiseInconsistency from '../../../engine/image/noise-inconsistency.js';
import type { BBox, Finding } from '../../../engine/types.js';
import { testDetector } from '../detector-tester.js';
import { corpusFile } from '../../support/environment.js';
import { cloneRegion, encodeRaw, pageRaw, pasteClean, recompress, statementSvg } from './fixtures.js';

const corpus = corpusFile;

/** The page is 1000x1300; boxes are fractions. */
function near(b: BBox, px: [number, number, number, number], tol = 0.03): boolean {
  const want = [px[0] / 1000, px[1] / 1300, (px[0] + px[2]) / 1000, (px[1] + px[3]) / 1300];
  return b.every((v, i) => Math.abs(v - want[i]) <= tol);
}

async function cloned(seed: number, as: { png: true } | { jpeg: number }): Promise<Uint8Array> {
  const raw = await pageRaw({ noise: true, seed });
  // An amount copied down onto another row, the classic edited statement.
  cloneRegion(raw, [520, 330, 110, 30], [520, 600]);
  return encodeRaw(raw, as);
}

testDetector(copyMove, {
  valid: [
    { name: 'noisy scanned-like page', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 4 }), { png: true }) },
    { name: 'noisy page saved as JPEG', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 4 }), { jpeg: 92 }) },
    { name: 'clean digital statement (identical text renders legitimately)', input: async () => new Uint8Array(await sharp(Buffer.from(statementSvg({ seed: 2 }))).png().toBuffer()) },
    { name: 'camera photo', input: corpus('exif-samples/DSCN0012.jpg') },
  ],
  invalid: [
    {
      name: 'amount cloned to another row (PNG)',
      input: () => cloned(1, { png: true }),
      reasons: ['image_manipulation.copy_move'],
      check: (f: Finding[]) => {
        const regions = f[0].evidence.regions!;
        expect(near(regions[0].bbox, [520, 330, 110, 30])).toBe(true);
        expect(near(regions[1].bbox, [520, 600, 110, 30])).toBe(true);
      },
    },
    { name: 'amount cloned on another page layout (PNG)', input: () => cloned(3, { png: true }), reasons: ['image_manipulation.copy_move'] },
  ],
});

async function pasted(seed: number, as: { png: true } | { jpeg: number }): Promise<Uint8Array> {
  const raw = await pageRaw({ noise: true, seed });
  // A field retyped digitally: right tones, no paper grain.
  pasteClean(await pageRaw({ noise: false, seed }), raw, [500, 320, 140, 40]);
  return encodeRaw(raw, as);
}

testDetector(noiseInconsistency, {
  valid: [
    { name: 'noisy page (PNG)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 5 }), { png: true }) },
    { name: 'noisy page (JPEG 90)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 5 }), { jpeg: 90 }) },
    { name: 'clean digital page (no grain anywhere)', input: async () => encodeRaw(await pageRaw({ noise: false, seed: 5 }), { png: true }) },
    { name: 'camera photo', input: corpus('metadata-extractor/camera/Kodak_DX6490.jpg') },
  ],
  invalid: [
    { name: 'retyped field on a scanned page (PNG)', input: () => pasted(1, { png: true }), reasons: ['image_manipulation.noise_inconsistency'], check: (f) => expect(near(f[0].evidence.bbox!, [500, 320, 140, 40])).toBe(true) },
    {
      name: 'retyped field on a scanned page (JPEG 90), with a heat map of the grain-free cells',
      input: () => pasted(2, { jpeg: 90 }),
      reasons: ['image_manipulation.noise_inconsistency'],
      check: (f) => expect(String((f[0].evidence.heatmap as { image: string }).image)).toMatch(/^data:image\/png;base64,/),
    },
    {
      name: 'one 20 px line retyped (narrower than two coarse cells)',
      input: async () => {
        const raw = await pageRaw({ noise: true, seed: 11 });
        pasteClean(await pageRaw({ noise: false, seed: 11 }), raw, [480, 326, 150, 20]);
        return encodeRaw(raw, { png: true });
      },
      reasons: ['image_manipulation.noise_inconsistency'],
    },
  ],
});

/** A single-channel scan JPEG with sensor noise, as scanners write them. */
async function greyScan(quality: number, seed: number): Promise<Uint8Array> {
  const raw = await pageRaw({ noise: true, seed });
  return new Uint8Array(await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } }).grayscale().jpeg({ quality }).toBuffer());
}

/** A camera picture re-saved by a tool that names itself in EXIF Software, as photo workflows do. */
async function resavedBy(software: string): Promise<Uint8Array> {
  const first = await encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 80 });
  const out = await sharp(Buffer.from(first))
    .withExif({ IFD0: { Make: 'Canon', Model: 'Canon EOS 80D', Software: software }, IFD2: { ExposureTime: '1/125', FNumber: '8', DateTimeOriginal: '2024:03:02 10:11:12' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(out);
}

testDetector(doubleCompression, {
  valid: [
    { name: 'page compressed once (q90)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 90 }) },
    { name: 'page compressed once (q75)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 75 }) },
    { name: 'camera original', input: corpus('metadata-extractor/camera/Kyocera_FC-S3.jpg') },
    { name: 'grey scan compressed once (q80)', input: () => greyScan(80, 8) },
    { name: 'clean render compressed once (q75, repeated glyph edges bump the histogram tails)', input: async () => encodeRaw(await pageRaw({ seed: 6 }), { jpeg: 75 }) },
    { name: 'PNG', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 6 }), { png: true }) },
  ],
  invalid: [
    { name: 'saved at q80 then re-saved at q90', input: async () => recompress(await encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 80 }), 90), reasons: ['compression_anomaly.double_jpeg'] },
    { name: 'grey scan at q75 re-saved in colour at q85 (the edited-scan case)', input: async () => recompress(await greyScan(75, 8), 85), reasons: ['compression_anomaly.double_jpeg'] },
    { name: 'grey scan at q70 re-saved at q95 (fine second steps of 1-2)', input: async () => recompress(await greyScan(70, 9), 95), reasons: ['compression_anomaly.double_jpeg'] },
    {
      name: 'camera picture exported by a photo workflow tool that says so (context only)',
      input: () => resavedBy('Adobe Photoshop Lightroom Classic 12.0 (Windows)'),
      reasons: ['compression_anomaly.double_jpeg'],
      check: (f) => expect(f[0].strength).toBeLessThan(0.08),
    },
    {
      name: 'the same re-save by a pixel editor keeps its weight',
      input: () => resavedBy('Adobe Photoshop 25.0 (Windows)'),
      reasons: ['compression_anomaly.double_jpeg'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.35),
    },
    { name: 'saved at q60 then re-saved at q90 (runs of empty bins)', input: async () => recompress(await encodeRaw(await pageRaw({ noise: true, seed: 7 }), { jpeg: 60 }), 90), reasons: ['compression_anomaly.double_jpeg'] },
  ],
});
