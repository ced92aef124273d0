/**
 * JPEG quantisation tables: the IJG/libjpeg reference tables (ITU T.81 Annex K) and their
 * quality scaling, used to recognise files written by libjpeg-family encoders (most software)
 * as opposed to camera firmware, which mostly uses its own tables, and to estimate a quality.
 */

/** Annex K luminance table, natural (row-major) order (the quality estimate reads luma only). */
export const ANNEX_K_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103,
  77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];

/** ZIGZAG[k] = natural index of the k-th coefficient in zig-zag order. */
export const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22,
  15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/** DQT stores tables in zig-zag order; returns natural (row-major) order. */
export function toNatural(zigzag: number[]): number[] {
  const out = new Array<number>(64);
  for (let k = 0; k < 64; k++) out[ZIGZAG[k]] = zigzag[k];
  return out;
}

export function ijgScaled(base: number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, quality));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
  return base.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

/** Approximate quality of any luminance table by least-squares against scaled Annex K. */
export function estimateQuality(lumaZigzag: number[]): number {
  const nat = toNatural(lumaZigzag);
  let best = 50;
  let bestErr = Infinity;
  for (let q = 1; q <= 100; q++) {
    const ref = ijgScaled(ANNEX_K_LUMA, q);
    let err = 0;
    for (let i = 0; i < 64; i++) err += (nat[i] - ref[i]) ** 2;
    if (err < bestErr) {
      bestErr = err;
      best = q;
    }
  }
  return best;
}
