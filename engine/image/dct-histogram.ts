/**
 * Histograms of quantised DCT coefficients recomputed from decoded luma. A JPEG compressed once
 * has smooth, Laplacian-like coefficient histograms; one quantised first with a coarser step
 * and then re-quantised with a finer one leaves periodic empty bins (double quantisation).
 */
import sharp from 'sharp';
import { ZIGZAG } from './quant-tables.js';

const CROP = 1024;
export const MAX_BIN = 24;
/** Zig-zag positions analysed: the low AC frequencies, which carry most non-zero values. */
export const AC_POSITIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

const COS: Float64Array = (() => {
  const t = new Float64Array(64);
  for (let u = 0; u < 8; u++) for (let x = 0; x < 8; x++) t[u * 8 + x] = Math.cos(((2 * x + 1) * u * Math.PI) / 16) * (u === 0 ? Math.SQRT1_2 : 1);
  return t;
})();

export interface DctHistograms {
  /** Per analysed position: counts of quantised values -MAX_BIN..MAX_BIN (index value + MAX_BIN). */
  hist: Map<number, Uint32Array>;
  /** Mean distance of recomputed coefficients from integers: large means the grid or luma is off. */
  residual: number;
  blocks: number;
}

async function lumaCrop(bytes: Uint8Array, width: number, height: number): Promise<{ y: Float64Array; w: number; h: number }> {
  const w = Math.min(CROP, Math.floor(width / 8) * 8);
  const h = Math.min(CROP, Math.floor(height / 8) * 8);
  const left = Math.floor((width - w) / 16) * 8;
  const top = Math.floor((height - h) / 16) * 8;
  const { data, info } = await sharp(bytes, { failOn: 'none' }).extract({ left, top, width: w, height: h }).raw().toBuffer({ resolveWithObject: true });
  const y = new Float64Array(w * h);
  const c = info.channels;
  for (let i = 0; i < w * h; i++) {
    y[i] = c >= 3 ? 0.299 * data[i * c] + 0.587 * data[i * c + 1] + 0.114 * data[i * c + 2] : data[i * c];
  }
  return { y, w, h };
}

/** `width`/`height` are the stored (unrotated) dimensions; `lumaZigzag` the luminance table. */
export async function dctHistograms(bytes: Uint8Array, width: number, height: number, lumaZigzag: number[]): Promise<DctHistograms | null> {
  if (width < 64 || height < 64) return null;
  const { y, w, h } = await lumaCrop(bytes, width, height);
  const hist = new Map<number, Uint32Array>(AC_POSITIONS.map((k) => [k, new Uint32Array(2 * MAX_BIN + 1)]));
  const block = new Float64Array(64);
  const rowPass = new Float64Array(64);
  let resid = 0;
  let residN = 0;
  let blocks = 0;
  for (let by = 0; by + 8 <= h; by += 8) {
    for (let bx = 0; bx + 8 <= w; bx += 8) {
      for (let yy = 0; yy < 8; yy++) for (let xx = 0; xx < 8; xx++) block[yy * 8 + xx] = y[(by + yy) * w + bx + xx] - 128;
      // Separable 2-D DCT-II: rows then columns.
      for (let yy = 0; yy < 8; yy++) {
        for (let u = 0; u < 8; u++) {
          let s = 0;
          for (let xx = 0; xx < 8; xx++) s += block[yy * 8 + xx] * COS[u * 8 + xx];
          rowPass[yy * 8 + u] = s / 2;
        }
      }
      let flat = true;
      for (const k of AC_POSITIONS) {
        const nat = ZIGZAG[k];
        const v = Math.floor(nat / 8);
        const u = nat % 8;
        let s = 0;
        for (let yy = 0; yy < 8; yy++) s += rowPass[yy * 8 + u] * COS[v * 8 + yy];
        const c = s / 2 / lumaZigzag[k];
        const q = Math.round(c);
        if (q !== 0) flat = false;
        resid += Math.abs(c - q);
        residN++;
        if (Math.abs(q) <= MAX_BIN) hist.get(k)![q + MAX_BIN]++;
      }
      if (!flat) blocks++;
    }
  }
  return { hist, residual: residN ? resid / residN : 1, blocks };
}

/**
 * Periodic-gap score: among bins with well-populated bins on both sides (within 3), the share
 * that are nearly empty. A monotone (single-compression) histogram has none. Single compression leaves ~0; coarse-then-fine double quantisation leaves many.
 */
export function gapScore(h: DctHistograms): { dips: number; eligible: number; positions: number } {
  let dips = 0;
  let eligible = 0;
  let positions = 0;
  for (const counts of h.hist.values()) {
    const folded: number[] = [];
    for (let k = 1; k <= MAX_BIN; k++) folded.push(counts[MAX_BIN + k] + counts[MAX_BIN - k]);
    let here = 0;
    for (let i = 1; i + 1 < folded.length; i++) {
      // Neighbourhood peaks up to 3 bins away: a much coarser first step empties runs of bins.
      const a = Math.max(...folded.slice(Math.max(0, i - 3), i));
      const c = Math.max(...folded.slice(i + 1, i + 4));
      if (a < 12 || c < 12) continue;
      eligible++;
      if (folded[i] < 0.2 * Math.min(a, c)) {
        dips++;
        here++;
      }
    }
    if (here > 0) positions++;
  }
  return { dips, eligible, positions };
}
