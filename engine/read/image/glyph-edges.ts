/**
 * The edge profile of every word of a captured page (scan, photo). A scanner's optics (or a
 * camera's lens and demosaicing) soften every ink edge of the page alike, so the width of the
 * grey transition between paper and ink is one property of the capture, whatever the font, size
 * or weight. Measured per word as the pixels between ink and paper (15-85 % of the page's
 * contrast) per pixel of ink outline: about the edge width in pixels, independent of how much
 * ink the word holds. Digits pasted from a clean render keep the one-pixel anti-aliased edge of
 * a rasteriser, also when the page itself is crisp and its paper grain-free (where neither the
 * grain nor the per-block steepness checks have anything to compare).
 */
import type { GrayRaster } from './types.js';

/** Text lighter than this share of the contrast is grey print, whose edges are not comparable. */
const CORE_MAX = 0.3;
/** Transition band: levels strictly between these shares of the contrast above the ink. */
const BAND_LOW = 0.15;
const BAND_HIGH = 0.85;
/** Glyphs of words join across gaps under this share of the taller height (as in ./screenshot/words). */
const GAP = 0.4;
/** Words measured: at least this tall, this many ink pixels and two glyphs (a lone "1" or "l" has almost no outline across). */
const MIN_HEIGHT = 7;
const MIN_INK = 60;
const MIN_GLYPHS = 2;
/** Components larger than this are rules, boxes, logos or photos, not glyphs. */
const MAX_GLYPH = 120;
/** A page whose text is this fragmented is noise, not print: stop counting. */
const MAX_GLYPHS = 60_000;

export interface WordEdge {
  /** Pixel box [x0, y0, x1, y1). */
  box: [number, number, number, number];
  /** Transition pixels per outline pixel (about the edge width in pixels). */
  width: number;
  glyphs: number;
}

export interface PageEdges {
  paper: number;
  ink: number;
  words: WordEdge[];
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  n: number;
  glyphs: number;
}

/** Paper = the most common bright level; ink = the 10th percentile of the dark pixels. */
function levels(d: Uint8Array): { paper: number; ink: number } | null {
  const hist = new Float64Array(256);
  for (let i = 0; i < d.length; i++) hist[d[i]]++;
  let paper = 128;
  for (let v = 128; v < 256; v++) if (hist[v] > hist[paper]) paper = v;
  let dark = 0;
  for (let v = 0; v < 128; v++) dark += hist[v];
  if (dark < 1000) return null;
  let acc = 0;
  for (let v = 0; v < 128; v++) {
    acc += hist[v];
    if (acc >= 0.1 * dark) return { paper, ink: v };
  }
  return null;
}

/** 8-connected ink components as boxes (pixel lists are not kept: only the extent is needed). */
function glyphBoxes(mask: Uint8Array, w: number, h: number): Box[] | null {
  const seen = new Uint8Array(w * h);
  const out: Box[] = [];
  const stack: number[] = [];
  const around = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1];
  for (let i = 0; i < w * h; i++) {
    if (!mask[i] || seen[i]) continue;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    let n = 0;
    seen[i] = 1;
    stack.push(i);
    while (stack.length) {
      const p = stack.pop()!;
      n++;
      const y = (p / w) | 0;
      const x = p - y * w;
      if (x < x0) x0 = x;
      if (y < y0) y0 = y;
      if (x > x1) x1 = x;
      if (y > y1) y1 = y;
      if (x > 0 && y > 0 && x < w - 1 && y < h - 1) {
        // Inside the raster: the eight neighbours need no bounds check.
        for (let k = 0; k < 8; k++) {
          const q = p + around[k];
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
        continue;
      }
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const q = ny * w + nx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    const gh = y1 - y0 + 1;
    const gw = x1 - x0 + 1;
    if (gh >= 3 && gh <= MAX_GLYPH && gw <= MAX_GLYPH) {
      out.push({ x0, y0, x1: x1 + 1, y1: y1 + 1, n, glyphs: 1 });
      if (out.length > MAX_GLYPHS) return null;
    }
  }
  return out;
}

/** Glyphs on one line joined into words, left to right; only words ending within reach stay open. */
function joinWords(glyphs: Box[]): Box[] {
  const order = [...glyphs].sort((a, b) => a.x0 - b.x0);
  const done: Box[] = [];
  let open: Box[] = [];
  for (const g of order) {
    const gh = g.y1 - g.y0;
    if (open.length > 64) {
      done.push(...open.filter((o) => o.x1 < g.x0 - MAX_GLYPH));
      open = open.filter((o) => o.x1 >= g.x0 - MAX_GLYPH);
    }
    const host = open.find((o) => {
      const oh = o.y1 - o.y0;
      const overlap = Math.min(o.y1, g.y1) - Math.max(o.y0, g.y0);
      return overlap >= 0.5 * Math.min(oh, gh) && g.x0 - o.x1 <= GAP * Math.max(oh, gh) && g.x0 >= o.x1 - 2;
    });
    if (host) {
      host.x1 = Math.max(host.x1, g.x1);
      host.y0 = Math.min(host.y0, g.y0);
      host.y1 = Math.max(host.y1, g.y1);
      host.n += g.n;
      host.glyphs++;
    } else open.push({ ...g });
  }
  return [...done, ...open];
}

/** Edge widths of the page's full-contrast words; null when the page has no clear ink and paper. */
export function wordEdges(g: GrayRaster): PageEdges | null {
  const { data: d, width: w, height: h } = g;
  const lv = levels(d);
  if (!lv) return null;
  const { paper, ink } = lv;
  const contrast = paper - ink;
  if (contrast < 100) return null;
  const mid = ink + contrast / 2;
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < d.length; i++) if (d[i] < mid) mask[i] = 1;
  const glyphs = glyphBoxes(mask, w, h);
  if (!glyphs) return null;
  const lo = ink + BAND_LOW * contrast;
  const hi = ink + BAND_HIGH * contrast;
  const coreMax = ink + CORE_MAX * contrast;
  const words: WordEdge[] = [];
  for (const wd of joinWords(glyphs)) {
    if (wd.y1 - wd.y0 < MIN_HEIGHT || wd.n < MIN_INK || wd.glyphs < MIN_GLYPHS) continue;
    const x0 = Math.max(0, wd.x0 - 2);
    const x1 = Math.min(w, wd.x1 + 2);
    const y0 = Math.max(0, wd.y0 - 2);
    const y1 = Math.min(h, wd.y1 + 2);
    let band = 0;
    let outline = 0;
    let inkPx = 0;
    let core = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * w + x;
        const v = d[i];
        if (v > lo && v < hi) band++;
        if (!mask[i]) continue;
        inkPx++;
        if (v <= coreMax) core++;
        if (x + 1 < w && !mask[i + 1]) outline++;
        if (x > 0 && !mask[i - 1]) outline++;
        if (y + 1 < h && !mask[i + w]) outline++;
        if (y > 0 && !mask[i - w]) outline++;
      }
    }
    // Grey print (a quarter of its ink not reaching full strength) blurs into the band by itself.
    if (!outline || core < 0.25 * inkPx) continue;
    words.push({ box: [wd.x0, wd.y0, wd.x1, wd.y1], width: band / outline, glyphs: wd.glyphs });
  }
  return { paper, ink, words };
}
