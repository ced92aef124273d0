/**
 * The 8x8 DCT-II basis JPEG uses: DCT8_COS[u * 8 + x] = C(u) cos((2x + 1) u pi / 16), with
 * C(0) = 1/sqrt(2). One table for every module that recomputes block coefficients from pixels
 * (each pass of a separable transform then scales by 1/2).
 */
export const DCT8_COS: Float64Array = (() => {
  const t = new Float64Array(64);
  for (let u = 0; u < 8; u++) for (let x = 0; x < 8; x++) t[u * 8 + x] = Math.cos(((2 * x + 1) * u * Math.PI) / 16) * (u === 0 ? Math.SQRT1_2 : 1);
  return t;
})();
