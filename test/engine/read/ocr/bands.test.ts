/**
 * Where a prepared page is cut for block-parallel recognition (engine/read/ocr/bands.ts): at a
 * blank band between text lines near the middle of the page's text, never through a line, and
 * halves moved back to page pixels. Pictures are grey PGMs with line-sized ink strokes; no tesseract.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'tesseract.js';
import { halfImage, movedDown, pageHalves } from '../../../../engine/read/ocr/bands.js';

const W = 800;

/** Text lines [y0, y1) drawn as strokes across x 60..700; `rule` adds a vertical rule at x 30 on every row. */
function picture(height: number, lines: Array<[number, number]>, rule = false): Buffer {
  const px = Buffer.alloc(W * height, 255);
  for (const [y0, y1] of lines) for (let y = y0; y < y1; y++) for (let x = 60; x < 700; x += 3) px[y * W + x] = 0;
  if (rule) for (let y = 0; y < height; y++) px[y * W + 30] = 0;
  return Buffer.concat([Buffer.from(`P5\n${W} ${height}\n255\n`, 'latin1'), px]);
}

/** `n` lines 16 px high at a 28 px pitch from `top`. */
const block = (top: number, n: number): Array<[number, number]> => Array.from({ length: n }, (_, i) => [top + i * 28, top + i * 28 + 16]);

describe('pageHalves', () => {
  it('cuts in the paragraph gap nearest the middle of the text, not between lines of a paragraph', () => {
    // Three paragraphs of 6 lines: gaps of 12 px between lines, 60 px between paragraphs.
    const lines = [...block(40, 6), ...block(260, 6), ...block(480, 6)];
    const halves = pageHalves(picture(700, lines), W, 700);
    expect(halves).not.toBeNull();
    const [top, bottom] = halves!;
    // The gap after the first paragraph (40..196) ends at 260; after the second (260..416) at 480:
    // either balances 6:12 or 12:6, both 33 %; the cut lies inside one of them, clear of ink.
    const cut = top.height;
    expect([196 < cut && cut < 260, 416 < cut && cut < 480]).toContain(true);
    expect(top).toEqual({ left: 0, top: 0, width: W, height: cut });
    expect(bottom).toEqual({ left: 0, top: cut, width: W, height: 700 - cut });
  });

  it('sees through a rule inked on every row', () => {
    const lines = [...block(40, 8), ...block(400, 8)];
    const halves = pageHalves(picture(700, lines, true), W, 700);
    expect(halves?.[0].height).toBeGreaterThan(40 + 7 * 28 + 16);
    expect(halves?.[0].height).toBeLessThan(400);
  });

  it('reads whole a page with no blank band near its middle, or too little text', () => {
    // Evenly spaced lines: no gap twice a line's height anywhere.
    expect(pageHalves(picture(700, block(20, 24)), W, 700)).toBeNull();
    // Everything in one paragraph at the top: a cut below it would leave the lower half empty.
    expect(pageHalves(picture(700, block(20, 10)), W, 700)).toBeNull();
    expect(
      pageHalves(
        picture(200, [
          [20, 36],
          [150, 166],
        ]),
        W,
        200,
      ),
    ).toBeNull();
  });
});

describe('halfImage and movedDown', () => {
  it('cuts the half as a PGM of its own rows and moves its boxes back to page pixels', () => {
    const pgm = picture(100, [[60, 70]]);
    const half = halfImage(pgm, W, 100, { left: 0, top: 50, width: W, height: 50 });
    expect(half.subarray(0, half.length - W * 50).toString('latin1')).toBe(`P5\n${W} 50\n255\n`);
    const rows = half.subarray(half.length - W * 50);
    expect(rows[10 * W + 60]).toBe(0);
    expect(rows[9 * W + 60]).toBe(255);

    const box = (y0: number, y1: number) => ({ x0: 5, y0, x1: 9, y1 });
    const page = {
      blocks: [
        {
          bbox: box(10, 20),
          paragraphs: [
            {
              bbox: box(10, 20),
              lines: [{ bbox: box(10, 20), baseline: box(18, 19), words: [{ text: 'a', bbox: box(11, 19), symbols: [{ bbox: box(12, 18) }] }] }],
            },
          ],
        },
      ],
    } as unknown as Page;
    const moved = movedDown(page, 50);
    const line = moved.blocks![0].paragraphs[0].lines[0];
    expect(moved.blocks![0].bbox).toEqual(box(60, 70));
    expect(line.bbox).toEqual(box(60, 70));
    expect(line.baseline).toEqual(box(68, 69));
    expect(line.words[0].bbox).toEqual(box(61, 69));
    expect(line.words[0].symbols[0].bbox).toEqual(box(62, 68));
    expect(page.blocks![0].bbox).toEqual(box(10, 20));
  });
});
