/**
 * Columns tesseract's page segmentation left unread: marks no recognised word covers, grouped
 * into the columns they form (engine/ocr/uncovered.ts). Pictures are drawn as grey PGMs with
 * word-sized ink blocks; no tesseract.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'tesseract.js';
import { uncoveredColumns, withColumns } from '../../../../engine/read/ocr/uncovered.js';

const W = 800;
const H = 600;

function picture(blocks: Array<[number, number, number, number]>): Buffer {
  const px = Buffer.alloc(W * H, 255);
  for (const [x0, y0, x1, y1] of blocks) {
    // Strokes, not a solid box: every other column inked, as letters are.
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x += 2) px[y * W + x] = 0;
  }
  return Buffer.concat([Buffer.from(`P5\n${W} ${H}\n255\n`, 'latin1'), px]);
}

function word(text: string, x0: number, y0: number, x1: number, y1: number) {
  return { text, confidence: 95, bbox: { x0, y0, x1, y1 } };
}

function page(words: ReturnType<typeof word>[]): Page {
  const lines = words.map((w) => ({ words: [w], bbox: w.bbox, baseline: { x0: w.bbox.x0, y0: w.bbox.y1, x1: w.bbox.x1, y1: w.bbox.y1 } }));
  return { blocks: [{ paragraphs: [{ lines }] }] } as unknown as Page;
}

/** Item descriptions at the left (read) and their amounts at the right (read or not). */
const items = [0, 1, 2, 3].map((i) => [60, 100 + i * 32, 260, 120 + i * 32] as [number, number, number, number]);
const amounts = [0, 1, 2, 3].map((i) => [640, 100 + i * 32, 720, 120 + i * 32] as [number, number, number, number]);
const itemWords = items.map(([x0, y0, x1, y1], i) => word(`item${i}`, x0, y0, x1, y1));

describe('uncoveredColumns', () => {
  it('finds the column of amounts the reading left out, as one strip', () => {
    const strips = uncoveredColumns(picture([...items, ...amounts]), W, H, page(itemWords));
    expect(strips).toHaveLength(1);
    const [s] = strips;
    expect(s.left).toBeLessThanOrEqual(640);
    expect(s.left + s.width).toBeGreaterThanOrEqual(720);
    expect(s.top).toBeLessThanOrEqual(100);
    expect(s.top + s.height).toBeGreaterThanOrEqual(216);
    // The read descriptions are not in it.
    expect(s.left).toBeGreaterThan(260);
  });

  it('finds nothing when every mark was read', () => {
    const amountWords = amounts.map(([x0, y0, x1, y1], i) => word(`${i}.00`, x0, y0, x1, y1));
    expect(uncoveredColumns(picture([...items, ...amounts]), W, H, page([...itemWords, ...amountWords]))).toEqual([]);
  });

  it('leaves a lone mark, a thin rule and a tall picture alone', () => {
    const rule: [number, number, number, number] = [60, 250, 740, 252];
    const logo: [number, number, number, number] = [600, 400, 700, 560];
    const speck: [number, number, number, number] = [640, 100, 700, 118];
    expect(uncoveredColumns(picture([...items, rule, logo, speck]), W, H, page(itemWords))).toEqual([]);
  });
});

describe('withColumns', () => {
  it('adds the strip reading as blocks of its own, without words already read', () => {
    const base = page(itemWords);
    const strip = page([word('19,08', 640, 100, 720, 120), word('item3', 62, 196, 258, 216)]);
    const merged = withColumns(base, [strip]);
    const texts = (merged.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));
    expect(texts).toEqual(['item0', 'item1', 'item2', 'item3', '19,08']);
  });

  it('returns the page unchanged when the strips add nothing', () => {
    const base = page(itemWords);
    expect(withColumns(base, [page([word('item0', 60, 100, 260, 120)])])).toBe(base);
  });
});
