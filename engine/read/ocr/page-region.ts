/**
 * Where the sheet of paper lies in a photo of a document. A phone photo frames the page with desk
 * around it; read as a whole, the page gets only part of OCR's pixel budget and its small print
 * (decimal commas, thin digits) is lost. Finding the page lets OCR spend its resolution on it.
 *
 * Only a light sheet on a darker surround visible along all four edges of the frame counts:
 * scans and screenshots (light to the edges, or one dark banner) are read whole, as before.
 */
import type { GrayRaster } from '../image/types.js';

/** A region as fractions of the picture: x0, y0, x1, y1. */
export type Region = [number, number, number, number];

/** Sample grid: enough for a page outline, cheap on a 2-megapixel working copy. */
const GRID = 320;
/** The outer band of the frame examined for a surround, as a fraction of each side. */
const EDGE_BAND = 0.02;
/** Share of an edge band that must be darker than the page for that edge to count as surround. */
const DARK_EDGE = 0.6;
/** Grey levels between the page and its surround: a grey desk under a white sheet, not shading. */
const MIN_CONTRAST = 40;
/** The page must be a real part of the frame, and crop something worth the trouble. */
const MIN_AREA = 0.2;
const MAX_AREA = 0.9;
/** A row or column belongs to the page when this share of it is page-bright. */
const LINE_SHARE = 0.3;
/** Margin kept around the found sheet (its corners bend under perspective). */
const PAD = 0.015;

interface Grid {
  w: number;
  h: number;
  v: Uint8Array;
}

function sample(gray: GrayRaster): Grid {
  const step = Math.max(1, Math.ceil(Math.max(gray.width, gray.height) / GRID));
  const w = Math.floor(gray.width / step);
  const h = Math.floor(gray.height / step);
  const v = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * step * gray.width;
    for (let x = 0; x < w; x++) v[y * w + x] = gray.data[row + x * step];
  }
  return { w, h, v };
}

/** Otsu's threshold: the level that best splits the picture into two populations (sheet, surround). */
function otsu(v: Uint8Array): { threshold: number; dark: number; light: number } {
  const hist = new Float64Array(256);
  for (const p of v) hist[p]++;
  let total = 0;
  for (let i = 0; i < 256; i++) total += i * hist[i];
  let best = 0;
  let threshold = 128;
  let wB = 0;
  let sumB = 0;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = v.length - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const between = wB * wF * (sumB / wB - (total - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  let nD = 0;
  let sD = 0;
  let sL = 0;
  for (const p of v) {
    if (p <= threshold) {
      nD++;
      sD += p;
    } else sL += p;
  }
  return { threshold, dark: nD ? sD / nD : 0, light: nD < v.length ? sL / (v.length - nD) : 255 };
}

function darkShare(g: Grid, threshold: number, x0: number, y0: number, x1: number, y1: number): number {
  let dark = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      n++;
      if (g.v[y * g.w + x] <= threshold) dark++;
    }
  }
  return n ? dark / n : 0;
}

function lightShare(g: Grid, threshold: number, along: 'row' | 'col', i: number): number {
  const len = along === 'row' ? g.w : g.h;
  let light = 0;
  for (let k = 0; k < len; k++) if (g.v[along === 'row' ? i * g.w + k : k * g.w + i] > threshold) light++;
  return light / len;
}

function span(count: number, isPage: (i: number) => boolean): [number, number] | null {
  let a = 0;
  while (a < count && !isPage(a)) a++;
  let b = count - 1;
  while (b > a && !isPage(b)) b--;
  return b > a ? [a, b + 1] : null;
}

/**
 * The page's box in a photo of a document (fractions of the picture), or null when the picture
 * is not a sheet on a darker surround.
 */
export function photographedPage(gray: GrayRaster): Region | null {
  const g = sample(gray);
  if (g.w < 32 || g.h < 32) return null;
  const { threshold, dark, light } = otsu(g.v);
  if (light - dark < MIN_CONTRAST) return null;
  const bx = Math.max(1, Math.round(g.w * EDGE_BAND));
  const by = Math.max(1, Math.round(g.h * EDGE_BAND));
  const edges = [
    darkShare(g, threshold, 0, 0, g.w, by),
    darkShare(g, threshold, 0, g.h - by, g.w, g.h),
    darkShare(g, threshold, 0, 0, bx, g.h),
    darkShare(g, threshold, g.w - bx, 0, g.w, g.h),
  ];
  if (edges.some((s) => s < DARK_EDGE)) return null;
  const rows = span(g.h, (y) => lightShare(g, threshold, 'row', y) >= LINE_SHARE);
  const cols = span(g.w, (x) => lightShare(g, threshold, 'col', x) >= LINE_SHARE);
  if (!rows || !cols) return null;
  const region: Region = [
    Math.max(0, cols[0] / g.w - PAD),
    Math.max(0, rows[0] / g.h - PAD),
    Math.min(1, cols[1] / g.w + PAD),
    Math.min(1, rows[1] / g.h + PAD),
  ];
  const area = (region[2] - region[0]) * (region[3] - region[1]);
  return area >= MIN_AREA && area <= MAX_AREA ? region : null;
}
