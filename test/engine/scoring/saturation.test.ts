import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineFlags, combineObservations, CORROBORATION_CAP } from '../../../engine/scoring/saturation.js';

const strength = fc.double({ min: 0.001, max: 1, noNaN: true });

describe('saturation', () => {
  it('many weak signals never outrank one decisive one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.001, max: 0.3, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.double({ min: 0.85, max: 1, noNaN: true }),
        (weak, decisive) => {
          expect(combineFlags(weak)).toBeLessThan(combineFlags([decisive]));
          expect(combineObservations(weak)).toBeLessThan(combineObservations([decisive]));
        },
      ),
    );
  });

  it('several independent observations score higher than the same one seen once', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.8, noNaN: true }), fc.integer({ min: 2, max: 10 }), (s, n) => {
        expect(combineObservations(Array(n).fill(s))).toBeGreaterThan(combineObservations([s]));
      }),
    );
  });

  it('is monotone: adding a finding never lowers the combined strength', () => {
    fc.assert(
      fc.property(fc.array(strength, { maxLength: 20 }), strength, (xs, extra) => {
        expect(combineObservations([...xs, extra])).toBeGreaterThanOrEqual(combineObservations(xs) - 1e-12);
        expect(combineFlags([...xs, extra])).toBeGreaterThanOrEqual(combineFlags(xs) - 1e-12);
      }),
    );
  });

  it('never exceeds the strongest member by more than the corroboration cap, nor 1', () => {
    fc.assert(
      fc.property(fc.array(strength, { minLength: 1, maxLength: 50 }), (xs) => {
        const top = Math.max(...xs);
        for (const v of [combineObservations(xs), combineFlags(xs)]) {
          expect(v).toBeGreaterThanOrEqual(top - 1e-12);
          expect(v).toBeLessThanOrEqual(Math.min(1, top + CORROBORATION_CAP) + 1e-12);
        }
      }),
    );
  });

  it('is order independent', () => {
    fc.assert(
      fc.property(fc.array(strength, { maxLength: 20 }), (xs) => {
        const reversed = [...xs].reverse();
        expect(combineFlags(reversed)).toBeCloseTo(combineFlags(xs), 12);
        expect(combineObservations(reversed)).toBeCloseTo(combineObservations(xs), 12);
      }),
    );
  });

  it('no findings means zero', () => {
    expect(combineFlags([])).toBe(0);
    expect(combineObservations([])).toBe(0);
  });
});
