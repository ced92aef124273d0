/**
 * Aligned double-quantisation map (in the spirit of Lin et al. 2009, "Fast, automatic and
 * fine-grained tampered JPEG image detection via DCT coefficient analysis"). A JPEG saved twice
 * on the same 8x8 grid keeps the first quantiser's lattice in its coefficients: when the first
 * step s1 was coarser than the file's step s2, a value sits within s2/2 of a multiple of s1,
 * while a single compression puts it there only by chance. A region pasted in between the two
 * saves (a clean render, a patch cut on another grid, resampled pixels) was quantised once and
 * misses the lattice. The first table is searched among IJG qualities (one parameter for all
 * frequencies: the comb of one frequency alone is easily imitated by the repeated glyphs of a
 * document); per block, the log-likelihood ratio "double vs single" of its coefficients.
 */
import { ZIGZAG } from './quant-tables.js';
import type { GrayRaster } from './types.js';
import { DCT8_COS as COS } from './dct8.js';

/** Zig-zag positions read: low and middle AC frequencies, where ink blocks have non-zero values. */
export const DQ_POSITIONS = Array.from({ length: 20 }, (_, i) => i + 1);

/** Blocks whose pixels span fewer levels hold no ink edge and are skipped (most of a page). */
const MIN_RANGE = 24;
/** Pixel levels counted as clipped (the second compression's ringing spreads a clipped 0 or 255 by a few levels). */
const CLIP_LOW = 3;
const CLIP_HIGH = 252;

export interface BlockCoefficients {
  cols: number;
  rows: number;
  /** Per block and position (block * P + p), the coefficient re-quantised with the file's table. */
  k: Int16Array;
  /** Blocks without an ink edge (range below MIN_RANGE levels), not read. */
  blank: Uint8Array;
  /** Blocks holding pixels at the ends of the range: the first decode clipped them, which moves values off the lattice. */
  clipped: Uint8Array;
}

/** Re-quantised DCT coefficients of every 8x8 block on the grid starting at (0, 0). */
export function blockCoefficients(g: GrayRaster, lumaZigzag: readonly number[]): BlockCoefficients {
  const cols = Math.floor(g.width / 8);
  const rows = Math.floor(g.height / 8);
  const P = DQ_POSITIONS.length;
  const k = new Int16Array(cols * rows * P);
  const blank = new Uint8Array(cols * rows);
  const clipped = new Uint8Array(cols * rows);
  const block = new Float64Array(64);
  const rowPass = new Float64Array(64);
  const nat = DQ_POSITIONS.map((z) => ZIGZAG[z]);
  const step = DQ_POSITIONS.map((z) => lumaZigzag[z]);
  const { data: d, width: w } = g;
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < cols; bx++) {
      let mn = 255;
      let mx = 0;
      for (let y = 0; y < 8; y++) {
        const row = (by * 8 + y) * w + bx * 8;
        for (let x = 0; x < 8; x++) {
          const v = d[row + x];
          block[y * 8 + x] = v - 128;
          if (v < mn) mn = v;
          if (v > mx) mx = v;
        }
      }
      const b = by * cols + bx;
      if (mn <= CLIP_LOW || mx >= CLIP_HIGH) clipped[b] = 1;
      // Paper without an ink edge: its few non-zero values are grain, not a lattice worth reading.
      if (mx - mn < MIN_RANGE) {
        blank[b] = 1;
        continue;
      }
      for (let y = 0; y < 8; y++) {
        for (let u = 0; u < 8; u++) {
          let s = 0;
          for (let x = 0; x < 8; x++) s += block[y * 8 + x] * COS[u * 8 + x];
          rowPass[y * 8 + u] = s / 2;
        }
      }
      for (let p = 0; p < P; p++) {
        const v = Math.floor(nat[p] / 8);
        const u = nat[p] % 8;
        let s = 0;
        for (let y = 0; y < 8; y++) s += rowPass[y * 8 + u] * COS[v * 8 + y];
        k[b * P + p] = Math.round(s / 2 / step[p]);
      }
    }
  }
  return { cols, rows, k, blank, clipped };
}

/** The first compression found: an IJG quality whose lattice most blocks' coefficients sit on. */
export interface LatticeModel {
  /** IJG quality of the first compression. */
  quality: number;
  /** Per position (index into DQ_POSITIONS): the first step, 0 when that position says nothing. */
  step: number[];
  /** Per position: distance from the first lattice still counted as on it. */
  tolerance: number[];
  /** Per position: share of values a single compression puts on the lattice by chance. */
  chance: number[];
  /** Share of read coefficients on the lattice, over all blocks. */
  onShare: number;
  /** The same expected by chance (no first compression on this grid). */
  chanceShare: number;
  /** (onShare - chanceShare) / (1 - chanceShare): 0 for a single compression, near 1 for a clean double one. */
  excess: number;
  /** Median excess over all candidate qualities: what lattices that are not there score on this image. */
  typicalExcess: number;
  coefficients: Coefficients;
}

/**
 * Beyond half the second step, how far decoding may move a value and still count it on the
 * lattice: tried both tight (first steps only ~1.6x the second leave a sharp lattice) and loose
 * (pixel rounding and clipping blur a lattice of widely spaced steps).
 */
const TOLERANCE_SLACKS = [0.05, 0.5];

/** Frequencies a candidate lattice must say something about. */
const MIN_POSITIONS = 3;

/** Coefficients sampled to find the first lattice. */
const FIT_SAMPLE = 40_000;

/** Positions whose chance of landing on the lattice is above this say nothing (steps too alike). */
const MAX_CHANCE = 0.7;

/** Distance of a coefficient value from the nearest multiple of `step`. */
function offLattice(value: number, step: number): number {
  return Math.abs(value - step * Math.round(value / step));
}

/** First steps, tolerances and chance levels of one candidate first table. */
function latticeFor(first: readonly number[], lumaZigzag: readonly number[], slack: number): Pick<LatticeModel, 'step' | 'tolerance' | 'chance'> {
  const step: number[] = [];
  const tolerance: number[] = [];
  const chance: number[] = [];
  for (const z of DQ_POSITIONS) {
    const s1 = first[z];
    const s2 = lumaZigzag[z];
    // Re-quantisation moves a value by up to half the second step; decoding rounds and clips.
    const tol = s2 / 2 + slack;
    let on = 0;
    for (let k = 1; k <= s1; k++) if (offLattice(k * s2, s1) <= tol) on++;
    const c = on / s1;
    const useful = s1 > s2 && c <= MAX_CHANCE;
    step.push(useful ? s1 : 0);
    tolerance.push(tol);
    chance.push(c);
  }
  return { step, tolerance, chance };
}

/** The non-zero coefficients of the blocks read, as parallel arrays (block, position, value). */
interface Coefficients {
  block: Int32Array;
  position: Uint8Array;
  value: Float32Array;
}

function nonZero(c: BlockCoefficients, lumaZigzag: readonly number[]): Coefficients {
  const P = DQ_POSITIONS.length;
  const s2 = DQ_POSITIONS.map((z) => lumaZigzag[z]);
  let n = 0;
  for (let i = 0; i < c.k.length; i++) if (c.k[i] !== 0) n++;
  const out = { block: new Int32Array(n), position: new Uint8Array(n), value: new Float32Array(n) };
  let j = 0;
  for (let i = 0; i < c.k.length; i++) {
    if (c.k[i] === 0) continue;
    const p = i % P;
    out.block[j] = (i - p) / P;
    out.position[j] = p;
    out.value[j] = c.k[i] * s2[p];
    j++;
  }
  return out;
}

/** Calls `visit(block, position, onLattice)` for every coefficient a lattice can judge. */
function eachJudged(v: Coefficients, lat: Pick<LatticeModel, 'step' | 'tolerance'>, visit: (b: number, p: number, on: boolean) => void): void {
  for (let i = 0; i < v.value.length; i++) {
    const p = v.position[i];
    const s1 = lat.step[p];
    if (!s1) continue;
    const value = v.value[i];
    // Values a first compression would have sent to zero sit near zero either way.
    if (Math.abs(value) < s1 - lat.tolerance[p]) continue;
    visit(v.block[i], p, offLattice(value, s1) <= lat.tolerance[p]);
  }
}

/**
 * Tries every IJG quality as the first compression (tables of `tableFor(q)`, natural order
 * by zig-zag index like the file's) and keeps the one whose lattice the coefficients sit on most
 * beyond chance. A single compression scores near zero for every candidate.
 */
export function fitLattice(c: BlockCoefficients, lumaZigzag: readonly number[], tableFor: (quality: number) => number[], minJudged = 500): LatticeModel | null {
  const v = nonZero(c, lumaZigzag);
  let best: LatticeModel | null = null;
  const curve: number[] = [];
  // An evenly spaced sample is enough to find the lattice (a page has up to ~10^6 values).
  const stride = Math.max(1, Math.floor(v.value.length / FIT_SAMPLE));
  // The sample as a histogram per position: a value is a multiple of the file's step, so a few
  // hundred distinct values stand for ~40,000 samples, and each of the ~120 candidate lattices
  // judges every distinct value once instead of every sample (same counts, ~50x less work).
  const histogram = sampleHistogram(v, stride);
  for (let q = 40; q <= 98; q++) {
    const first = tableFor(q);
    for (const slack of TOLERANCE_SLACKS) {
      const lat = latticeFor(first, lumaZigzag, slack);
      // One or two frequencies make a comb any text can imitate.
      if (lat.step.filter((st) => st > 0).length < MIN_POSITIONS) continue;
      let on = 0;
      let n = 0;
      let expected = 0;
      for (let p = 0; p < histogram.length; p++) {
        const s1 = lat.step[p];
        if (!s1) continue;
        const tol = lat.tolerance[p];
        const { values, counts } = histogram[p];
        let judged = 0;
        for (let j = 0; j < values.length; j++) {
          const value = values[j];
          if (Math.abs(value) < s1 - tol) continue;
          judged += counts[j];
          if (Math.abs(value - s1 * Math.round(value / s1)) <= tol) on += counts[j];
        }
        n += judged;
        expected += judged * lat.chance[p];
      }
      if (n < minJudged / stride) continue;
      const onShare = on / n;
      const chanceShare = expected / n;
      const excess = (onShare - chanceShare) / (1 - chanceShare);
      curve.push(excess);
      if (!best || excess > best.excess) best = { quality: q, ...lat, onShare, chanceShare, excess, typicalExcess: 0, coefficients: v };
    }
  }
  if (!best) return null;
  curve.sort((a, b) => a - b);
  best.typicalExcess = curve[curve.length >> 1];
  return best;
}

/** Distinct values and their counts per position, over every `stride`-th coefficient. */
function sampleHistogram(v: Coefficients, stride: number): Array<{ values: Float64Array; counts: Float64Array }> {
  const maps = DQ_POSITIONS.map(() => new Map<number, number>());
  for (let i = 0; i < v.value.length; i += stride) {
    const m = maps[v.position[i]];
    const value = v.value[i];
    m.set(value, (m.get(value) ?? 0) + 1);
  }
  return maps.map((m) => ({ values: Float64Array.from(m.keys()), counts: Float64Array.from(m.values()) }));
}

export interface BlockScores {
  /** Summed log-likelihood ratio per block (positive: sits on the first lattice). */
  score: Float32Array;
  /** Coefficients judged per block. */
  count: Uint8Array;
}

/**
 * Per block, log-likelihood ratio "double vs single compression" of its judged coefficients:
 * a double-compressed block puts a value on the lattice with probability 1 - leak (+ chance),
 * a single one with the chance level; the leak is what the page's blocks of the same kind
 * (clipped or not) leave off the lattice.
 */
export function scoreBlocks(c: BlockCoefficients, model: LatticeModel): BlockScores {
  const blocks = c.cols * c.rows;
  const score = new Float32Array(blocks);
  const count = new Uint8Array(blocks);
  // Clipped and unclipped blocks leak at different rates: measure each class on the page.
  const on = [0, 0];
  const n = [0, 0];
  eachJudged(model.coefficients, model, (b, _p, hit) => {
    n[c.clipped[b]]++;
    if (hit) on[c.clipped[b]]++;
  });
  const leak = [0, 1].map((k) => Math.min(0.9, Math.max(0.05, n[k] ? 1 - on[k] / n[k] : 1 - model.onShare)));
  eachJudged(model.coefficients, model, (b, p, hit) => {
    const ch = model.chance[p];
    const l = leak[c.clipped[b]];
    const double = hit ? 1 - l + l * ch : l * (1 - ch);
    score[b] += Math.log(double / (hit ? ch : 1 - ch));
    if (count[b] < 255) count[b]++;
  });
  return { score, count };
}
