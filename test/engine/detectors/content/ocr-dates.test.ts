/**
 * Statement dates read by OCR: a Chromium screenshot of a genuine statement read "29 Apr" as
 * "20 Apr" with confidence. A day one OCR slip from a day that fits between its neighbours is
 * a misreading; a day no slip explains is still out of order.
 */
import { expect } from 'vitest';
import { contentInconsistencyDetector } from '../../../../engine/detectors/content/content-inconsistency.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';
import { contextFromPages } from '../../context-for-test.js';
import { testDetector } from '../../detector-tester.js';

const CHAR = 0.0072;

function words(runs: TextRun[], s: string, x: number, y: number): void {
  for (const w of s.split(' ')) {
    runs.push({ page: 1, text: w, fontId: 'ocr', fontName: 'ocr', size: 6, bbox: [x, y, x + w.length * CHAR, y + 0.009], baseline: 0, confidence: 95 });
    x += w.length * CHAR + 0.006;
  }
}

function statement(days: number[], source: 'ocr' | undefined = 'ocr'): PageLayer {
  const runs: TextRun[] = [];
  words(runs, 'Northmoor Building Society Account Statement', 0.09, 0.08);
  words(runs, 'Date', 0.09, 0.14);
  words(runs, 'Description', 0.25, 0.14);
  words(runs, 'Paid out', 0.66, 0.14);
  words(runs, 'Balance', 0.84, 0.14);
  days.forEach((d, i) => {
    const y = 0.16 + i * 0.018;
    words(runs, `${String(d).padStart(2, '0')} Apr 2025`, 0.09, y);
    words(runs, 'CARD PAYMENT TO GROCERS', 0.25, y);
    words(runs, `${(10 + i).toFixed(2)}`, 0.7, y);
    words(runs, `${(2000 - i * 20).toFixed(2)}`, 0.86, y);
  });
  return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, ...(source ? { source } : {}) };
}

const ctx = (days: number[]) => async () => contextFromPages([statement(days)], { mime: 'image/png', now: '2025-06-01T00:00:00Z' });

testDetector(contentInconsistencyDetector, {
  valid: [{ name: '"29 Apr" read as "20 Apr" between 29 Apr and 30 Apr', input: ctx([26, 27, 28, 29, 20, 30, 30]) }],
  invalid: [
    {
      name: 'a day no OCR slip explains ("12 Apr" between 29 Apr and 30 Apr)',
      input: ctx([26, 27, 28, 29, 12, 30, 30]),
      reasons: ['content_inconsistency.dates_out_of_order'],
      check: (f) => expect(f[0].evidence.value).toBe('12 Apr 2025'),
    },
  ],
});
