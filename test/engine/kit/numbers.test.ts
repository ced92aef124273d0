import { describe, expect, it } from 'vitest';
import { round2 } from '../../../engine/kit/numbers.js';

describe('round2', () => {
  it('rounds to two decimals', () => {
    expect(round2(595.27559)).toBe(595.28);
    expect(round2(-1.234)).toBe(-1.23);
    expect(round2(12)).toBe(12);
  });
});
