/**
 * A photographed page at a slant: tesseract reads the label column and the value column of a
 * key/value block as separate lines, and on the picture a value sits a row lower than its label.
 * Words are grouped on the row a level page would give them; their boxes stay on the picture.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'tesseract.js';
import { pageLines } from '../../../../engine/read/extract/layout.js';
import { ocrPageLayer } from '../../../../engine/read/ocr/words.js';

interface W {
  text: string;
  x0: number;
  x1: number;
}

/** A tesseract line of words along a baseline y = y0 + slope * (x - x0), text 24 px tall. */
function slantedLine(words: W[], slope: number, x0: number, y0: number) {
  const at = (x: number) => y0 + slope * (x - x0);
  const lx0 = words[0].x0;
  const lx1 = words[words.length - 1].x1;
  const top = Math.min(at(lx0), at(lx1)) - 20;
  const bottom = Math.max(at(lx0), at(lx1)) + 4;
  return {
    text: words.map((w) => w.text).join(' '),
    confidence: 95,
    bbox: { x0: lx0, y0: top, x1: lx1, y1: bottom },
    baseline: { x0: lx0, y0: at(lx0), x1: lx1, y1: at(lx1), has_baseline: true },
    words: words.map((w) => ({
      text: w.text,
      confidence: 95,
      bbox: { x0: w.x0, y0: at(w.x0) - 20, x1: w.x1, y1: at(w.x1) + 4 },
      symbols: [],
      choices: [],
      font_name: '',
    })),
  };
}

function page(lines: ReturnType<typeof slantedLine>[]): Page {
  return { blocks: [{ paragraphs: [{ lines }] }] } as unknown as Page;
}

const geo = { page: 1, width: 2000, height: 2600, imageWidth: 2000, imageHeight: 2600 };

/** Two rows 36 px apart, labels at x 1000-1300, values at x 1600-1900, on a page turned by `slope`. */
function keyValueBlock(slope: number) {
  const at = (x: number, row: number) => 500 + row * 36 + slope * (x - 200);
  return page([
    // A wide line that measures the slant: the address and the first label of the row.
    slantedLine(
      [
        { text: 'Sofia', x0: 200, x1: 300 },
        { text: 'Marchetti', x0: 320, x1: 500 },
        { text: 'Statement', x0: 1000, x1: 1170 },
        { text: 'date', x0: 1190, x1: 1260 },
      ],
      slope,
      200,
      at(200, 0),
    ),
    slantedLine(
      [
        { text: '201', x0: 200, x1: 260 },
        { text: 'Highland', x0: 280, x1: 440 },
        { text: 'Period', x0: 1000, x1: 1110 },
      ],
      slope,
      200,
      at(200, 1),
    ),
    // The value column, read as lines of its own.
    slantedLine([{ text: '12/31/2025', x0: 1700, x1: 1900 }], slope, 1700, at(1700, 0)),
    slantedLine(
      [
        { text: '1', x0: 1560, x1: 1575 },
        { text: '-', x0: 1590, x1: 1600 },
        { text: '31', x0: 1615, x1: 1650 },
        { text: 'December', x0: 1670, x1: 1830 },
        { text: '2024', x0: 1850, x1: 1930 },
      ],
      slope,
      1560,
      at(1560, 1),
    ),
  ]);
}

describe('OCR of a slanted page', () => {
  it('puts a value on its label row when the slant moves it down a row on the picture', () => {
    // 0.07 px per px: 1.4 rows of drop between the labels and the values.
    const lines = pageLines(ocrPageLayer(keyValueBlock(0.07), geo));
    expect(lines.map((l) => l.text)).toEqual(['Sofia Marchetti  Statement date  12/31/2025', '201 Highland  Period  1 - 31 December 2024']);
  });

  it('keeps every word box on the picture, at its row where the word is', () => {
    const layer = ocrPageLayer(keyValueBlock(0.07), geo);
    const date = layer.runs.find((r) => r.text === '12/31/2025')!;
    const label = layer.runs.find((r) => r.text === 'Statement')!;
    // The value lies ~42 px (0.016 of the height) lower on the picture than its label.
    expect(date.bbox[1] - label.bbox[1]).toBeGreaterThan(0.012);
    expect(date.rowShift! - label.rowShift!).toBeCloseTo(date.bbox[1] - label.bbox[1], 2);
    // Boxes are the row's text height, not the slanted line's whole extent.
    expect((label.bbox[3] - label.bbox[1]) * geo.height).toBeLessThan(30);
  });

  it('leaves a level page exactly as before: no row shift, line boxes as tesseract drew them', () => {
    const layer = ocrPageLayer(keyValueBlock(0.002), geo);
    expect(layer.runs.every((r) => r.rowShift === undefined)).toBe(true);
    const label = layer.runs.find((r) => r.text === 'Statement')!;
    expect(label.bbox[1]).toBeCloseTo((500 - 20) / 2600, 4);
  });
});
