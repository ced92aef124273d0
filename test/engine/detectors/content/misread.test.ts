import { describe, expect, it } from 'vitest';
import { misreadValues, oneMisreadExplains } from '../../../../engine/detectors/content/arithmetic/misread.js';
import { labelledAmounts } from '../../../../engine/detectors/content/amounts.js';
import { pageLines, type Line } from '../../../../engine/read/extract/layout.js';
import { findPeriod, STATEMENT_PERIOD } from '../../../../engine/read/extract/periods.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';

describe('OCR misreads', () => {
  it('lists values one dropped, doubled or look-alike digit away', () => {
    const v = misreadValues(11, 0);
    expect(v).toContain(1);
    expect(v).toContain(111);
    expect(v).toContain(17);
    expect(misreadValues(1730.7, 2)).toContain(1780.7);
    // Two neighbouring digits in swapped order.
    expect(misreadValues(2415, 2)).toContain(2145);
    expect(misreadValues(2415, 2)).not.toContain(5412);
  });

  it('explains a quantity read once instead of twice, not a changed total', () => {
    const qtyTimesPrice = ([q, p, t]: number[]) => Math.abs(q * p - t) < 0.011;
    expect(
      oneMisreadExplains(
        [
          { value: 1, decimals: 0 },
          { value: 438.61, decimals: 2 },
          { value: 4824.71, decimals: 2 },
        ],
        qtyTimesPrice,
      ),
    ).toBe(true);
    // A total lowered by a forger differs in several digits.
    expect(
      oneMisreadExplains(
        [
          { value: 11, decimals: 0 },
          { value: 438.61, decimals: 2 },
          { value: 4321.09, decimals: 2 },
        ],
        qtyTimesPrice,
      ),
    ).toBe(false);
  });
});

describe('OCR thousands groups', () => {
  const run = (text: string, x0: number, x1: number): TextRun => ({
    page: 1,
    text,
    fontId: 'ocr',
    fontName: 'ocr',
    size: 5.6,
    bbox: [x0, 0.34, x1, 0.35],
    baseline: 0,
    confidence: 92,
  });
  const page = (runs: TextRun[], source?: 'ocr'): PageLayer => ({
    page: 1,
    width: 596,
    height: 842,
    runs,
    text: '',
    imageCoverage: 1,
    ...(source ? { source } : {}),
  });

  it('keeps "17 022,83" one figure when OCR leaves a wide space in it, but not a quantity and a price', () => {
    const cells = (p: PageLayer) => pageLines(p)[0].cells.map((c) => c.text);
    expect(cells(page([run('Total', 0.1, 0.15), run('17', 0.6825, 0.6969), run('022,83', 0.7081, 0.7569)], 'ocr'))).toEqual(['Total', '17 022,83']);
    expect(cells(page([run('3', 0.46, 0.4663), run('411,10', 0.5456, 0.5944)], 'ocr'))).toEqual(['3', '411,10']);
    // A text layer places its words where they were drawn: a gap there is a column.
    const drawn = (text: string, x0: number, x1: number): TextRun => ({ ...run(text, x0, x1), fontId: 'F1', fontName: 'Helvetica' });
    expect(cells(page([drawn('17', 0.6825, 0.6969), drawn('022,83', 0.7081, 0.7569)]))).toEqual(['17', '022,83']);
  });
});

describe('OCR labels split into words', () => {
  const cell = (text: string, x0: number, x1: number) => ({ text, x0, x1, bbox: [x0, 0.3, x1, 0.31] as [number, number, number, number] });
  const line = (ocr: boolean): Line => ({
    page: 1,
    index: 0,
    text: '',
    cells: [cell('incl.', 0.1, 0.14), cell('VAT', 0.17, 0.2), cell('20%', 0.23, 0.26), cell('£21.78', 0.8, 0.86)],
    bbox: [0.1, 0.3, 0.86, 0.31],
    top: 0.3,
    height: 0.01,
    ...(ocr ? { ocr: true } : {}),
  });
  const style = { decimal: '.', spaceGrouping: false } as const;

  it('joins the words before the figure into one label on OCR lines only', () => {
    const [h] = labelledAmounts([line(true)], /incl\.?\s*vat/, style);
    expect(h.label).toBe('incl. VAT');
    expect(h.rate).toBe(20);
    expect(h.amounts.map((a) => a.value)).toEqual([21.78]);
    expect(labelledAmounts([line(false)], /incl\.?\s*vat/, style)).toEqual([]);
  });
});

describe('OCR of small type at 150 dpi', () => {
  it('measures the em from letter widths when line boxes are tight, so word spaces stay inside a cell', () => {
    // 9 pt type whose OCR line box gave a 4.65 pt size: word gaps of 1.4 "em" by that measure.
    const words = ['Invoice', 'date:', '26', 'Mar', '2024'];
    let x = 0.5;
    const runs: TextRun[] = [];
    for (const w of words) {
      const width = w.length * 0.0084;
      runs.push({ page: 1, text: w, fontId: 'ocr', fontName: 'ocr', size: 4.65, bbox: [x, 0.117, x + width, 0.125], baseline: 0, confidence: 95 });
      x += width + 0.0106;
    }
    const filler = ['Statement', 'Account', 'Number', 'Balance', 'Payment', 'Received', 'Charges', 'Period', 'Amount', 'Thank'].map((w, i): TextRun => ({
      page: 1,
      text: w,
      fontId: 'ocr',
      fontName: 'ocr',
      size: 4.65,
      bbox: [0.05, 0.3 + i * 0.02, 0.05 + w.length * 0.0084, 0.308 + i * 0.02],
      baseline: 0,
      confidence: 95,
    }));
    const page: PageLayer = { page: 1, width: 595, height: 842, runs: [...runs, ...filler], text: '', imageCoverage: 1, source: 'ocr' };
    expect(pageLines(page)[0].cells.map((c) => c.text)).toEqual(['Invoice date: 26 Mar 2024']);
  });

  it('reads "1-31 August 2023" as a period (OCR turns the en dash into a hyphen)', () => {
    const line: Line = { page: 1, index: 0, text: 'Period  1-31 August 2023', cells: [], top: 0.1, height: 0.01 };
    const p = findPeriod([line], 'dmy', STATEMENT_PERIOD);
    expect(p && [p.start.day, p.end.day, p.end.month, p.end.year]).toEqual([1, 31, 8, 2023]);
  });
});
