import sharp from 'sharp';
import { expect } from 'vitest';
import { aliasedGlyphsDetector } from '../../../../engine/detectors/image/aliased-glyphs.js';
import { testDetector } from '../../detector-tester.js';
import { encodeRaw, pageRaw, statementSvg } from './fixtures.js';

type Raw = { data: Buffer; width: number; height: number };

/** A clean digital statement (a screen capture, anti-aliased text) as raw RGB, with SVG on top. */
async function captureRaw(seed: number, overlay = ''): Promise<Raw> {
  const svg = statementSvg({ seed }).replace('</svg>', `${overlay}</svg>`);
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Every pixel snapped to ink (#111) or paper (#fff): text drawn with smoothing off. */
function harden(raw: Raw, box?: [number, number, number, number]): void {
  const [x0, y0, x1, y1] = box ?? [0, 0, raw.width, raw.height];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * raw.width + x) * 3;
      const v = raw.data[i] < 136 ? 17 : 255;
      raw.data.fill(v, i, i + 3);
    }
}

/**
 * An amount covered in the exact page white and retyped by a text tool with anti-aliasing off
 * (rendered, then thresholded to two levels: not the SVG route the held-out lab family takes).
 */
async function retypedHard(seed: number, value = '9,870.00'): Promise<Uint8Array> {
  const raw = await captureRaw(seed, `<rect x="500" y="318" width="130" height="30" fill="#ffffff"/>`);
  const word = await captureRaw(
    seed,
    `<rect width="100%" height="100%" fill="#fff"/><text x="505" y="340" font-family="DejaVu Serif" font-size="18" fill="#111">${value}</text>`,
  );
  harden(word, [500, 318, 630, 348]);
  for (let y = 318; y < 348; y++) word.data.copy(raw.data, (y * raw.width + 500) * 3, (y * raw.width + 500) * 3, (y * raw.width + 630) * 3);
  return encodeRaw(raw, { png: true });
}

/** Every channel snapped to the nearest of `levels` evenly spaced greys (a low-bit greyscale scan). */
function posterise(raw: Raw, levels: number): void {
  const step = 255 / (levels - 1);
  for (let i = 0; i < raw.data.length; i++) raw.data[i] = Math.round(Math.round(raw.data[i] / step) * step);
}

/**
 * A statement under a light-grey heading stored in 2-bit grey (0, 85, 170, 255), as some scanners
 * and document pipelines save: black text keeps blends at 85 and 170, the heading at 170 has no
 * level left between it and the paper, so its edges come out hard (the aws-samples invoices).
 */
async function posterisedScan(seed: number): Promise<Uint8Array> {
  const raw = await captureRaw(seed, `<text x="60" y="215" font-family="DejaVu Sans" font-size="26" font-weight="bold" fill="#aaaaaa">Transactions</text>`);
  posterise(raw, 4);
  return encodeRaw(raw, { png: true });
}

testDetector(aliasedGlyphsDetector, {
  valid: [
    { name: 'clean screen capture (all text anti-aliased)', input: async () => encodeRaw(await captureRaw(2), { png: true }) },
    {
      name: 'value covered in the exact background and retyped anti-aliased (nothing for this check)',
      input: async () =>
        encodeRaw(
          await captureRaw(
            4,
            `<rect x="500" y="318" width="150" height="30" fill="#ffffff"/><text x="505" y="340" font-family="DejaVu Serif" font-size="18" fill="#111">9,870.00</text>`,
          ),
          { png: true },
        ),
    },
    {
      name: 'capture drawn entirely without smoothing (terminal, bitmap-font interface)',
      input: async () => {
        const raw = await captureRaw(3);
        harden(raw);
        return encodeRaw(raw, { png: true });
      },
    },
    {
      name: 'hard text on many lines (an interface mixing two styles, not one edited value)',
      input: async () => {
        const raw = await captureRaw(7);
        harden(raw, [0, Math.round(raw.height * 0.4), raw.width, Math.round(raw.height * 0.6)]);
        return encodeRaw(raw, { png: true });
      },
    },
    { name: 'a 2-bit grey scan whose light-grey heading has no level left for blends', input: () => posterisedScan(2) },
    { name: 'another 2-bit grey scan', input: () => posterisedScan(9) },
    { name: 'noisy scanned page (PNG)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 5 }), { png: true }) },
    {
      name: 'the same hard retype saved as JPEG (exact levels lost)',
      input: async () =>
        new Uint8Array(
          await sharp(await retypedHard(5))
            .jpeg({ quality: 92 })
            .toBuffer(),
        ),
    },
  ],
  invalid: [
    {
      name: 'value covered in page white and retyped with smoothing off, with a heat map',
      input: () => retypedHard(5),
      reasons: ['image_manipulation.aliased_glyphs'],
      check: (f) => {
        expect(f).toHaveLength(1);
        const b = f[0].evidence.bbox!;
        // The retyped value sits at x 505-630 of 1000, y 322-348 of 1300.
        expect(b[0]).toBeGreaterThan(0.49);
        expect(b[2]).toBeLessThan(0.64);
        expect(b[1]).toBeGreaterThan(0.23);
        expect(b[3]).toBeLessThan(0.28);
        expect(String((f[0].evidence.heatmap as { image: string }).image)).toMatch(/^data:image\/png;base64,/);
      },
    },
    { name: 'another page, another value', input: () => retypedHard(11), reasons: ['image_manipulation.aliased_glyphs'] },
    {
      name: 'a value printed as several words ("234,56  EUR") retyped hard',
      input: () => retypedHard(12, '234,56&#160;&#160;EUR'),
      reasons: ['image_manipulation.aliased_glyphs'],
      check: (f) => expect((f[0].evidence.regions ?? []).length).toBeGreaterThanOrEqual(2),
    },
  ],
});
