import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibratedStrength, calibrateFindings, CONTEXT_STRENGTH, type CalibrationTable } from '../../../engine/scoring/calibration.js';
import { FITTED_STRENGTHS } from '../../../engine/scoring/calibration.generated.js';
import { scoreAnalysis, type ScoringSettings } from '../../../engine/scoring/score.js';
import { FLAG_CATALOG } from '../../../engine/catalog/flags.js';
import { EMPTY_EXTRACTED, type Finding } from '../../../engine/types.js';
import { DEFAULT_THRESHOLDS, findingOf } from './arbitraries.js';

const doc = { mime_type: 'application/pdf' as const, format: 'digital_pdf' as const, pages: 1 };
const run = (findings: Finding[], settings: Partial<ScoringSettings> = {}) =>
  scoreAnalysis(
    { findings, document: doc, extracted: { ...EMPTY_EXTRACTED }, text: '' },
    { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [], ...settings },
  );

const table: CalibrationTable = {
  'hidden_content.covered_text': { hand: 0.6, fitted: 0.9, max: 0.99 },
  'editing_software.producer': { hand: 0.6, fitted: 0.3, max: 0.55 },
  'low_trust_origin.consumer_software': { hand: 0.1, fitted: 0.9, max: 0.99 },
  'date_inconsistency.future_date': { hand: 0.5, fitted: 0.8, max: 0.55 },
};

describe('calibrated strengths', () => {
  it('rescale a finding by fitted / hand, keeping the detector grading', () => {
    expect(calibratedStrength({ code: 'hidden_content.covered_text', strength: 0.6 }, table)).toBeCloseTo(0.9, 12);
    expect(calibratedStrength({ code: 'hidden_content.covered_text', strength: 0.3 }, table)).toBeCloseTo(0.45, 12);
    expect(calibratedStrength({ code: 'editing_software.producer', strength: 0.6 }, table)).toBeCloseTo(0.3, 12);
  });
  it('cap at the entry maximum', () => {
    expect(calibratedStrength({ code: 'date_inconsistency.future_date', strength: 0.5 }, table)).toBe(0.55);
  });
  it('fall back to the hand-set strength for reasons without an entry', () => {
    expect(calibratedStrength({ code: 'hidden_content.brand_new_reason', strength: 0.42 }, table)).toBe(0.42);
    expect(calibratedStrength({ code: 'toString', strength: 0.42 }, table)).toBe(0.42);
    expect(calibratedStrength({ code: 'hidden_content.covered_text', strength: 0.42 }, null)).toBe(0.42);
  });
  it('never lift a context finding out of context', () => {
    const s = calibratedStrength({ code: 'low_trust_origin.consumer_software', strength: 0.1 }, table);
    expect(s).toBeLessThanOrEqual(0.1);
  });
  it('are monotone in the hand-set strength', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(table)),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (code, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(calibratedStrength({ code, strength: lo }, table)).toBeLessThanOrEqual(calibratedStrength({ code, strength: hi }, table) + 1e-12);
        },
      ),
    );
  });
  it('leave other fields and the order of findings untouched', () => {
    const fs = [findingOf('hidden_content', 0.6, 'covered_text'), findingOf('structural_anomaly', 0.3)];
    const out = calibrateFindings(fs, table);
    expect(out.map((f) => f.code)).toEqual(fs.map((f) => f.code));
    expect(out[1]).toBe(fs[1]);
    expect(out[0].summary).toBe(fs[0].summary);
    expect(out[0].strength).toBeCloseTo(0.9, 12);
  });
});

describe('the scorer applies the table', () => {
  it('uses the given table, and hand-set strengths with null', () => {
    const fs = [findingOf('hidden_content', 0.6, 'covered_text')];
    expect(run(fs, { calibration: table }).engine_score).toBe(90);
    expect(run(fs, { calibration: null }).engine_score).toBe(60);
    const weakened = [findingOf('editing_software', 0.6, 'producer')];
    expect(run(weakened, { calibration: table }).decision).toBe('clear');
  });

  it('by default applies the generated table, falling back per reason', () => {
    const unknown = [findingOf('hidden_content', 0.6, 'not_in_any_table')];
    expect(run(unknown).engine_score).toBe(60);
    for (const [code, c] of Object.entries(FITTED_STRENGTHS)) {
      const flag = code.split('.')[0] as Finding['flag'];
      if (!FLAG_CATALOG.has(flag)) continue;
      const f = findingOf(flag, c.hand, code.slice(flag.length + 1));
      const expected = c.hand <= CONTEXT_STRENGTH ? Math.min(c.hand, c.fitted) : Math.min(c.fitted, c.max);
      expect(run([f]).engine_score, code).toBe(Math.round(100 * expected));
    }
  });

  it('context-only documents stay clear with the generated table, in normal and strict mode', () => {
    const codes = [...Object.keys(FITTED_STRENGTHS), 'low_trust_origin.consumer_software', 'date_inconsistency.late_modification'].filter((c) =>
      FLAG_CATALOG.has(c.split('.')[0] as never),
    );
    const contextFinding = fc
      .record({ code: fc.constantFrom(...codes), strength: fc.double({ min: 0.01, max: CONTEXT_STRENGTH, noNaN: true }) })
      .map(({ code, strength }) => findingOf(code.split('.')[0] as Finding['flag'], strength, code.slice(code.indexOf('.') + 1)));
    fc.assert(
      fc.property(fc.array(contextFinding, { minLength: 1, maxLength: 15 }), fc.constantFrom('normal' as const, 'strict' as const), (fs, mode) => {
        expect(run(fs, { mode }).decision).toBe('clear');
        expect(run(fs, { mode, calibration: table }).decision).toBe('clear');
      }),
    );
  });
});
