import { describe, expect, it } from 'vitest';
import { boundingBox, overlapOfFirst, overlapOfSmaller, union } from '../../../engine/kit/boxes.js';

describe('overlapOfSmaller', () => {
  it('is 1 when one box lies inside the other, whichever comes first', () => {
    expect(overlapOfSmaller([0, 0, 1, 1], [0.2, 0.2, 0.4, 0.4])).toBeCloseTo(1);
    expect(overlapOfSmaller([0.2, 0.2, 0.4, 0.4], [0, 0, 1, 1])).toBeCloseTo(1);
  });

  it('is the shared area over the smaller box', () => {
    expect(overlapOfSmaller([0, 0, 0.2, 0.2], [0.1, 0, 0.5, 0.2])).toBeCloseTo(0.5);
  });

  it('is 0 for boxes apart', () => {
    expect(overlapOfSmaller([0, 0, 0.1, 0.1], [0.2, 0.2, 0.3, 0.3])).toBe(0);
  });
});

describe('overlapOfFirst', () => {
  it('measures the share of the first rectangle only', () => {
    const small = { x0: 0, y0: 0, x1: 10, y1: 10 };
    const big = { x0: 0, y0: 0, x1: 100, y1: 100 };
    expect(overlapOfFirst(small, big)).toBe(1);
    expect(overlapOfFirst(big, small)).toBeCloseTo(0.01);
  });

  it('counts a rectangle under one pixel as one pixel', () => {
    expect(overlapOfFirst({ x0: 0, y0: 0, x1: 0.5, y1: 0.5 }, { x0: 0, y0: 0, x1: 1, y1: 1 })).toBe(0.25);
  });

  it('is 0 for rectangles that only touch', () => {
    expect(overlapOfFirst({ x0: 0, y0: 0, x1: 10, y1: 10 }, { x0: 10, y0: 0, x1: 20, y1: 10 })).toBe(0);
  });
});

describe('union', () => {
  it('is the smallest box holding both', () => {
    expect(union([0.1, 0.2, 0.3, 0.4], [0.2, 0.1, 0.5, 0.3])).toEqual([0.1, 0.1, 0.5, 0.4]);
  });
});

describe('boundingBox', () => {
  it('holds every box of the list', () => {
    expect(
      boundingBox([
        [0.3, 0.1, 0.4, 0.2],
        [0.1, 0.5, 0.2, 0.6],
        [0.2, 0.2, 0.9, 0.3],
      ]),
    ).toEqual([0.1, 0.1, 0.9, 0.6]);
  });

  it('is inverted for no boxes, so that any box widens it', () => {
    expect(boundingBox([])).toEqual([Infinity, Infinity, -Infinity, -Infinity]);
  });
});
