/** How drawn words become a line's cells (engine/extract/layout.ts). */
import { describe, expect, it } from 'vitest';
import { pageLines } from '../../../../engine/read/extract/layout.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';

const run = (text: string, x0: number, x1: number): TextRun => ({
  page: 1,
  text,
  fontId: 'F1',
  fontName: 'DejaVuSans',
  size: 9.5,
  bbox: [x0, 0.654, x1, 0.667],
  baseline: 282,
});
const page = (runs: TextRun[]): PageLayer => ({ page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 0 });
const cells = (runs: TextRun[]) => pageLines(page(runs))[0].cells.map((c) => c.text);

describe('cells of a line', () => {
  it('keeps two amounts a word space apart in two cells (LibreOffice packs narrow columns)', () => {
    // A LibreOffice statement row: "Paid in" and "Balance" 8.8 pt apart, under an em.
    expect(
      cells([run('18.06.2024', 0.05, 0.13), run('SALARY KESTREL SOFTWARE', 0.175, 0.4065), run('3.207,88', 0.616, 0.6869), run('3.213,38', 0.7017, 0.7726)]),
    ).toEqual(['18.06.2024', 'SALARY KESTREL SOFTWARE', '3.207,88', '3.213,38']);
  });
  it('still joins words, and a figure to its currency or a thousands group to its rest', () => {
    expect(cells([run('Card', 0.1, 0.13), run('payment', 0.136, 0.19)])).toEqual(['Card payment']);
    expect(cells([run('EUR', 0.6, 0.63), run('1.250,00', 0.636, 0.69)])).toEqual(['EUR 1.250,00']);
    expect(cells([run('Qty 2', 0.5, 0.54), run('12,50', 0.546, 0.58)])).toEqual(['Qty 2 12,50']);
  });
});
