/**
 * A figure of an amount column that tesseract read as letters at low confidence ("LID" at 26 for
 * "7,75"), which the word filter drops as a speck: found by its column of read figures, read
 * again alone and put back in its line (engine/read/ocr/figure-noise.ts). No tesseract here:
 * the re-reading is given.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Word } from 'tesseract.js';
import { cropAround, figureNoise, withFigures } from '../../../../engine/read/ocr/figure-noise.js';

const word = (text: string, x0: number, y: number, x1: number, confidence = 95) =>
  ({ text, confidence, bbox: { x0, y0: y, x1, y1: y + 40 } }) as unknown as Word;

function page(lines: Word[][]): Page {
  return { blocks: [{ paragraphs: [{ lines: lines.map((words) => ({ words, bbox: words[0].bbox })) }] }] } as unknown as Page;
}

/** A receipt's item rows: a description at the left, its amount right-aligned at x 1462. */
const rows = (water: Word) => [
  [word('Apples', 188, 1027, 355), word('5,60', 1358, 1027, 1462)],
  [word('Cold', 189, 1111, 299), word('18,16', 1331, 1111, 1462)],
  [word('Sparkling', 189, 1194, 415), water],
  [word('Coffee', 189, 1276, 349), word('19,70', 1331, 1276, 1462)],
];

describe('figureNoise', () => {
  it('finds a dropped word standing in the column of figures', () => {
    const lid = word('LID', 1358, 1194, 1462, 26);
    expect(figureNoise(page(rows(lid)))).toEqual([lid]);
  });

  it('leaves confident words, words with a digit and specks outside any figure column', () => {
    expect(figureNoise(page(rows(word('water', 1358, 1194, 1462, 90))))).toEqual([]);
    expect(figureNoise(page(rows(word('7,7S', 1358, 1194, 1462, 20))))).toEqual([]);
    expect(figureNoise(page([...rows(word('7,75', 1358, 1194, 1462)), [word('~~', 700, 1400, 760, 10)]]))).toEqual([]);
  });

  it('cuts the word out with paper around it, inside the picture', () => {
    expect(cropAround(word('LID', 1358, 1194, 1462, 26), 1470, 2473)).toEqual({ left: 1334, top: 1170, width: 136, height: 88 });
  });
});

describe('withFigures', () => {
  const lid = word('LID', 1358, 1194, 1462, 26);

  it('puts the figure read again in place of the word, in its line', () => {
    const out = withFigures(page(rows(lid)), new Map([[lid, page([[word('7,75', 1358, 1194, 1462, 94)]])]]));
    const texts = out.blocks![0].paragraphs[0].lines.map((l) => l.words.map((w) => w.text).join(' '));
    expect(texts[2]).toBe('Sparkling 7,75');
  });

  it('keeps the page as read when the second reading has no digit either', () => {
    const p = page(rows(lid));
    expect(withFigures(p, new Map([[lid, page([[word('bob', 1358, 1194, 1462, 40)]])]]))).toBe(p);
  });
});
