/**
 * The OCR guard on arithmetic findings decides on the gap: one misread of one doubtful figure
 * among the rows added up must explain it exactly, or the finding stands.
 */
import { describe, expect, it } from 'vitest';
import { isUncertainOcrFinding } from '../../../engine/ocr/index.js';
import type { PageLayer, TextRun } from '../../../engine/pdf/text/types.js';
import type { Finding } from '../../../engine/types.js';

type Box = [number, number, number, number];
const run = (text: string, bbox: Box, confidence: number): TextRun => ({ page: 1, text, fontId: 'ocr', fontName: 'ocr', size: 10, bbox, baseline: 0, confidence });
const page = (runs: TextRun[]): PageLayer => ({ page: 1, width: 1000, height: 1400, runs, text: '', imageCoverage: 1, source: 'ocr' });
const row = (y: number): Box => [0.05, y, 0.95, y + 0.02];

/** A running-balance finding over rows 0.30-0.40 with the gap between expected and printed. */
function balance(expected: string, found: string): Finding {
  return {
    flag: 'arithmetic_error',
    code: 'arithmetic_error.running_balance',
    summary: 'Balance does not follow from the previous balance and the transactions.',
    pages: [1],
    strength: 0.85,
    evidence: { page: 1, bbox: row(0.4), expected, found, operands: [{ page: 1, bbox: row(0.3) }, { page: 1, bbox: row(0.4) }] },
  };
}

describe('arithmetic findings on OCR pages, decided on the gap', () => {
  it('drops a finding that one look-alike digit of a doubtful amount explains (3 read as 8)', () => {
    // Printed 1,234.50 read as 1,284.50 at low confidence: the balance is 50.00 off.
    const p = page([run('1,284.50', [0.6, 0.35, 0.7, 0.37], 58)]);
    expect(isUncertainOcrFinding(balance('2500.00', '2550.00'), [p])).toBe(true);
  });

  it('drops a finding explained by a dropped or doubled digit, a lost decimal mark or a garbled row', () => {
    // 1,111.20 read as 1,11.20 (one 1 of a doubled digit dropped): 1,000.00 off.
    expect(isUncertainOcrFinding(balance('1000.00', '2000.00'), [page([run('1,11.20', [0.6, 0.35, 0.7, 0.37], 60)])])).toBe(true);
    // "2285€" for 22,85 €: the sum took 2285 instead of 22.85.
    expect(isUncertainOcrFinding(balance('100.00', '2362.15'), [page([run('2285€', [0.6, 0.35, 0.7, 0.37], 90)])])).toBe(true);
    // A garbled date dropped its row: the gap is that row's amount, read confidently.
    const garbled = page([run('I2/O3/2024', [0.1, 0.35, 0.2, 0.37], 40), run('Grocery', [0.25, 0.35, 0.4, 0.37], 95), run('63.10', [0.6, 0.35, 0.7, 0.37], 96)]);
    expect(isUncertainOcrFinding(balance('936.90', '1000.00'), [garbled])).toBe(true);
  });

  it('keeps a forged balance although a doubtful figure lies among the rows it added up', () => {
    // The balance was raised by 700.00; the doubtful 1,284.50 can explain 50, 5, 1000, ... not 700.
    const p = page([run('1,284.50', [0.6, 0.35, 0.7, 0.37], 58), run('12/03/2024', [0.1, 0.35, 0.2, 0.37], 50), run('45.00', [0.6, 0.36, 0.7, 0.38], 95)]);
    expect(isUncertainOcrFinding(balance('2500.00', '3200.00'), [p])).toBe(false);
  });

  it('keeps distrusting a finding that states no numeric gap', () => {
    const p = page([run('1,284.50', [0.6, 0.35, 0.7, 0.37], 58)]);
    expect(isUncertainOcrFinding(balance('>= 2500.00', '3200.00'), [p])).toBe(true);
  });
});
