/**
 * A part of a prepared page read as a picture of its own (engine/read/ocr/part.ts): the cut-out
 * pixels, its reading moved back to page pixels, and (with tesseract, two small recognitions) the
 * same reading as tesseract's `rectangle` on the whole page, which the unread-column strips used.
 */
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'tesseract.js';
import { movedBy, partImage } from '../../../../engine/read/ocr/part.js';
import { prepareForOcr } from '../../../../engine/read/ocr/prepare.js';
import { recognize, terminateOcr } from '../../../../engine/read/ocr/tesseract.js';
import { statementImage } from './statement-image.js';

afterAll(() => terminateOcr());

describe('partImage', () => {
  it('cuts a rectangle anywhere in the page as a PGM of its own', () => {
    const W = 40;
    const H = 30;
    const px = Buffer.alloc(W * H);
    for (let i = 0; i < px.length; i++) px[i] = (i * 7) % 251;
    const pgm = Buffer.concat([Buffer.from(`P5\n${W} ${H}\n255\n`, 'latin1'), px]);
    const part = partImage(pgm, W, H, { left: 5, top: 7, width: 12, height: 9 });
    const header = `P5\n12 9\n255\n`;
    expect(part.subarray(0, header.length).toString('latin1')).toBe(header);
    const cut = part.subarray(header.length);
    expect(cut.length).toBe(12 * 9);
    for (let y = 0; y < 9; y++) for (let x = 0; x < 12; x++) expect(cut[y * 12 + x]).toBe(px[(7 + y) * W + 5 + x]);
    // Whole rows: the same bytes as a cut of whole rows.
    expect(partImage(pgm, W, H, { left: 0, top: 3, width: W, height: 4 }).subarray(`P5\n${W} 4\n255\n`.length)).toEqual(px.subarray(3 * W, 7 * W));
  });
});

describe('movedBy', () => {
  it('moves boxes and baselines at every level right and down, leaving the reading as it was', () => {
    const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });
    const page = {
      blocks: [
        {
          bbox: box(1, 10, 9, 20),
          paragraphs: [
            {
              bbox: box(1, 10, 9, 20),
              lines: [
                {
                  bbox: box(1, 10, 9, 20),
                  baseline: box(1, 18, 9, 19),
                  words: [{ text: 'a', bbox: box(2, 11, 8, 19), symbols: [{ bbox: box(3, 12, 7, 18) }] }],
                },
              ],
            },
          ],
        },
      ],
    } as unknown as Page;
    const moved = movedBy(page, 100, 50);
    const line = moved.blocks![0].paragraphs[0].lines[0];
    expect(moved.blocks![0].bbox).toEqual(box(101, 60, 109, 70));
    expect(line.bbox).toEqual(box(101, 60, 109, 70));
    expect(line.baseline).toEqual(box(101, 68, 109, 69));
    expect(line.words[0].bbox).toEqual(box(102, 61, 108, 69));
    expect(line.words[0].symbols[0].bbox).toEqual(box(103, 62, 107, 68));
    expect(page.blocks![0].bbox).toEqual(box(1, 10, 9, 20));
    expect(movedBy(page, 0, 0)).toBe(page);
  });
});

describe('a part read cut out', () => {
  it('reads exactly as the same rectangle of the whole page: words, confidences, boxes, baselines', async () => {
    const prepared = await prepareForOcr(
      Buffer.from(
        await sharp(await statementImage())
          .png()
          .toBuffer(),
      ),
    );
    // The balance column, with paper around it, away from the page's edges.
    const s = prepared.scale;
    const strip = { left: Math.round(1060 * s), top: Math.round(270 * s), width: Math.round(150 * s), height: Math.round(250 * s) };
    const asRectangle = await recognize(prepared.image, prepared.dpi, strip);
    const cutOut = movedBy(await recognize(partImage(prepared.image, prepared.width, prepared.height, strip), prepared.dpi), strip.left, strip.top);
    const words = (p: Page) => (p.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((para) => para.lines.flatMap((l) => l.words.map((w) => w.text))));
    expect(words(asRectangle).join(' ')).toContain('3,304.80');
    expect(cutOut.blocks).toEqual(asRectangle.blocks);
  }, 30_000);
});
