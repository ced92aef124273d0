/**
 * Harris corners on a grayscale raster: content-anchored points, so a copied region yields the
 * same points at the same relative positions wherever it was pasted (no block grid needed).
 */
import type { GrayRaster } from './types.js';

export interface Keypoint {
  x: number;
  y: number;
  response: number;
}

function boxSum(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    let acc = 0;
    const row = y * w;
    for (let x = -r; x < w; x++) {
      if (x + r < w) acc += src[row + x + r];
      if (x - r - 1 >= 0) acc -= src[row + x - r - 1];
      if (x >= 0) tmp[row + x] = acc;
    }
  }
  for (let x = 0; x < w; x++) {
    let acc = 0;
    for (let y = -r; y < h; y++) {
      if (y + r < h) acc += tmp[(y + r) * w + x];
      if (y - r - 1 >= 0) acc -= tmp[(y - r - 1) * w + x];
      if (y >= 0) out[y * w + x] = acc;
    }
  }
  return out;
}

/** Separable running maximum over a (2r+1)^2 window (non-maximum suppression). */
function dilate(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let m = -Infinity;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) if (src[row + k] > m) m = src[row + k];
      tmp[row + x] = m;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = -Infinity;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++) if (tmp[k * w + x] > m) m = tmp[k * w + x];
      out[y * w + x] = m;
    }
  }
  return out;
}

export function harrisKeypoints(g: GrayRaster, opts: { margin: number; max: number; nmsRadius?: number }): Keypoint[] {
  const { width: w, height: h, data: d } = g;
  const n = w * h;
  const xx = new Float32Array(n);
  const yy = new Float32Array(n);
  const xy = new Float32Array(n);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const ix = (d[i + 1] - d[i - 1]) / 2;
      const iy = (d[i + w] - d[i - w]) / 2;
      xx[i] = ix * ix;
      yy[i] = iy * iy;
      xy[i] = ix * iy;
    }
  }
  const sxx = boxSum(xx, w, h, 2);
  const syy = boxSum(yy, w, h, 2);
  const sxy = boxSum(xy, w, h, 2);
  const resp = xx; // reuse
  let maxR = 0;
  for (let i = 0; i < n; i++) {
    const tr = sxx[i] + syy[i];
    const r = sxx[i] * syy[i] - sxy[i] * sxy[i] - 0.04 * tr * tr;
    resp[i] = r;
    if (r > maxR) maxR = r;
  }
  const floor = maxR * 1e-3;
  const rad = opts.nmsRadius ?? 3;
  const dil = dilate(resp, w, h, rad);
  const pts: Keypoint[] = [];
  const m = Math.max(opts.margin, rad);
  for (let y = m; y < h - m; y++) {
    for (let x = m; x < w - m; x++) {
      const i = y * w + x;
      const r = resp[i];
      if (r > floor && r === dil[i]) pts.push({ x, y, response: r });
    }
  }
  pts.sort((a, b) => b.response - a.response);
  return pts.slice(0, opts.max);
}
