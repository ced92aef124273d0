import { describe, expect, it } from 'vitest';
import { rocAuc } from '../lab/metrics/auc.js';
import { accuracy, confusion, f1, falsePositiveRate, precision, ratio, recall } from '../lab/metrics/confusion.js';
import { fieldScores, normalizeField, type FieldValues } from '../lab/metrics/extraction.js';
import { perFlagScores } from '../lab/metrics/flags.js';
import { latencySummary, percentile } from '../lab/metrics/percentiles.js';

function pairs(tp: number, fp: number, tn: number, fn: number) {
  return [
    ...Array.from({ length: tp }, () => ({ actual: true, predicted: true })),
    ...Array.from({ length: fp }, () => ({ actual: false, predicted: true })),
    ...Array.from({ length: tn }, () => ({ actual: false, predicted: false })),
    ...Array.from({ length: fn }, () => ({ actual: true, predicted: false })),
  ];
}

describe('confusion matrix', () => {
  it('counts a known matrix and derives its rates', () => {
    const m = confusion(pairs(40, 10, 45, 5));
    expect(m).toEqual({ tp: 40, fp: 10, tn: 45, fn: 5 });
    expect(recall(m)).toBeCloseTo(40 / 45, 12);
    expect(precision(m)).toBeCloseTo(0.8, 12);
    expect(falsePositiveRate(m)).toBeCloseTo(10 / 55, 12);
    expect(accuracy(m)).toBeCloseTo(0.85, 12);
    expect(f1(m)).toBeCloseTo((2 * 0.8 * (40 / 45)) / (0.8 + 40 / 45), 12);
  });

  it('gives null, not NaN, for empty denominators', () => {
    const m = confusion(pairs(0, 0, 3, 0));
    expect(recall(m)).toBeNull();
    expect(precision(m)).toBeNull();
    expect(f1(m)).toBeNull();
    expect(falsePositiveRate(m)).toBe(0);
    expect(ratio(1, 0)).toBeNull();
  });
});

describe('ROC AUC', () => {
  const s = (score: number, positive: boolean) => ({ score, positive });

  it('is 1 for perfect separation, 0 for inverted and 0.5 for all ties', () => {
    expect(rocAuc([s(90, true), s(80, true), s(10, false), s(20, false)])).toBe(1);
    expect(rocAuc([s(10, true), s(20, true), s(90, false), s(80, false)])).toBe(0);
    expect(rocAuc([s(50, true), s(50, false), s(50, true), s(50, false)])).toBe(0.5);
  });

  it('counts ties as one half (Mann-Whitney) on a known example', () => {
    // Positive/negative pairs won: 0.9 beats 3, 0.8 beats 3, 0.4 beats 0.3 and ties 0.4 -> 7.5 of 9.
    const auc = rocAuc([s(0.9, true), s(0.8, true), s(0.4, true), s(0.7, false), s(0.3, false), s(0.4, false)]);
    expect(auc).toBeCloseTo(7.5 / 9, 12);
  });

  it('is null without both classes', () => {
    expect(rocAuc([s(1, true)])).toBeNull();
    expect(rocAuc([])).toBeNull();
  });
});

describe('percentiles', () => {
  it('interpolates linearly between ranks', () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4], 95)).toBeCloseTo(3.85, 12);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3, 4, 5], 0)).toBe(1);
    expect(percentile([1, 2, 3, 4, 5], 100)).toBe(5);
  });

  it('handles empty input and rejects bad percentiles', () => {
    expect(percentile([], 50)).toBeNull();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(latencySummary([10, 30, 20])).toEqual({ n: 3, p50: 20, p95: 29, max: 30 });
  });
});

describe('per-flag precision and recall', () => {
  it('scores raised flags against expected ones', () => {
    const rows = perFlagScores(
      [
        { expected: ['incremental_edit', 'hidden_content'], raised: ['incremental_edit'] },
        { expected: ['incremental_edit'], raised: ['incremental_edit', 'font_inconsistency'] },
        { expected: [], raised: ['incremental_edit'] },
        { expected: ['hidden_content'], raised: [] },
      ],
      ['incremental_edit', 'hidden_content', 'font_inconsistency', 'ai_generated'],
    );
    const by = Object.fromEntries(rows.map((r) => [r.flag, r]));
    expect(by.incremental_edit).toMatchObject({ tp: 2, fp: 1, fn: 0, support: 2, raised: 3, recall: 1 });
    expect(by.incremental_edit.precision).toBeCloseTo(2 / 3, 12);
    expect(by.hidden_content).toMatchObject({ tp: 0, fn: 2, recall: 0, precision: null });
    expect(by.font_inconsistency).toMatchObject({ fp: 1, precision: 0, recall: null });
    expect(by.ai_generated).toMatchObject({ support: 0, raised: 0, precision: null, recall: null });
  });
});

describe('extraction accuracy', () => {
  const truth: FieldValues = {
    doc_type: 'invoice',
    issuer: 'Summit Office Supply Co',
    name: 'Grace Okafor',
    address: '12 Oak Street, Austin, TX 78701',
    document_date: '2024-03-05',
    account_number: 'GB29 HRWG 2175 1325 2928 11',
    currency: 'USD',
  };

  it('normalises what a reader ignores and nothing else', () => {
    expect(normalizeField('account_number', 'gb29hrwg-2175 1325292811')).toBe('GB29HRWG21751325292811');
    expect(normalizeField('name', '  GRACE   okafor ')).toBe('grace okafor');
    expect(normalizeField('address', '12 Oak Street Austin TX 78701')).toBe(normalizeField('address', '12 Oak Street, Austin, TX 78701'));
    expect(normalizeField('document_date', '2024-03-05')).not.toBe(normalizeField('document_date', '2024-03-06'));
    expect(normalizeField('issuer', '   ')).toBeNull();
  });

  it('scores present truths and counts spurious values', () => {
    const scores = fieldScores([
      { truth, extracted: { ...truth, name: 'grace okafor', document_date: '2024-05-03' } },
      { truth: { ...truth, name: null }, extracted: { ...truth, name: 'Someone' } },
      { truth, extracted: null },
    ]);
    const by = Object.fromEntries(scores.map((s) => [s.field, s]));
    expect(by.name).toMatchObject({ present: 2, correct: 1, spurious: 1, accuracy: 0.5 });
    expect(by.document_date).toMatchObject({ present: 3, correct: 1 });
    expect(by.currency.accuracy).toBeCloseTo(2 / 3, 12);
  });

  it('accepts a listed alternative form of the same fact, and only that', () => {
    const t = { ...truth, account_number: '25292811' };
    const alt = { account_number: ['GB29 HRWG 2175 1325 2928 11'] };
    const score = (got: string, alternatives?: typeof alt) =>
      fieldScores([{ truth: t, extracted: { ...t, account_number: got }, alternatives }]).find((f) => f.field === 'account_number')!.correct;
    expect(score('GB29HRWG21751325292811', alt)).toBe(1);
    expect(score('GB29HRWG21751325292811')).toBe(0);
    expect(score('GB29HRWG21751325292812', alt)).toBe(0);
  });
});

describe('reliability table', () => {
  it('counts samples and the forged share per score band', async () => {
    const { reliabilityTable } = await import('../lab/eval/labelled.js');
    const rows = reliabilityTable([
      { score: 0, forged: false },
      { score: 10, forged: true },
      { score: 45, forged: true },
      { score: 59, forged: false },
      { score: 100, forged: true },
    ]);
    expect(rows.map((r) => [r.band, r.samples, r.forged])).toEqual([
      ['0-19 clear', 2, 1],
      ['20-39 clear', 0, 0],
      ['40-59 pending', 2, 1],
      ['60-79 suspicious', 0, 0],
      ['80-100 fraudulent', 1, 1],
    ]);
    expect(rows[1].forged_share).toBeNull();
    expect(rows[0].forged_share).toBe(0.5);
  });
});
