/** 2D affine matrices in PDF order [a, b, c, d, e, f]: x' = a*x + c*y + e, y' = b*x + d*y + f. */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Readonly<Matrix> = [1, 0, 0, 1, 0, 0];

/** m1 applied after m2 in PDF terms: `cm` with m2 on a CTM m1 yields multiply(m1, m2). */
export function multiply(m1: Readonly<Matrix>, m2: ArrayLike<number>): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

export function applyPoint(m: Readonly<Matrix>, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Axis-aligned box [x0, y0, x1, y1] of a rectangle after transformation. */
export function transformBox(m: Readonly<Matrix>, x0: number, y0: number, x1: number, y1: number): [number, number, number, number] {
  // The four corners as applyPoint computes them, without the arrays (called for every text show).
  const ax = m[0] * x0 + m[2] * y0 + m[4];
  const ay = m[1] * x0 + m[3] * y0 + m[5];
  const bx = m[0] * x1 + m[2] * y0 + m[4];
  const by = m[1] * x1 + m[3] * y0 + m[5];
  const cx = m[0] * x0 + m[2] * y1 + m[4];
  const cy = m[1] * x0 + m[3] * y1 + m[5];
  const dx = m[0] * x1 + m[2] * y1 + m[4];
  const dy = m[1] * x1 + m[3] * y1 + m[5];
  return [Math.min(ax, bx, cx, dx), Math.min(ay, by, cy, dy), Math.max(ax, bx, cx, dx), Math.max(ay, by, cy, dy)];
}
