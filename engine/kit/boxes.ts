/**
 * Geometry on boxes [x0, y0, x1, y1] (top-left origin): page-fraction boxes of the text layer and
 * the findings. The shape is the engine's BBox, spelled here so the kit depends on nothing above it.
 */
type BBox = [number, number, number, number];

/** A pixel rectangle as OCR and the picture readers give it (edges in pixels, exclusive ends). */
export interface PixelRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

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

/** Share of the smaller box that the two boxes have in common (1 when one lies inside the other). */
export function overlapOfSmaller(a: BBox, b: BBox): number {
  const i = intersect(a, b);
  return i ? area(i) / Math.max(Math.min(area(a), area(b)), 1e-12) : 0;
}

/** Share of `a` that `b` covers, in pixels; a rectangle under one pixel counts as one. */
export function overlapOfFirst(a: PixelRect, b: PixelRect): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1, (a.x1 - a.x0) * (a.y1 - a.y0));
}

export function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

export function round5(b: ArrayLike<number>): BBox {
  return [0, 1, 2, 3].map((k) => Math.round(b[k] * 100000) / 100000) as BBox;
}

/** The box around all the boxes (inverted, from +Infinity to -Infinity, when there are none). */
export function boundingBox(boxes: readonly BBox[]): BBox {
  // One pass without spreading: this runs for every cell and line of a 500-page statement.
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
  }
  return [x0, y0, x1, y1];
}
