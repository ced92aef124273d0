/** The OCR contrast stretch as a lookup table gives sharp's normalise() byte for byte. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normaliseGrey } from '../../../../engine/read/ocr/stretch.js';

async function bySharp(grey: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(grey, { raw: { width, height, channels: 1 } })
      .grayscale()
      .normalise({ lower: 0.2, upper: 99 })
      .raw()
      .toBuffer(),
  );
}

/** Deterministic pseudo-random levels (no flaky seeds). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A page-like picture: paper around `paper`, ink around `ink`, `inkShare` of it ink, some noise. */
function page(width: number, height: number, paper: number, ink: number, inkShare: number, noise: number, seed: number): Uint8Array {
  const rnd = lcg(seed);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) {
    const base = rnd() < inkShare ? ink : paper;
    out[i] = Math.max(0, Math.min(255, Math.round(base + (rnd() - 0.5) * 2 * noise)));
  }
  return out;
}

describe('normaliseGrey', () => {
  const cases: Array<[string, number, number, Uint8Array]> = [
    ['a clean page', 400, 300, page(400, 300, 250, 20, 0.08, 4, 1)],
    ['a sparse page (under 1 % ink)', 500, 400, page(500, 400, 245, 40, 0.004, 2, 2)],
    ['a dim photo', 321, 217, page(321, 217, 170, 70, 0.15, 25, 3)],
    ['a dark page', 300, 300, page(300, 300, 90, 10, 0.3, 10, 4)],
    ['full-range noise', 256, 256, page(256, 256, 128, 128, 0, 128, 5)],
    ['two levels', 100, 100, page(100, 100, 200, 60, 0.5, 0, 6)],
    ['a flat page', 120, 80, new Uint8Array(120 * 80).fill(231)],
    ['nearly flat', 120, 80, page(120, 80, 200, 200, 0, 1, 7)],
    ['pure white and black', 200, 100, page(200, 100, 255, 0, 0.02, 0, 9)],
    ['a page with some pure white', 300, 200, page(300, 200, 246, 30, 0.1, 10, 10)],
    // libvips' upper level for pure white depends on float rounding of the pixel count: 1600 x 981
    // rounds a hair under the last bin (upper level 101), 1600 x 1200 does not (100).
    ['a white page of 1600 x 981', 1600, 981, page(1600, 981, 255, 0, 0.05, 0, 11)],
    ['a white page of 1600 x 1200', 1600, 1200, page(1600, 1200, 255, 20, 0.05, 3, 12)],
    ['a noisy white page of 1600 x 981', 1600, 981, page(1600, 981, 250, 10, 0.1, 12, 13)],
  ];

  it.each(cases)('matches sharp on %s', async (_name, width, height, grey) => {
    const table = await normaliseGrey(grey);
    expect(table).not.toBeNull();
    expect(Buffer.from(table!).equals(Buffer.from(await bySharp(grey, width, height)))).toBe(true);
  });

  it('matches sharp when a single pixel sets the brightest level', async () => {
    const grey = page(1000, 200, 100, 20, 0.05, 3, 8);
    grey[12345] = 200;
    const table = await normaliseGrey(grey);
    expect(Buffer.from(table!).equals(Buffer.from(await bySharp(grey, 1000, 200)))).toBe(true);
  });
});
