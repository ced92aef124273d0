import { describe, expect, it } from 'vitest';
import { ascendingNumbers, round2 } from '../../../engine/kit/numbers.js';

describe('round2', () => {
  it('rounds to two decimals', () => {
    expect(round2(595.27559)).toBe(595.28);
    expect(round2(-1.234)).toBe(-1.23);
    expect(round2(12)).toBe(12);
  });
});

describe('ascendingNumbers', () => {
  it('orders numbers as a numeric comparator sort does, from an array or a set', () => {
    const values = [10, 2, 33, 2, 7, 0, 1e9, 4.5, 100_000];
    expect(ascendingNumbers(values)).toEqual([...values].sort((a, b) => a - b));
    expect(ascendingNumbers(new Set(values))).toEqual([...new Set(values)].sort((a, b) => a - b));
    expect(ascendingNumbers([])).toEqual([]);
  });

  it('returns a plain array and leaves its input as it was', () => {
    const values = [3, 1, 2];
    const out = ascendingNumbers(values);
    expect(Array.isArray(out)).toBe(true);
    expect(values).toEqual([3, 1, 2]);
  });
});
