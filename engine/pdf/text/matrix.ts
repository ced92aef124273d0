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
  const pts = [applyPoint(m, x0, y0), applyPoint(m, x1, y0), applyPoint(m, x0, y1), applyPoint(m, x1, y1)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Vertical scale factor of a matrix (length of its transformed unit y vector). */
export function scaleY(m: ArrayLike<number>): number {
  return Math.hypot(m[2], m[3]);
}

export function toMatrix(a: ArrayLike<number>): Matrix {
  return [a[0], a[1], a[2], a[3], a[4], a[5]];
}
