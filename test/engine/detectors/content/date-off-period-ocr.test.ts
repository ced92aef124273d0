import { describe, expect, it } from 'vitest';
import { contentInconsistencyDetector } from '../../../../engine/detectors/content/content-inconsistency.js';
import { withoutUncertainOcrFindings } from '../../../../engine/read/ocr/confidence.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';
import { extractedAs } from '../../read/extract/fixtures.js';
import { contextFromPages } from '../../context-for-test.js';

/**
 * The head of a statement picture as tesseract reads it at 110 dpi: one run per word, the
 * period's day range ("1-31") read at a low word confidence while its month, year and the
 * statement date are read confidently (family D, a statement date retyped a year on).
 */
function word(text: string, x0: number, y: number, confidence = 95): TextRun {
  const x1 = x0 + text.length * 0.0072;
  return { page: 1, text, fontId: 'ocr', fontName: 'ocr', size: 6, bbox: [x0, y, x1, y + 0.009], baseline: 0, confidence };
}

function words(runs: TextRun[], s: string, x: number, y: number, confidence: Record<string, number>): void {
  for (const w of s.split(' ')) {
    runs.push(word(w, x, y, confidence[w] ?? 95));
    x += w.length * 0.0072 + 0.006;
  }
}

function statementHead(date: string, period: string, confidence: Record<string, number>): PageLayer {
  const runs: TextRun[] = [];
  words(runs, 'Banque Valmont', 0.09, 0.08, confidence);
  words(runs, 'Account Statement', 0.6, 0.08, confidence);
  words(runs, 'Kwame Thornton', 0.09, 0.17, confidence);
  words(runs, 'Statement date', 0.55, 0.17, confidence);
  words(runs, date, 0.75, 0.17, confidence);
  words(runs, 'Nantes', 0.09, 0.185, confidence);
  words(runs, 'Period', 0.55, 0.185, confidence);
  words(runs, period, 0.75, 0.185, confidence);
  return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
}

async function published(page: PageLayer): Promise<string[]> {
  const ctx = contextFromPages([page], { mime: 'image/png', extracted: extractedAs('bank_statement', 'EUR'), text: '', now: '2026-11-29T08:00:00Z' });
  const found = withoutUncertainOcrFindings(await contentInconsistencyDetector.run(ctx), [page]);
  return found.map((f) => f.code);
}

describe('a statement dated a year off its period, its day range read with low OCR confidence', () => {
  it('keeps the finding: no reading of the days "1-31" brings 31/01/2026 near January 2025', async () => {
    expect(await published(statementHead('31/01/2026', '1-31 January 2025', { '1-31': 51 }))).toContain('content_inconsistency.date_outside_period');
  });

  it('stays quiet on the genuine statement dated at its period end', async () => {
    expect(await published(statementHead('31/01/2025', '1-31 January 2025', { '1-31': 51 }))).toEqual([]);
  });

  it('still drops it when the doubtful word is the year the finding rests on', async () => {
    expect(await published(statementHead('31/01/2026', '1-31 January 2025', { '2025': 40 }))).toEqual([]);
  });

  it('still drops it when a misread day could explain the gap (a few weeks late)', async () => {
    expect(await published(statementHead('20/03/2025', '1-31 January 2025', { '1-31': 51 }))).toEqual([]);
  });
});
