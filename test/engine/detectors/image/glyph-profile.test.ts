import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { glyphProfileDetector, crispValue } from '../../../../engine/detectors/image/glyph-profile.js';
import type { WordEdge } from '../../../../engine/read/image/glyph-edges.js';
import { testDetector } from '../../detector-tester.js';
import { buildContextForTest } from '../../context-for-test.js';
import { corpusFile } from '../../../support/environment.js';
import { pageRaw } from './fixtures.js';

const raw = (p: { data: Buffer; width: number; height: number }) => sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } });

/**
 * A scan: grain, the scanner's optics soften every edge, first JPEG at `q1`; optionally a clean
 * render of the same page pasted over a field (an amount of the table), saved again at `q2`.
 * q1 > q2 is the case no lattice check can read: the first save was the finer one.
 */
async function scan(seed: number, opts: { paste?: [number, number, number, number]; q1?: number; q2?: number } = {}): Promise<Uint8Array> {
  const { q1 = 92, q2 = 75 } = opts;
  const clean = await pageRaw({ noise: false, seed });
  const grainy = await pageRaw({ noise: true, seed });
  const first = await raw(grainy).blur(0.9).jpeg({ quality: q1 }).toBuffer();
  const { data } = await sharp(first).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (opts.paste) {
    const [x, y, w, h] = opts.paste;
    for (let r = y; r < y + h; r++) clean.data.copy(data, (r * clean.width + x) * 3, (r * clean.width + x) * 3, (r * clean.width + x + w) * 3);
  }
  return new Uint8Array(await raw({ data, width: clean.width, height: clean.height }).jpeg({ quality: q2 }).toBuffer());
}

/** Two table amounts of the fixture page (right-aligned at 62 % of the width; row i has its baseline at 286 + 38 i). */
const AMOUNT_ROW_4: [number, number, number, number] = [515, 414, 110, 32];
const AMOUNT_ROW_12: [number, number, number, number] = [515, 718, 110, 32];

testDetector(glyphProfileDetector, {
  valid: [
    { name: 'scan softened alike everywhere', input: () => scan(2) },
    { name: 'scan saved once', input: () => scan(3, { q1: 85, q2: 85 }) },
    {
      name: 'clean render (every word equally crisp)',
      input: async () =>
        new Uint8Array(
          await raw(await pageRaw({ noise: false, seed: 3 }))
            .jpeg({ quality: 90 })
            .toBuffer(),
        ),
    },
    { name: 'camera photo', input: corpusFile('metadata-extractor/camera/Kodak_DX6490.jpg') },
  ],
  invalid: [
    {
      name: 'a clean render of an amount pasted into a soft scan, first save finer',
      input: () => scan(2, { paste: AMOUNT_ROW_4 }),
      reasons: ['image_manipulation.glyph_edge_inconsistency'],
    },
    {
      name: 'the same, first save coarser',
      input: () => scan(4, { paste: AMOUNT_ROW_12, q1: 80, q2: 90 }),
      reasons: ['image_manipulation.glyph_edge_inconsistency'],
    },
  ],
});

describe('glyph edge profile', () => {
  it('boxes the pasted amount', async () => {
    const [f] = await glyphProfileDetector.run(await buildContextForTest(await scan(2, { paste: AMOUNT_ROW_4 })));
    const [x0, y0, x1, y1] = f.evidence!.bbox as number[];
    const { width, height } = await pageRaw({ seed: 2 });
    expect(x0 * width).toBeGreaterThanOrEqual(AMOUNT_ROW_4[0] - 2);
    expect(x1 * width).toBeLessThanOrEqual(AMOUNT_ROW_4[0] + AMOUNT_ROW_4[2] + 2);
    expect(y0 * height).toBeGreaterThanOrEqual(AMOUNT_ROW_4[1] - 2);
    expect(y1 * height).toBeLessThanOrEqual(AMOUNT_ROW_4[1] + AMOUNT_ROW_4[3] + 2);
    expect(f.evidence!.heatmap).toBeTruthy();
  });

  const word = (x: number, y: number, width: number): WordEdge => ({ box: [x, y, x + 60, y + 14], width, glyphs: 4 });
  const page = (extra: WordEdge[]) => [
    ...Array.from({ length: 60 }, (_, i) => word((i % 4) * 150, 40 + Math.floor(i / 4) * 30, 1.2 + ((i * 7) % 5) * 0.02)),
    ...extra,
  ];

  it('fires on one crisp line, not on crisp words scattered over many lines (mixed sources)', () => {
    expect(crispValue(page([word(700, 100, 0.5), word(770, 101, 0.52)]))?.words).toHaveLength(2);
    expect(crispValue(page([word(700, 100, 0.5), word(700, 200, 0.9), word(700, 300, 0.9), word(700, 400, 0.9)]))).toBeNull();
  });

  it('a word crisper than unusual neighbours (grey or large type) but not than the page is no finding', () => {
    const soft = Array.from({ length: 24 }, (_, i) => word(700 + (i % 2) * 70, 300 + Math.floor(i / 2) * 30, 2));
    expect(crispValue(page([...soft, word(740, 480, 0.95)]))).toBeNull();
    expect(crispValue(page([...soft, word(740, 480, 0.5)]))?.words).toHaveLength(1);
  });

  it('never fires on softer words (signatures, stamps, handwriting) nor on slightly crisper bold type', () => {
    expect(crispValue(page([word(700, 100, 2.4)]))).toBeNull();
    expect(crispValue(page([word(700, 100, 0.95)]))).toBeNull();
  });
});
