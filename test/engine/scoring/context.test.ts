/**
 * The context law (issue 8): findings at or below CONTEXT_STRENGTH are context, not evidence.
 * Whatever else is present, adding context never changes the score of a document with evidence,
 * so it never moves a document out of clear; a document with nothing but context stays clear.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTEXT_STRENGTH, scoreAnalysis, type ScoringSettings } from '../../../engine/scoring/score.js';
import { FITTED_STRENGTHS } from '../../../engine/scoring/calibration.generated.js';
import { applyMode } from '../../../engine/scoring/modes.js';
import { EMPTY_EXTRACTED, type Finding, type Mode } from '../../../engine/types.js';
import { finding, flagCode, thresholds } from './arbitraries.js';
import type { FlagCode } from '../../../engine/catalog/flags.js';

const doc = { mime_type: 'application/pdf' as const, format: 'digital_pdf' as const, pages: 1 };

function run(findings: Finding[], settings: Partial<ScoringSettings>) {
  return scoreAnalysis(
    { findings, document: doc, extracted: { ...EMPTY_EXTRACTED }, text: '' },
    { mode: 'normal', thresholds: { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 }, disabledFlagCodes: [], rules: [], ...settings },
  );
}

// Reason codes of the fitted table too, so that calibration (which may lower a weak finding
// into context) is part of what the law is checked under.
const fittedCodes = Object.keys(FITTED_STRENGTHS);
const codedFinding = (min: number, max: number): fc.Arbitrary<Finding> =>
  fc
    .record({ code: fc.constantFrom(...fittedCodes), strength: fc.double({ min, max, noNaN: true }) })
    .map(({ code, strength }) => ({ flag: code.split('.')[0] as FlagCode, code, summary: code, pages: [1], evidence: {}, strength }));
const anyFinding = fc.oneof(finding(), codedFinding(0.01, 1));
const contextFinding = fc.oneof(finding(0.001, CONTEXT_STRENGTH), codedFinding(0.001, CONTEXT_STRENGTH));
const mode = fc.constantFrom<Mode>('normal', 'strict', 'lenient');
const calibration = fc.constantFrom<ScoringSettings['calibration']>(undefined, null);

describe('context findings never move a document out of clear', () => {
  it('beside any other findings, the decision is clear with them exactly when it is clear without them', () => {
    fc.assert(
      fc.property(
        fc.array(anyFinding, { maxLength: 10 }),
        fc.array(contextFinding, { minLength: 1, maxLength: 8 }),
        thresholds.filter((t) => t.pending_below > applyMode(100 * CONTEXT_STRENGTH, 'strict')),
        mode,
        calibration,
        (others, context, t, m, cal) => {
          const without = run(others, { thresholds: t, mode: m, calibration: cal });
          const mixed = [...others, ...context].sort((a, b) => a.code.localeCompare(b.code));
          const withContext = run(mixed, { thresholds: t, mode: m, calibration: cal });
          if (without.decision === 'clear') expect(withContext.decision).toBe('clear');
          // Beside evidence, context does not move the score at all.
          if (without.engine_score > applyMode(100 * CONTEXT_STRENGTH, m)) expect(withContext.engine_score).toBe(without.engine_score);
        },
      ),
    );
  });

  it('the weak finding beside context in another flag stays clear (0.35 + 0.15 used to make 40)', () => {
    const weak: Finding = { flag: 'font_inconsistency', code: 'font_inconsistency.observed', summary: 'weak', pages: [1], evidence: {}, strength: 0.35 };
    const ctx: Finding = { flag: 'low_trust_origin', code: 'low_trust_origin.observed', summary: 'context', pages: [1], evidence: {}, strength: 0.15 };
    const sameFlag: Finding = { ...ctx, flag: 'font_inconsistency', code: 'font_inconsistency.other' };
    for (const fs of [
      [weak, ctx],
      [weak, sameFlag],
      [weak, ctx, sameFlag],
    ]) {
      const v = run(fs, { calibration: null });
      expect(v.engine_score).toBe(35);
      expect(v.decision).toBe('clear');
    }
  });

  it('evidence still corroborates evidence', () => {
    fc.assert(
      fc.property(flagCode, flagCode, fc.double({ min: 0.2, max: 0.7, noNaN: true }), (a, b, s) => {
        fc.pre(a !== b);
        const one = run([{ flag: a, code: `${a}.x`, summary: 'x', pages: [1], evidence: {}, strength: s }], { calibration: null });
        const two = run(
          [
            { flag: a, code: `${a}.x`, summary: 'x', pages: [1], evidence: {}, strength: s },
            { flag: b, code: `${b}.y`, summary: 'y', pages: [1], evidence: {}, strength: s },
          ],
          { calibration: null },
        );
        expect(two.engine_score).toBeGreaterThan(one.engine_score);
      }),
    );
  });
});
