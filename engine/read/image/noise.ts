/**
 * Sensor/paper noise level of a grayscale raster, estimated from the Laplacian-like residual in
 * smooth, unclipped areas (median absolute deviation, so edges and text do not inflate it).
 * Scans and photos have a noise floor; clean renders and screenshots have none.
 */
import type { GrayRaster } from './types.js';

const BINS = 1024;
const BIN = 0.25;

/** Residual of a pixel against its 4-neighbour mean; variance is 1.25 sigma^2 for white noise. */
function residual(d: Uint8Array, w: number, i: number): number {
  return d[i] - (d[i - 1] + d[i + 1] + d[i - w] + d[i + w]) / 4;
}

/** Noise sigma over a rectangle (whole raster by default); NaN when too few smooth pixels. */
export function estimateNoise(g: GrayRaster, rect?: { x0: number; y0: number; x1: number; y1: number }, step = 1): number {
  const { width: w, data: d } = g;
  const x0 = Math.max(1, rect?.x0 ?? 1);
  const y0 = Math.max(1, rect?.y0 ?? 1);
  const x1 = Math.min(w - 1, rect?.x1 ?? w - 1);
  const y1 = Math.min(g.height - 1, rect?.y1 ?? g.height - 1);
  const hist = new Uint32Array(BINS);
  let n = 0;
  let sampled = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const i = y * w + x;
      const v = d[i];
      sampled++;
      // Clipped pixels carry no noise; paper a few levels below white still does.
      if (v === 0 || v === 255 || d[i - 1] === 255 || d[i + 1] === 255) continue;
      const grad = Math.abs(d[i + 1] - d[i - 1]) + Math.abs(d[i + w] - d[i - w]);
      if (grad > 24) continue;
      const r = Math.abs(residual(d, w, i));
      hist[Math.min(BINS - 1, Math.floor(r / BIN))]++;
      n++;
    }
  }
  if (n < 64) return Number.NaN;
  // Mostly clipped or edge pixels (clean renders, scanners that clip paper to white): the few
  // usable pixels are anti-aliasing fringes, not a noise floor.
  if (n < 0.2 * sampled) return 0;
  let acc = 0;
  for (let b = 0; b < BINS; b++) {
    acc += hist[b];
    if (acc >= n / 2) return ((b + 0.5) * BIN * 1.4826) / Math.sqrt(1.25);
  }
  return Number.NaN;
}
