import { describe, expect, it } from 'vitest';
import { crossValidate, engineScore, figures, foldOf } from '../lab/calibrate/evaluate.js';
import { countReasons, DEFAULT_FIT_PARAMS, fitReason, fitTable, likelihoodRatio, lrToStrength, median, shrink, type FitDoc } from '../lab/calibrate/fit.js';

const f = (code: string, strength: number) => ({ flag: code.split('.')[0], code, strength });
const doc = (forged: boolean, real: boolean, ...findings: ReturnType<typeof f>[]): FitDoc => ({ forged, real, findings });
const many = (n: number, make: () => FitDoc) => Array.from({ length: n }, make);

describe('calibration fitting arithmetic', () => {
  it('counts a reason once per document, per class, with the strongest hand-set strength', () => {
    const { totals, reasons } = countReasons([
      doc(true, false, f('hidden_content.covered_text', 0.6), f('hidden_content.covered_text', 0.9)),
      doc(false, false, f('hidden_content.covered_text', 0.5)),
      doc(false, true),
      doc(false, true, f('editing_software.producer', 0.4)),
    ]);
    expect(totals).toEqual({ forged: 1, labGenuine: 1, realGenuine: 2 });
    expect(reasons.get('hidden_content.covered_text')).toMatchObject({ forged: 1, labGenuine: 1, realGenuine: 0, handStrengths: [0.9, 0.5] });
    expect(reasons.get('editing_software.producer')).toMatchObject({ forged: 0, labGenuine: 0, realGenuine: 1 });
  });

  it('computes the likelihood ratio from smoothed rates against the higher genuine rate', () => {
    // forged (9 + .5) / (19 + 1) = .475; lab genuine .5 / 10 = .05; real genuine 1.5 / 100 = .015
    expect(likelihoodRatio({ forged: 9, labGenuine: 0, realGenuine: 1 }, { forged: 19, labGenuine: 9, realGenuine: 99 }, 0.5)).toBeCloseTo(9.5, 9);
    // a class without documents has no rate
    expect(likelihoodRatio({ forged: 9, labGenuine: 0, realGenuine: 0 }, { forged: 19, labGenuine: 9, realGenuine: 0 }, 0.5)).toBeCloseTo(9.5, 9);
    expect(likelihoodRatio({ forged: 3, labGenuine: 0, realGenuine: 0 }, { forged: 0, labGenuine: 9, realGenuine: 0 }, 0.5)).toBe(1);
  });

  it('turns the ratio into 1 - 1/LR, zero without evidence, clipped', () => {
    expect(lrToStrength(4, 0.95)).toBeCloseTo(0.75, 12);
    expect(lrToStrength(1, 0.95)).toBe(0);
    expect(lrToStrength(0.2, 0.95)).toBe(0);
    expect(lrToStrength(1000, 0.95)).toBe(0.95);
  });

  it('shrinks toward the hand-set strength by support', () => {
    expect(shrink(0.9, 10, 0.5, 10)).toBeCloseTo(0.7, 12);
    expect(shrink(0.9, 0, 0.5, 10)).toBe(0.5);
    expect(median([0.3, 0.9, 0.6])).toBe(0.6);
    expect(median([0.2, 0.4])).toBeCloseTo(0.3, 12);
  });

  const totals = { forged: 100, labGenuine: 100, realGenuine: 400 };
  const counts = (forged: number, labGenuine: number, realGenuine: number, hand = 0.6, forgedGroups = 5) => ({
    code: 'x.y',
    flag: 'x',
    forged,
    labGenuine,
    realGenuine,
    handStrengths: [hand],
    forgedGroups,
  });

  it('raises a reason seen only on forged documents and lowers one genuine files show as often', () => {
    const forgedOnly = fitReason(counts(40, 0, 0), totals, DEFAULT_FIT_PARAMS);
    expect(forgedOnly.fitted).toBeGreaterThan(0.6);
    expect(forgedOnly.max).toBe(0.99);
    expect(forgedOnly.fitted).toBeCloseTo(0.6 + DEFAULT_FIT_PARAMS.maxRaise, 12);
    const common = fitReason(counts(10, 10, 40), totals, DEFAULT_FIT_PARAMS);
    expect(common.lr).toBeCloseTo(1, 1);
    expect(common.fitted).toBeLessThan(0.3);
  });

  it('caps a reason real genuine files show below suspicious unless it is strongly forged-only', () => {
    const seenOnce = fitReason(counts(20, 0, 2, 0.9), totals, DEFAULT_FIT_PARAMS);
    expect(seenOnce.lr).toBeLessThan(DEFAULT_FIT_PARAMS.forgedOnlyLr);
    expect(seenOnce.max).toBe(DEFAULT_FIT_PARAMS.genuineCap);
    expect(seenOnce.fitted).toBeLessThanOrEqual(DEFAULT_FIT_PARAMS.genuineCap);
    const strongly = fitReason(counts(95, 0, 1, 0.9), { forged: 100, labGenuine: 100, realGenuine: 4000 }, DEFAULT_FIT_PARAMS);
    expect(strongly.lr).toBeGreaterThanOrEqual(DEFAULT_FIT_PARAMS.forgedOnlyLr);
    expect(strongly.max).toBe(0.99);
  });

  it('raises a reason only by maxRaise and only when several techniques carry it', () => {
    const oneTechnique = fitReason(counts(40, 0, 0, 0.6, 1), totals, DEFAULT_FIT_PARAMS);
    expect(oneTechnique.fitted).toBe(0.6);
    const loose = fitReason(counts(40, 0, 0, 0.6, 2), totals, { ...DEFAULT_FIT_PARAMS, maxRaise: 1 });
    expect(loose.fitted).toBeGreaterThan(0.7);
    // a reason below the suspicious line is never raised, nor one genuine files show
    expect(fitReason(counts(40, 0, 0, 0.55, 3), totals, DEFAULT_FIT_PARAMS).fitted).toBe(0.55);
    expect(fitReason(counts(40, 0, 0, 0.3, 3), totals, DEFAULT_FIT_PARAMS).fitted).toBe(0.3);
    expect(fitReason(counts(40, 3, 0, 0.7, 3), totals, DEFAULT_FIT_PARAMS).fitted).toBeLessThanOrEqual(0.7);
    // lowering needs no technique spread
    expect(fitReason(counts(0, 5, 20, 0.6, 0), totals, DEFAULT_FIT_PARAMS).fitted).toBeLessThan(0.5);
  });

  it('is monotone: more forged support never lowers, more genuine support never raises', () => {
    let prev = -1;
    for (let n = 0; n <= 60; n += 5) {
      const s = fitReason(counts(n, 2, 3), totals, DEFAULT_FIT_PARAMS).fitted;
      expect(s).toBeGreaterThanOrEqual(prev - 1e-12);
      prev = s;
    }
    prev = 2;
    for (let n = 0; n <= 60; n += 5) {
      const s = fitReason(counts(30, 0, n), totals, DEFAULT_FIT_PARAMS).fitted;
      expect(s).toBeLessThanOrEqual(prev + 1e-12);
      prev = s;
    }
  });

  it('fits one table entry per reason with the median hand-set strength', () => {
    const docs = [
      ...Array.from({ length: 20 }, (_, i) => ({ ...doc(true, false, f('ai_generated.generator_software', 0.9)), group: `technique:${i % 3}` })),
      ...many(20, () => doc(false, true, f('low_trust_origin.consumer_software', 0.1))),
      ...many(20, () => doc(false, false)),
    ];
    const { table } = fitTable(docs);
    expect(Object.keys(table).sort()).toEqual(['ai_generated.generator_software', 'low_trust_origin.consumer_software']);
    expect(table['ai_generated.generator_software'].hand).toBe(0.9);
    expect(table['ai_generated.generator_software'].fitted).toBeGreaterThan(0.9);
    expect(table['low_trust_origin.consumer_software'].fitted).toBeLessThan(0.1);
  });
});

describe('calibration cross-validation', () => {
  it('assigns stable folds by group', () => {
    expect(foldOf('technique:tampered_digit_swap', 5)).toBe(foldOf('technique:tampered_digit_swap', 5));
    const folds = new Set(Array.from({ length: 50 }, (_, i) => foldOf(`unit:${i}`, 5)));
    expect(folds.size).toBe(5);
  });

  it('scores every document out of fold: a reason only one held-out group shows falls back to hand-set', () => {
    const docs = [
      ...Array.from({ length: 10 }, () => ({ ...doc(true, false, f('arithmetic_error.running_balance', 0.5)), group: 'technique:only_one' })),
      ...Array.from({ length: 40 }, (_, i) => ({ ...doc(false, true), group: `unit:${i}` })),
    ];
    const cv = crossValidate(docs, 5, DEFAULT_FIT_PARAMS);
    expect(cv.hand).toHaveLength(50);
    // the only group with the reason is held out when scored, so no table entry changes it
    const forgedScores = cv.fitted.filter((s) => s.forged).map((s) => s.score);
    expect(new Set(forgedScores)).toEqual(new Set([engineScore([f('arithmetic_error.running_balance', 0.5)], null)]));
    expect(figures(cv.fitted).detection).toBe(0);
    expect(figures(cv.fitted).auc).toBe(1);
  });
});
