import { describe, expect, it } from 'vitest';
import { median } from '../../../engine/kit/stats.js';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('is the upper of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(3);
  });

  it('sorts numbers as numbers, not as text', () => {
    expect(median([10, 9, 100])).toBe(10);
  });

  it('is NaN when there is nothing to take the median of', () => {
    expect(median([])).toBeNaN();
  });

  it('leaves the caller’s array in its order', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('reads typed arrays', () => {
    expect(median(new Float64Array([0.5, 0.25, 0.75]))).toBe(0.5);
  });
});
