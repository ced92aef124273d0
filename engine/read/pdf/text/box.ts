/** Geometry on page-fraction boxes [x0, y0, x1, y1] (top-left origin). */
import type { BBox } from '../../../types.js';

export function area(b: BBox): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

export function intersect(a: BBox, b: BBox): BBox | null {
  const r: BBox = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[2] > r[0] && r[3] > r[1] ? r : null;
}

/** Fraction of `inner` that lies inside `outer` (0 when `inner` has no area). */
export function coveredFraction(inner: BBox, outer: BBox): number {
  const a = area(inner);
  if (a <= 0) return 0;
  const i = intersect(inner, outer);
  return i ? area(i) / a : 0;
}

export function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

export function round5(b: ArrayLike<number>): BBox {
  return [0, 1, 2, 3].map((k) => Math.round(b[k] * 100000) / 100000) as BBox;
}
