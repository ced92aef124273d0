import { describe, expect, it } from 'vitest';
import { misreadValues, oneMisreadExplains } from '../../../engine/content/arithmetic/misread.js';
import { labelledAmounts } from '../../../engine/content/amounts.js';
import { pageLines, type Line } from '../../../engine/extract/layout.js';
import type { PageLayer, TextRun } from '../../../engine/pdf/text/types.js';

describe('OCR misreads', () => {
  it('lists values one dropped, doubled or look-alike digit away', () => {
    const v = misreadValues(11, 0);
    expect(v).toContain(1);
    expect(v).toContain(111);
    expect(v).toContain(17);
    expect(misreadValues(1730.7, 2)).toContain(1780.7);
  });

  it('explains a quantity read once instead of twice, not a changed total', () => {
    const qtyTimesPrice = ([q, p, t]: number[]) => Math.abs(q * p - t) < 0.011;
    expect(oneMisreadExplains([{ value: 1, decimals: 0 }, { value: 438.61, decimals: 2 }, { value: 4824.71, decimals: 2 }], qtyTimesPrice)).toBe(true);
    // A total lowered by a forger differs in several digits.
    expect(oneMisreadExplains([{ value: 11, decimals: 0 }, { value: 438.61, decimals: 2 }, { value: 4321.09, decimals: 2 }], qtyTimesPrice)).toBe(false);
  });
});


describe('OCR thousands groups', () => {
  const run = (text: string, x0: number, x1: number): TextRun => ({ page: 1, text, fontId: 'ocr', fontName: 'ocr', size: 5.6, bbox: [x0, 0.34, x1, 0.35], baseline: 0, confidence: 92 });
  const page = (runs: TextRun[], source?: 'ocr'): PageLayer => ({ page: 1, width: 596, height: 842, runs, text: '', imageCoverage: 1, ...(source ? { source } : {}) });

  it('keeps "17 022,83" one figure when OCR leaves a wide space in it, but not a quantity and a price', () => {
    const cells = (p: PageLayer) => pageLines(p)[0].cells.map((c) => c.text);
    expect(cells(page([run('Total', 0.1, 0.15), run('17', 0.6825, 0.6969), run('022,83', 0.7081, 0.7569)], 'ocr'))).toEqual(['Total', '17 022,83']);
    expect(cells(page([run('3', 0.46, 0.4663), run('411,10', 0.5456, 0.5944)], 'ocr'))).toEqual(['3', '411,10']);
    // A text layer places its words where they were drawn: a gap there is a column.
    expect(cells(page([run('17', 0.6825, 0.6969), run('022,83', 0.7081, 0.7569)]))).toEqual(['17', '022,83']);
  });
});

describe('OCR labels split into words', () => {
  const cell = (text: string, x0: number, x1: number) => ({ text, x0, x1, bbox: [x0, 0.3, x1, 0.31] as [number, number, number, number] });
  const line = (ocr: boolean): Line => ({ page: 1, index: 0, text: '', cells: [cell('incl.', 0.1, 0.14), cell('VAT', 0.17, 0.2), cell('20%', 0.23, 0.26), cell('£21.78', 0.8, 0.86)], bbox: [0.1, 0.3, 0.86, 0.31], top: 0.3, height: 0.01, ...(ocr ? { ocr: true } : {}) });
  const style = { decimal: '.', spaceGrouping: false } as const;

  it('joins the words before the figure into one label on OCR lines only', () => {
    const [h] = labelledAmounts([line(true)], /incl\.?\s*vat/, style);
    expect(h.label).toBe('incl. VAT');
    expect(h.rate).toBe(20);
    expect(h.amounts.map((a) => a.value)).toEqual([21.78]);
    expect(labelledAmounts([line(false)], /incl\.?\s*vat/, style)).toEqual([]);
  });
});
