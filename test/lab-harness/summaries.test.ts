import { describe, expect, it } from 'vitest';
import { summarizeLabelled } from '../lab/eval/labelled.js';
import type { Outcome } from '../lab/eval/outcome.js';
import { summarizeReal } from '../lab/eval/real.js';
import { renderLabelled, renderReal } from '../lab/eval/report-text.js';
import type { LabelRecord } from '../lab/labels.js';

const fields = {
  doc_type: 'invoice',
  issuer: 'Acme',
  name: 'Jo Bloggs',
  address: '1 High St',
  document_date: '2024-01-02',
  account_number: '123',
  currency: 'GBP',
} as const;

function label(file: string, kind: LabelRecord['label'], technique: string, expected: LabelRecord['expected_flags']): LabelRecord {
  return {
    file,
    label: kind,
    technique,
    doc_type: 'invoice',
    expected_flags: expected,
    fields: { ...fields },
    producer: 'test',
    seed: 1,
    mime: 'application/pdf',
  };
}

function ok(file: string, score: number, decision: Outcome['decision'], flags: string[] = []): Outcome {
  return { file, status: 'ok', risk_score: score, decision, flags, extracted: { ...fields, name: null }, latency_ms: score };
}

describe('labelled summary', () => {
  const labels = [
    label('t1.pdf', 'tampered', 'overlay', ['incremental_edit']),
    label('t2.pdf', 'tampered', 'overlay', ['incremental_edit']),
    label('t3.pdf', 'tampered', 'swap', ['arithmetic_error']),
    label('a1.png', 'ai_generated', 'sd', ['ai_generated']),
    label('g1.pdf', 'genuine', 'plain', []),
    label('g2.pdf', 'genuine', 'plain', []),
    label('g3.pdf', 'genuine', 'linearized', []),
  ];
  const outcomes: Outcome[] = [
    ok('t1.pdf', 90, 'fraudulent', ['incremental_edit']),
    ok('t2.pdf', 50, 'pending', ['incremental_edit']),
    { file: 't3.pdf', status: 'crash', error_code: 'TypeError', error: 'boom' },
    ok('a1.png', 95, 'fraudulent', ['ai_generated']),
    ok('g1.pdf', 10, 'clear'),
    ok('g2.pdf', 65, 'suspicious', ['incremental_edit']),
    ok('g3.pdf', 45, 'pending'),
  ];
  const r = summarizeLabelled('/c', labels, outcomes);

  it('computes detection and false-positive rates over analysed samples', () => {
    expect(r.detection.tampered).toMatchObject({ samples: 3, analysed: 2, failed: 1, flagged: 0.5, not_clear: 1 });
    expect(r.detection.ai_generated).toMatchObject({ flagged: 1 });
    expect(r.detection.forged.flagged).toBeCloseTo(2 / 3, 12);
    expect(r.false_positives.genuine.flagged).toBeCloseTo(1 / 3, 12);
    expect(r.false_positives.genuine.not_clear).toBeCloseTo(2 / 3, 12);
  });

  it('computes AUC, techniques, flags, extraction, failures and latency', () => {
    // Forged scores 90, 50, 95 against genuine 10, 65, 45: 50 loses only to 65, so 8 of 9 pairs won.
    expect(r.roc_auc).toBeCloseTo(8 / 9, 12);
    const overlay = r.per_technique.find((t) => t.technique === 'overlay')!;
    expect(overlay).toMatchObject({ label: 'tampered', samples: 2, flagged: 0.5, mean_score: 70 });
    expect(r.per_technique[r.per_technique.length - 1].label).toBe('genuine');
    const inc = r.per_flag.find((f) => f.flag === 'incremental_edit')!;
    expect(inc).toMatchObject({ tp: 2, fp: 1, fn: 0 });
    expect(r.extraction.find((f) => f.field === 'name')).toMatchObject({ present: 6, correct: 0 });
    expect(r.extraction.find((f) => f.field === 'issuer')).toMatchObject({ present: 6, correct: 6 });
    expect(r.failures).toMatchObject({ count: 1, by_status: { crash: 1 }, by_code: { TypeError: 1 } });
    expect(r.decisions.tampered).toEqual({ fraudulent: 1, pending: 1, 'failed:crash': 1 });
    expect(r.latency_ms.n).toBe(6);
    expect(renderLabelled(r)).toMatch(/detection: tampered\s+3\s+2\s+1\s+50\.0%\s+100\.0%/);
  });

  it('refuses a run that misses a labelled file', () => {
    expect(() => summarizeLabelled('/c', labels, outcomes.slice(1))).toThrow(/no outcome for t1\.pdf/);
  });
});

describe('real-corpus summary', () => {
  it('separates crashes, timeouts and named engine errors, and checks genuine files', () => {
    const outcomes: Outcome[] = [
      ok('cam/a.jpg', 10, 'clear'),
      ok('cam/b.jpg', 85, 'fraudulent', ['editing_software', 'metadata_mismatch']),
      { file: 'fuzz/c.png', status: 'engine_error', error_code: 'corrupt_document' },
      { file: 'big.pdf', status: 'timeout', error_code: 'timeout' },
      { file: 'x.pdf', status: 'crash', error_code: 'RangeError' },
    ];
    const r = summarizeReal(
      '/real',
      outcomes,
      new Map([
        ['cam/a.jpg', 'genuine'],
        ['cam/b.jpg', 'genuine'],
        ['fuzz/c.png', 'unknown'],
      ]),
    );
    expect(r).toMatchObject({ files: 5, analysed: 2, crashes: 1, timeouts: 1, engine_errors: { corrupt_document: 1 } });
    expect(r.decisions).toEqual({ clear: 1, fraudulent: 1, 'failed:engine_error': 1, 'failed:timeout': 1, 'failed:crash': 1 });
    expect(r.decisions_by_expected.genuine).toEqual({ clear: 1, fraudulent: 1 });
    expect(r.decisions_by_expected.unlisted).toEqual({ 'failed:timeout': 1, 'failed:crash': 1 });
    expect(r.flag_counts).toEqual({ editing_software: 1, metadata_mismatch: 1 });
    expect(r.flagged_genuine).toEqual(['cam/b.jpg']);
    expect(r.problems.map((p) => p.status)).toEqual(['timeout', 'crash']);
    expect(renderReal(r)).toContain('1 crashes, 1 timeouts');
  });
});
