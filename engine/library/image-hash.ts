/**
 * Perceptual hash of a page picture: a block-mean hash (each cell of an 8 x 8 grid darker or
 * lighter than the median cell) over the picture with a small margin trimmed, so that
 * re-compression, rescaling and a crop of a few percent keep most bits. The median threshold
 * (rather than neighbouring cells, as dHash compares) keeps a mostly white page from deciding
 * its bits by noise between two white cells.
 * Reads the grey raster the fact store already decoded; never decodes pixels itself.
 */
import type { GrayRaster } from '../read/image/types.js';
import { median } from '../kit/stats.js';

/** Fraction trimmed from each side before hashing: small crops then move the grid only a little. */
const MARGIN = 0.05;
const COLS = 8;
const ROWS = 8;

/** Mean grey of each cell of a COLS x ROWS grid over the trimmed raster (box averaging). */
function cellMeans(g: GrayRaster): Float64Array {
  const x0 = Math.floor(g.width * MARGIN);
  const y0 = Math.floor(g.height * MARGIN);
  const w = Math.max(1, g.width - 2 * x0);
  const h = Math.max(1, g.height - 2 * y0);
  const sums = new Float64Array(COLS * ROWS);
  const counts = new Float64Array(COLS * ROWS);
  // Sampling every few pixels keeps this well under a millisecond on a 2 MP raster.
  const step = Math.max(1, Math.floor(Math.min(w, h) / 256));
  for (let y = 0; y < h; y += step) {
    const cy = Math.min(ROWS - 1, Math.floor((y * ROWS) / h));
    const row = (y0 + y) * g.width + x0;
    for (let x = 0; x < w; x += step) {
      const c = cy * COLS + Math.min(COLS - 1, Math.floor((x * COLS) / w));
      sums[c] += g.data[row + x];
      counts[c]++;
    }
  }
  for (let i = 0; i < sums.length; i++) sums[i] = counts[i] ? sums[i] / counts[i] : 0;
  return sums;
}

/** 64-bit block-mean hash as 16 hex digits; null for a raster too small to say anything. */
export function blockMeanHash(g: GrayRaster): string | null {
  if (g.width < 32 || g.height < 32 || g.data.length < g.width * g.height) return null;
  const m = cellMeans(g);
  const middle = median(m);
  let hex = '';
  for (let nib = 0; nib < 16; nib++) {
    let v = 0;
    // A bit is set where the cell is darker (more ink) than the median cell.
    for (let b = 0; b < 4; b++) v = (v << 1) | (m[nib * 4 + b] < middle ? 1 : 0);
    hex += v.toString(16);
  }
  return hex;
}

/** A flat picture (a blank page) has a hash of one repeated bit: it matches every other blank page. */
export function isInformativeHash(hex: string): boolean {
  const ones = [...hex].reduce((n, c) => n + popcount4(parseInt(c, 16)), 0);
  return ones >= 8 && ones <= 56;
}

function popcount4(v: number): number {
  return (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 3) & 1);
}

export function hammingHex(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) d += popcount4(parseInt(a[i], 16) ^ parseInt(b[i], 16));
  return d + 4 * Math.abs(a.length - b.length);
}
