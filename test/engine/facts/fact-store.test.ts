/** The fact store: once, lazily, timed; and a detector that throws leaves a visible trace. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyze } from '../../../engine/analyze.js';
import { DETECTORS } from '../../../engine/detectors/index.js';
import { FactStore } from '../../../engine/facts/store.js';
import { scoreAnalysis } from '../../../engine/scoring/score.js';
import { DEFAULT_THRESHOLDS } from '../scoring/arbitraries.js';
import { buildContextForTest } from '../context-for-test.js';
import { statement } from '../read/pdf/structure/updates.js';

describe('FactStore', () => {
  it('produces each fact once, on first demand, and times it', async () => {
    let calls = 0;
    const timings: Record<string, number> = {};
    const store = new FactStore<{ a: number; b: number }, null>(null, { a: () => ++calls, b: async (s) => (await s.get('a')) + 1 }, timings);
    expect(calls).toBe(0);
    expect(await store.get('b')).toBe(2);
    expect(await Promise.all([store.get('b'), store.get('a')])).toEqual([2, 1]);
    expect(store.now('a')).toBe(1);
    expect(calls).toBe(1);
    expect(Object.keys(timings).sort()).toEqual(['fact:a', 'fact:b']);
  });

  it('remembers failures, refuses synchronous reads of pending facts, and runs disposers', async () => {
    let calls = 0;
    const disposed: string[] = [];
    const store = new FactStore<{ bad: number; slow: number }, null>(
      null,
      {
        bad: () => {
          calls++;
          throw new Error('unreadable');
        },
        slow: async (s) => {
          s.onDispose(() => void disposed.push('slow'));
          return 1;
        },
      },
      {},
    );
    await expect(store.get('bad')).rejects.toThrow('unreadable');
    expect(() => store.now('bad')).toThrow('unreadable');
    expect(calls).toBe(1);
    expect(() => store.now('slow')).toThrow(/still being produced/);
    expect(await store.get('slow')).toBe(1);
    await store.dispose();
    expect(disposed).toEqual(['slow']);
  });

  it('gives detectors the same parsed file and text model every time they ask', async () => {
    const ctx = await buildContextForTest(statement());
    expect(ctx.facts.now('pdfFile')).toBe(ctx.facts.now('pdfFile'));
    expect(ctx.facts.now('textModel')).toBe(ctx.facts.now('textModel'));
    expect(ctx.facts.timings['fact:pdfFile']).toBeGreaterThanOrEqual(0);
    await ctx.facts.dispose();
  });
});

describe('a detector that throws', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is listed in analysis.incomplete with its message, and the verdict says it is partial', async () => {
    const victim = DETECTORS.find((d) => d.meta.appliesTo.includes('pdf'))!;
    vi.spyOn(victim, 'run').mockImplementation(() => {
      throw new Error('boom\nstack detail');
    });
    const analysis = await analyze(statement(), { ocr: false });
    expect(analysis.incomplete?.filter((i) => i.cause === 'error')).toEqual([{ detector: victim.meta.id, message: 'boom', cause: 'error' }]);
    expect(Object.keys(analysis.timings).some((k) => k.startsWith('error:'))).toBe(false);
    const verdict = scoreAnalysis(
      { findings: analysis.findings, document: { ...analysis.document }, extracted: analysis.extracted, text: analysis.text, incomplete: analysis.incomplete },
      { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [] },
    );
    expect(verdict.incomplete).toEqual(analysis.incomplete);
    expect(verdict.summary).toMatch(/Partial analysis: 1 check could not run \(.+\)/);
  });

  it('lists no failed detector in a complete analysis, only the checks this statement gives nothing to run on', async () => {
    const analysis = await analyze(statement(), { ocr: false });
    // Two dated rows without a balance column and no opening balance: no sum to check.
    expect(analysis.incomplete).toEqual([
      {
        detector: 'content/arithmetic-error',
        cause: 'unreadable',
        checks: ['arithmetic_error.running_balance', 'arithmetic_error.statement_summary'],
        message: expect.stringMatching(/running balances and statement summary could not be read from the text.*not a pass/),
      },
    ]);
  });
});
