/**
 * Clip-aware first-lattice test for pages a scanner levelled to pure white and black. When such a
 * page was saved as JPEG, the decoder's ringing pushed paper above 255 and ink below 0, and the
 * clipping moved nearly every ink block's coefficients off the first quantiser's lattice, so the
 * coefficient-domain map (dq-map.ts) sees no lattice. Here the lattice is tested in the pixel
 * domain instead, treating a clipped pixel as a bound ("at least 255", "at most 0") rather than a
 * value: per block, alternate projections between the first lattice (round the DCT to multiples
 * of the first table) and the pixels (unclipped ones as read, clipped ones free beyond their bound),
 * then measure how far the lattice reconstruction stays from the unclipped pixels. A block saved
 * twice on this grid lands close (the second save's error only); a block quantised once (a region
 * pasted in between the saves) stays as far as a block on a grid shifted by (4, 4), which no
 * lattice explains. The first table is the IJG quality whose lattice fits the page's blocks best
 * relative to that shifted grid; only tables coarser than the file's are tried (a finer lattice
 * fits anything).
 */
import { DCT8_COS } from './dct8.js';
import type { GrayRaster } from './types.js';
import { median } from '../../kit/stats.js';

/** Pixel levels read as clipped (the second save's ringing spreads a clipped 0 or 255 by a few levels). */
const CLIP_LOW = 3;
const CLIP_HIGH = 252;
/** A judged block has an ink edge and enough unclipped pixels to compare with. */
const MIN_RANGE = 24;
const MIN_UNCLIPPED = 6;
/** Alternate projections: a few rounds settle the clipped pixels (more change little). */
const FIT_ROUNDS = 2;
const MAP_ROUNDS = 4;
/** Blocks sampled per grid and candidate quality to find the first table. */
const FIT_SAMPLE = 200;
/** A candidate table must be coarser than the file's at this many of the 20 lowest AC positions. */
const MIN_COARSER = 10;
const COARSER = 1.5;

/** The basis with each pass's 1/2 folded in: an orthonormal 8x8 DCT, so the inverse is the transpose. */
const COS = DCT8_COS.map((c) => c / 2);

/** Scratch buffers of one projection (module-level: the engine is single-threaded per analysis). */
const X = new Float64Array(64);
const Z = new Float64Array(64);
const D = new Float64Array(64);
const R = new Float64Array(64);
const T = new Float64Array(64);

function dct(src: Float64Array, dst: Float64Array): void {
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < 8; x++) s += src[y * 8 + x] * COS[u * 8 + x];
      T[y * 8 + u] = s;
    }
  }
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let y = 0; y < 8; y++) s += T[y * 8 + u] * COS[v * 8 + y];
      dst[v * 8 + u] = s;
    }
  }
}

function idct(src: Float64Array, dst: Float64Array): void {
  for (let v = 0; v < 8; v++) {
    for (let x = 0; x < 8; x++) {
      let s = 0;
      for (let u = 0; u < 8; u++) s += src[v * 8 + u] * COS[u * 8 + x];
      T[v * 8 + x] = s;
    }
  }
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      let s = 0;
      for (let v = 0; v < 8; v++) s += T[v * 8 + x] * COS[v * 8 + y];
      dst[y * 8 + x] = s;
    }
  }
}

/** Reads the block at (ox, oy) into X (centred levels); false when it is not judged (no ink edge, too few unclipped pixels). */
function loadBlock(g: GrayRaster, ox: number, oy: number): boolean {
  const { data: d, width: w } = g;
  let mn = 255;
  let mx = 0;
  let unclipped = 0;
  for (let y = 0; y < 8; y++) {
    const row = (oy + y) * w + ox;
    for (let x = 0; x < 8; x++) {
      const v = d[row + x];
      X[y * 8 + x] = v - 128;
      if (v < mn) mn = v;
      if (v > mx) mx = v;
      if (v > CLIP_LOW && v < CLIP_HIGH) unclipped++;
    }
  }
  return mx - mn >= MIN_RANGE && unclipped >= MIN_UNCLIPPED;
}

/**
 * RMS distance (grey levels) between the unclipped pixels of the block at (ox, oy) and their
 * nearest reconstruction from the lattice of `table` (natural order), or -1 when the block is not
 * judged.
 */
export function blockDeviation(g: GrayRaster, ox: number, oy: number, table: ArrayLike<number>, rounds = MAP_ROUNDS): number {
  if (!loadBlock(g, ox, oy)) return -1;
  Z.set(X);
  let dev = 0;
  let unclipped = 0;
  for (let r = 0; r < rounds; r++) {
    dct(Z, D);
    for (let i = 0; i < 64; i++) D[i] = Math.round(D[i] / table[i]) * table[i];
    idct(D, R);
    dev = 0;
    unclipped = 0;
    for (let i = 0; i < 64; i++) {
      const v = X[i] + 128;
      // A clipped pixel only says the first decode reached the end of the range there.
      if (v >= CLIP_HIGH) Z[i] = Math.max(R[i], X[i]);
      else if (v <= CLIP_LOW) Z[i] = Math.min(R[i], X[i]);
      else {
        Z[i] = X[i];
        dev += (R[i] - X[i]) ** 2;
        unclipped++;
      }
    }
  }
  return Math.sqrt(dev / unclipped);
}

/** Origins of up to FIT_SAMPLE judged blocks of the grid starting at (off, off), scattered over the page. */
function sampleBlocks(g: GrayRaster, off: number): number[] {
  const cols = Math.floor((g.width - off) / 8);
  const rows = Math.floor((g.height - off) / 8);
  const blocks = cols * rows;
  // A fixed scattered order (prime stride) until enough are judged: ink is sparse on a page.
  const stride = 7919;
  const out: number[] = [];
  for (let k = 0; k < blocks && out.length < 2 * FIT_SAMPLE; k++) {
    const b = (k * stride) % blocks;
    const bx = b % cols;
    const x = bx * 8 + off;
    const y = ((b - bx) / cols) * 8 + off;
    if (loadBlock(g, x, y)) out.push(x, y);
  }
  return out;
}

function gridMedian(g: GrayRaster, origins: readonly number[], table: ArrayLike<number>): number {
  const dev: number[] = [];
  for (let i = 0; i < origins.length; i += 2) dev.push(blockDeviation(g, origins[i], origins[i + 1], table, FIT_ROUNDS));
  return dev.length ? median(dev) : 0;
}

export interface ClipLatticeModel {
  /** IJG quality of the first compression. */
  quality: number;
  /** Its table, natural order. */
  table: number[];
  /** Median block deviation on the stored grid (saved twice: the second save's error). */
  aligned: number;
  /** The same on the grid shifted by (4, 4), where no lattice holds. */
  shifted: number;
  /**
   * Median aligned / shifted ratio over the qualities tried: what lattices that are not there
   * score (below 1 even for a single save: the file's own quantiser zeroed the aligned blocks'
   * high frequencies, which any coarser lattice keeps at zero).
   */
  typicalRatio: number;
  /** The finest quality coarse enough to be tried (the file's own lattice lies just beyond it). */
  finestCandidate: number;
}

function coarseEnough(table: readonly number[], fileNatural: readonly number[], zigzag: readonly number[]): boolean {
  let coarser = 0;
  for (let k = 1; k <= 20; k++) if (table[zigzag[k]] >= COARSER * fileNatural[zigzag[k]]) coarser++;
  return coarser >= MIN_COARSER;
}

/**
 * The first table: among IJG qualities coarser than the file's table (`fileNatural`, natural
 * order), the one with the lowest aligned / shifted deviation ratio (every other quality first,
 * then its neighbours). Null when too few blocks are judged.
 */
export function fitClippedLattice(
  g: GrayRaster,
  fileNatural: readonly number[],
  tableFor: (quality: number) => number[],
  zigzag: readonly number[],
): ClipLatticeModel | null {
  const aligned = sampleBlocks(g, 0);
  const shifted = sampleBlocks(g, 4);
  if (aligned.length < FIT_SAMPLE || shifted.length < FIT_SAMPLE) return null;
  const ratios = new Map<number, ClipLatticeModel>();
  const tryQuality = (q: number): void => {
    if (q < 40 || q > 98 || ratios.has(q)) return;
    const table = tableFor(q);
    if (!coarseEnough(table, fileNatural, zigzag)) return;
    const a = gridMedian(g, aligned, table);
    const s = gridMedian(g, shifted, table);
    if (s > 0) ratios.set(q, { quality: q, table, aligned: a, shifted: s, typicalRatio: 0, finestCandidate: 0 });
  };
  let finestCandidate = 0;
  for (let q = 40; q <= 98; q++) if (coarseEnough(tableFor(q), fileNatural, zigzag)) finestCandidate = q;
  for (let q = 40; q <= 98; q += 3) tryQuality(q);
  const ratio = (m: ClipLatticeModel) => m.aligned / m.shifted;
  const pick = () => [...ratios.values()].reduce<ClipLatticeModel | null>((b, m) => (!b || ratio(m) < ratio(b) ? m : b), null);
  const coarse = pick();
  if (!coarse) return null;
  for (const d of [-2, -1, 1, 2]) tryQuality(coarse.quality + d);
  const best = pick()!;
  const all = [...ratios.values()].map(ratio).sort((a, b) => a - b);
  return { ...best, typicalRatio: all[all.length >> 1], finestCandidate };
}

/** Per block of the stored grid, its deviation from the model's lattice (-1: not judged). */
export function clippedLatticeMap(g: GrayRaster, model: ClipLatticeModel): { cols: number; rows: number; dev: Float32Array } {
  const cols = Math.floor(g.width / 8);
  const rows = Math.floor(g.height / 8);
  const dev = new Float32Array(cols * rows);
  for (let by = 0; by < rows; by++) for (let bx = 0; bx < cols; bx++) dev[by * cols + bx] = blockDeviation(g, bx * 8, by * 8, model.table);
  return { cols, rows, dev };
}
