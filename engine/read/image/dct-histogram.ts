/**
 * Histograms of quantised DCT coefficients recomputed from decoded luma. A JPEG compressed once
 * has smooth, Laplacian-like coefficient histograms; one quantised first with a coarser step
 * and then re-quantised with a finer one leaves periodic empty bins (double quantisation).
 */
import { ZIGZAG } from './quant-tables.js';
import { DCT8_COS as COS } from './dct8.js';

export const MAX_BIN = 24;
/** Zig-zag positions analysed: the low AC frequencies, which carry most non-zero values. */
export const AC_POSITIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export interface DctHistograms {
  /** Per analysed position: counts of quantised values -MAX_BIN..MAX_BIN (index value + MAX_BIN). */
  hist: Map<number, Uint32Array>;
  /** Mean distance of recomputed coefficients from integers: large means the grid or luma is off. */
  residual: number;
  blocks: number;
}

/** A centred luma crop on the 8x8 grid, in stored (unrotated) orientation; decoded by engine/facts. */
export interface LumaCrop {
  y: Float64Array;
  w: number;
  h: number;
}

/** Largest centred crop analysed: enough blocks for stable histograms, bounded CPU. */
export const DCT_CROP = 1024;

/** `lumaZigzag` is the luminance quantisation table in zig-zag order. */
export function dctHistograms({ y, w, h }: LumaCrop, lumaZigzag: number[]): DctHistograms {
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

/** Bins examined: double quantisation shows in the well-populated body of the histogram. */
const BODY_BINS = 8;
/** Share of the non-zero coefficients a frequency's body must hold to be read at all. */
const MIN_BODY_SHARE = 0.5;
/** A later bin must hold at least this many coefficients, and this share of the position's mass. */
const MIN_LATER = 40;
const MIN_LATER_SHARE = 0.03;
/** A dip holds less than this share of the tallest of the next three bins... */
const DIP_SHARE = 0.8;
/** ...and falls short of it by more than this many standard deviations (Poisson counting noise). */
const DIP_SIGMAS = 4;
/** Dips in bins 1-2 are the lattice's first gap; later bumps can come from strong, repeated edges. */
const FIRST_GAP_BINS = 2;

export interface GapScore {
  /** Significant monotonicity violations over all analysed positions. */
  dips: number;
  /** Bins that could have shown one. */
  eligible: number;
  /** Positions whose first bins (1-2) are depleted below a later bin: the lattice's first gap. */
  positions: number;
}

/**
 * Monotonicity violations of the folded histograms |q| = 0, 1, 2, ... A JPEG compressed once
 * has Laplacian-like, non-increasing coefficient histograms. Re-quantising with a finer step
 * makes some bins unreachable or starved: with a step ratio of 2 every other bin empties, with
 * 3:2 bin 1 holds less than bin 2. A dip counts only when the shortfall is far beyond counting
 * noise and the taller bin holds a real share of the coefficients, so sparse tails stay quiet.
 * Content can bump the tail (a table rule's edge has one contrast everywhere), never bin 1 or 2
 * of many frequencies at once: `positions` counts those first-gap frequencies.
 */
export function gapScore(h: DctHistograms): GapScore {
  let dips = 0;
  let eligible = 0;
  let positions = 0;
  for (const counts of h.hist.values()) {
    const folded: number[] = [counts[MAX_BIN]];
    for (let k = 1; k <= MAX_BIN; k++) folded.push(counts[MAX_BIN + k] + counts[MAX_BIN - k]);
    const mass = folded.slice(1).reduce((a, b) => a + b, 0);
    // Clean renders (no paper grain) have flat, edge-made histograms with no Laplacian body:
    // their bumps say nothing about quantisation, so such frequencies are skipped.
    const body = folded.slice(1, BODY_BINS + 1).reduce((a, b) => a + b, 0);
    if (body < MIN_BODY_SHARE * mass) continue;
    let firstGap = false;
    for (let i = 1; i < BODY_BINS; i++) {
      // The first gap may span many bins (a step ratio of 7 starves bins 1-6): look to the body's end.
      const reach = i <= FIRST_GAP_BINS ? BODY_BINS + 1 : i + 4;
      const later = Math.max(...folded.slice(i + 1, Math.min(BODY_BINS + 1, reach)));
      if (later < MIN_LATER || later < MIN_LATER_SHARE * mass) continue;
      eligible++;
      if (folded[i] < DIP_SHARE * later && later - folded[i] > DIP_SIGMAS * Math.sqrt(later)) {
        dips++;
        if (i <= FIRST_GAP_BINS) firstGap = true;
      }
    }
    if (firstGap) positions++;
  }
  return { dips, eligible, positions };
}
