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

describe('a stamp laid over the page', () => {
  const at = (text: string, x0: number, y0: number, x1: number, size = 8.8): TextRun => ({
    page: 1,
    text,
    fontId: 'F1',
    fontName: 'Helvetica',
    size,
    bbox: [x0, y0, x1, y0 + 0.0105],
    baseline: 842 * (1 - y0),
  });
  // A totals block under ten rows of 8.8 pt text, and a 120 pt "PAID" whose middle falls on "Sub Total".
  const body = Array.from({ length: 10 }, (_, i) => at(`Row ${i}`, 0.07, 0.1 + i * 0.02, 0.14));
  const totals = [at('Sub Total', 0.667, 0.467, 0.731), at('$85.00', 0.87, 0.467, 0.91), at('Tax', 0.71, 0.486, 0.73), at('$8.50', 0.88, 0.486, 0.91)];
  const paid: TextRun = { ...at('Paid', 0.287, 0.316, 0.731, 119.9), bbox: [0.287, 0.316, 0.731, 0.63] };
  const lines = pageLines(page([...body, ...totals, paid]));

  it('stands on a line of its own and joins no row', () => {
    expect(lines.find((l) => l.text.startsWith('Sub Total'))?.cells.map((c) => c.text)).toEqual(['Sub Total', '$85.00']);
    expect(lines.find((l) => l.text.includes('Paid'))?.text).toBe('Paid');
  });

  it('leaves a heading a few times the body size on its row', () => {
    const heading = at('INVOICE', 0.7, 0.05, 0.9, 26);
    const ref = at('Ref 1', 0.07, 0.052, 0.12);
    const withHeading = pageLines(page([...body, heading, ref]));
    expect(withHeading.find((l) => l.text.includes('INVOICE'))?.text).toContain('Ref 1');
  });
});
