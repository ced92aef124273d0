import { describe, expect, it } from 'vitest';
import { canonicalJson, differences, withoutTimings } from '../lab/same-analyses.js';

describe('same-analyses', () => {
  it('leaves out timings at any depth and prints equal values alike whatever their key order', () => {
    const a = withoutTimings({ b: 1, timings: { total: 3 }, findings: [{ code: 'x', durationMs: 2, evidence: { page: 1 } }] });
    expect(a).toEqual({ b: 1, findings: [{ code: 'x', evidence: { page: 1 } }] });
    expect(canonicalJson({ x: [1, { q: 'a', p: null }], y: 2 })).toBe(canonicalJson({ y: 2, x: [1, { p: null, q: 'a' }] }));
    expect(canonicalJson({ x: [1, 2] })).not.toBe(canonicalJson({ x: [2, 1] }));
  });

  it('names the files whose records differ and refuses runs over different lists', () => {
    const run = [
      { file: 'a.pdf', analysis: { findings: [] } },
      { file: 'b.pdf', error: 'too_many_pages' },
    ];
    expect(differences(run, [run[0], { file: 'b.pdf', error: 'too_many_pages' }])).toEqual({ compared: 2, different: [] });
    expect(differences(run, [{ file: 'a.pdf', analysis: { findings: [{ code: 'x' }] } }, run[1]]).different).toEqual(['a.pdf']);
    expect(() => differences(run, [run[1], run[0]])).toThrow();
    expect(() => differences(run, [run[0]])).toThrow();
  });
});
