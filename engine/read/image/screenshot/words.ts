/**
 * The words of a lossless digital render (screen capture, exported page) with the rasteriser
 * traits of their glyphs. A screenshot's text is drawn by one rasteriser with one anti-aliasing
 * profile: every edge pixel of a glyph is a blend of the text colour and the background, and the
 * share of blended pixels, the darkest level reached and the shape of the blend are the same for
 * all text of one style. A value retyped by an image editor is drawn by another rasteriser.
 *
 * Background is what lies in long flat runs along rows (one exact level): page, panels, stripes
 * and horizontal rules. Everything else is ink or its anti-aliasing halo; ink joined along a
 * line (gaps below a third of the line height) makes a word.
 */
import type { GrayRaster } from '../types.js';

/** A run of this many equal pixels along a row is background or a rule, never a glyph. */
const RUN = 10;
/** Ink of words is joined across gaps this wide, relative to the word height. */
const GAP = 0.35;
/** Blended pixels: coverage strictly between these (0 = background, 1 = the word's ink). */
const BLEND_LOW = 0.12;
const BLEND_HIGH = 0.88;
/** A digital render: at least this share of its pixels lie in exact flat runs (pages: 0.85+). */
const MIN_FLAT = 0.6;
const MAX_GLYPHS = 60_000;

export interface Word {
  /** Pixel box [x0, y0, x1, y1), full resolution. */
  box: [number, number, number, number];
  /** Background level around the word and the level farthest from it among its pixels. */
  background: number;
  ink: number;
  /** Pixels that differ from the background by at least an eighth of the contrast. */
  pixels: number;
  /** Of those, blended ones (anti-aliasing) and ones at full ink. */
  blended: number;
  solid: number;
  /** Pixels at exactly the ink level: fully covered glyph pixels carry the exact text colour. */
  plateau: number;
  /** Glyph-like parts (8-connected ink components), and those that are plain filled rectangles. */
  parts: number;
  rectangles: number;
}

/**
 * 1 where a pixel lies in a flat run of RUN or more equal pixels along its row. Runs down a
 * column are not counted: a glyph stem is such a run, and losing it would cut hard glyphs apart.
 */
function flatMask(g: GrayRaster): Uint8Array {
  const { width: w, height: h, data: d } = g;
  const flat = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let start = 0;
    for (let x = 1; x <= w; x++) {
      if (x < w && d[y * w + x] === d[y * w + start]) continue;
      if (x - start >= RUN) flat.fill(1, y * w + start, y * w + x);
      start = x;
    }
  }
  return flat;
}

/** 8-connected components of `mask`, as pixel index lists (bounded by `limit` pixels each). */
function components(mask: Uint8Array, w: number, h: number, limit: number): number[][] {
  const seen = new Uint8Array(w * h);
  const out: number[][] = [];
  const stack: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (!mask[i] || seen[i]) continue;
    const comp: number[] = [];
    seen[i] = 1;
    stack.push(i);
    while (stack.length) {
      const p = stack.pop()!;
      if (comp.length < limit) comp.push(p);
      const px = p % w;
      const py = (p - px) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          const ny = py + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const n = ny * w + nx;
          if (mask[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
    }
    out.push(comp);
  }
  return out;
}

interface Glyph {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number[];
}

function boxOf(pixels: number[], w: number): Glyph {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (const p of pixels) {
    const x = p % w;
    const y = (p - x) / w;
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1: x1 + 1, y1: y1 + 1, pixels };
}

/**
 * Glyphs on one line joined into words: vertical overlap and a gap under GAP of the height.
 * Glyphs come left to right; only words that end within reach of the current glyph stay open,
 * so the work grows with the number of lines, not of words.
 */
function joinWords(glyphs: Glyph[], maxHeight: number): Glyph[][] {
  const order = [...glyphs].sort((a, b) => a.x0 - b.x0);
  type Open = { g: Glyph[]; x1: number; y0: number; y1: number };
  const done: Open[] = [];
  let open: Open[] = [];
  for (const gl of order) {
    const h = gl.y1 - gl.y0;
    const reach = GAP * maxHeight + 1;
    const stale = open.filter((wd) => wd.x1 < gl.x0 - reach);
    if (stale.length) {
      done.push(...stale);
      open = open.filter((wd) => wd.x1 >= gl.x0 - reach);
    }
    const host = open.find((wd) => {
      const overlap = Math.min(wd.y1, gl.y1) - Math.max(wd.y0, gl.y0);
      const height = Math.max(wd.y1 - wd.y0, h);
      return overlap >= 0.5 * Math.min(wd.y1 - wd.y0, h) && gl.x0 - wd.x1 <= GAP * height && gl.x0 >= wd.x1 - 1;
    });
    if (host) {
      host.g.push(gl);
      host.x1 = Math.max(host.x1, gl.x1);
      host.y0 = Math.min(host.y0, gl.y0);
      host.y1 = Math.max(host.y1, gl.y1);
    } else open.push({ g: [gl], x1: gl.x1, y0: gl.y0, y1: gl.y1 });
  }
  return [...done, ...open].map((wd) => wd.g);
}

/** The most common level among the flat pixels in a box grown by `m`. */
function surroundLevel(g: GrayRaster, flat: Uint8Array, b: [number, number, number, number], m: number): number {
  const hist = new Uint32Array(256);
  const { width: w, height: h, data: d } = g;
  for (let y = Math.max(0, b[1] - m); y < Math.min(h, b[3] + m); y++)
    for (let x = Math.max(0, b[0] - m); x < Math.min(w, b[2] + m); x++) if (flat[y * w + x]) hist[d[y * w + x]]++;
  let best = -1;
  for (let v = 0; v < 256; v++) if (hist[v] > (best < 0 ? 0 : hist[best])) best = v;
  return best;
}

function measure(g: GrayRaster, flat: Uint8Array, regions: Glyph[]): Word | null {
  const box: [number, number, number, number] = [
    Math.min(...regions.map((p) => p.x0)),
    Math.min(...regions.map((p) => p.y0)),
    Math.max(...regions.map((p) => p.x1)),
    Math.max(...regions.map((p) => p.y1)),
  ];
  const background = surroundLevel(g, flat, box, 3);
  if (background < 0) return null;
  const d = g.data;
  let ink = background;
  for (const p of regions) for (const i of p.pixels) if (Math.abs(d[i] - background) > Math.abs(ink - background)) ink = d[i];
  const contrast = Math.abs(ink - background);
  if (contrast === 0) return null;
  // Ink pixels of the word on a local grid: the glyph parts are their 8-connected components.
  const bw = box[2] - box[0];
  const bh = box[3] - box[1];
  const local = new Uint8Array(bw * bh);
  let pixels = 0;
  let blended = 0;
  let solid = 0;
  let plateau = 0;
  for (const p of regions)
    for (const i of p.pixels) {
      if (d[i] === ink) plateau++;
      const c = Math.abs(d[i] - background) / contrast;
      if (c < 0.125) continue;
      pixels++;
      if (c > BLEND_LOW && c < BLEND_HIGH) blended++;
      else if (c >= BLEND_HIGH) solid++;
      const x = i % g.width;
      local[((i - x) / g.width - box[1]) * bw + x - box[0]] = c >= BLEND_HIGH ? 2 : 1;
    }
  const parts = components(local, bw, bh, Infinity);
  // A part all at full ink filling its box is a bar, bullet or rule piece, not a glyph.
  const rectangles = parts.filter((c) => {
    const b = boxOf(c, bw);
    return c.every((i) => local[i] === 2) && c.length >= 0.95 * (b.x1 - b.x0) * (b.y1 - b.y0);
  }).length;
  return { box, background, ink, pixels, blended, solid, plateau, parts: parts.length, rectangles };
}

/**
 * Words of a render: ink joined along lines, each measured against its own background. Words
 * taller than `maxHeight` (pictures, logos) or lower than 5 px (rules, specks) are left out.
 */
export function renderWords(g: GrayRaster, maxHeight = 80): { words: Word[]; flatShare: number } {
  const flat = flatMask(g);
  const ink = new Uint8Array(flat.length);
  let flats = 0;
  for (let i = 0; i < flat.length; i++) {
    ink[i] = flat[i] ? 0 : 1;
    flats += flat[i];
  }
  const flatShare = flats / Math.max(1, flat.length);
  // Photos and scans have (almost) no exact flat runs: nothing to measure.
  if (flatShare < MIN_FLAT) return { words: [], flatShare };
  const glyphs = components(ink, g.width, g.height, 20_000)
    .map((c) => boxOf(c, g.width))
    .filter((b) => b.y1 - b.y0 <= maxHeight && b.x1 - b.x0 <= 4 * maxHeight);
  // Halftone and dithered pictures break into countless specks: no page of text has this many.
  if (glyphs.length > MAX_GLYPHS) return { words: [], flatShare };
  const out: Word[] = [];
  for (const parts of joinWords(glyphs, maxHeight)) {
    const h = Math.max(...parts.map((p) => p.y1)) - Math.min(...parts.map((p) => p.y0));
    if (h < 5 || h > maxHeight) continue;
    const w = measure(g, flat, parts);
    if (w) out.push(w);
  }
  return { words: out, flatShare };
}

/**
 * Words that are text: enough ink at a clear contrast, at least two parts that are not filled
 * rectangles (bars, bullets, table cells).
 */
export function textWords(words: Word[]): Word[] {
  return words.filter((w) => w.pixels >= 20 && Math.abs(w.ink - w.background) >= 80 && w.parts - w.rectangles >= 2);
}

/** Share of a word's ink pixels that are anti-aliasing blends. */
export function blendShare(w: Word): number {
  return w.pixels ? w.blended / w.pixels : 0;
}
