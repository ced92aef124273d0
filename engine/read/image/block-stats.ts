/**
 * Per-8x8-block statistics of a full-resolution grey image, on the JPEG block grid when the
 * pixels are in stored orientation. A block is "paper" when it is bright and nearly uniform (no
 * ink edge crosses it), "flat" when a paper block carries no grain at all: a JPEG block whose AC
 * coefficients were all quantised to zero, or a digitally painted area.
 */
import type { BBox } from '../../types.js';
import { rgbaPngDataUrl } from '../../kit/heatmap-png.js';
import type { GrayRaster } from './types.js';

export const BLOCK = 8;

export const enum BlockKind {
  Ink = 0,
  Paper = 1,
  Flat = 2,
}

export interface BlockMap {
  cols: number;
  rows: number;
  kind: Uint8Array;
  /** Standard deviation of each block's pixels. */
  std: Float32Array;
}

/** Paper is bright (>= 150 everywhere) and free of edges (range < 40 levels). */
const PAPER_MIN = 150;
const PAPER_RANGE = 40;
/** Grain below this standard deviation is none: decoded JPEG blocks with only a DC term. */
export const FLAT_STD = 0.5;

export function blockMap(g: GrayRaster): BlockMap {
  const cols = Math.floor(g.width / BLOCK);
  const rows = Math.floor(g.height / BLOCK);
  const kind = new Uint8Array(cols * rows);
  const std = new Float32Array(cols * rows);
  const { data: d, width: w } = g;
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < cols; bx++) {
      let s = 0;
      let s2 = 0;
      let mn = 255;
      let mx = 0;
      for (let y = 0; y < BLOCK; y++) {
        const row = (by * BLOCK + y) * w + bx * BLOCK;
        for (let x = 0; x < BLOCK; x++) {
          const v = d[row + x];
          s += v;
          s2 += v * v;
          if (v < mn) mn = v;
          if (v > mx) mx = v;
        }
      }
      const m = s / 64;
      const sd = Math.sqrt(Math.max(0, s2 / 64 - m * m));
      const i = by * cols + bx;
      std[i] = sd;
      if (mn >= PAPER_MIN && mx - mn < PAPER_RANGE) kind[i] = sd < FLAT_STD ? BlockKind.Flat : BlockKind.Paper;
    }
  }
  return { cols, rows, kind, std };
}

/**
 * Connected groups of cells of a cols x rows grid, each in ascending order of its first cell:
 * a cell where `starts` holds seeds a group; a neighbour within `reach` cells (any direction,
 * or only along rows and columns when `diagonal` is false) joins the group of seed `s` when
 * `joins(n, s)` holds (by default: when it could seed a group itself).
 */
export function gridComponents(
  cols: number,
  rows: number,
  starts: (i: number) => boolean,
  options: { reach?: number; diagonal?: boolean; joins?: (n: number, seed: number) => boolean } = {},
): number[][] {
  const { reach = 2, diagonal = true, joins = (n: number) => starts(n) } = options;
  const seen = new Uint8Array(cols * rows);
  const out: number[][] = [];
  for (let i = 0; i < cols * rows; i++) {
    if (seen[i] || !starts(i)) continue;
    const stack = [i];
    const comp: number[] = [];
    seen[i] = 1;
    while (stack.length) {
      const c = stack.pop()!;
      comp.push(c);
      const x = c % cols;
      const y = (c - x) / cols;
      for (let dy = -reach; dy <= reach; dy++) {
        for (let dx = -reach; dx <= reach; dx++) {
          if (!diagonal && Math.abs(dx) + Math.abs(dy) > reach) continue;
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const n = ny * cols + nx;
          if (!seen[n] && joins(n, i)) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    out.push(comp);
  }
  return out;
}

/** Clusters of blocks of one kind, joined across gaps of one block (a digit splits a patch). */
export function clusters(map: BlockMap, want: BlockKind, reach = 2): number[][] {
  return gridComponents(map.cols, map.rows, (i) => map.kind[i] === want, { reach });
}

/** Bounding box of blocks, in block units: [x0, y0, x1, y1) . */
export function blockBox(map: BlockMap, comp: readonly number[]): [number, number, number, number] {
  return gridBox(map.cols, comp);
}

/** Bounding box of cells of a grid `cols` wide, in cell units: [x0, y0, x1, y1) . */
export function gridBox(cols: number, comp: readonly number[]): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const c of comp) {
    const x = c % cols;
    const y = (c - x) / cols;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + 1);
    y1 = Math.max(y1, y + 1);
  }
  return [x0, y0, x1, y1];
}

/** A block box as fractions of the image. */
export function blockBoxFraction(box: readonly number[], width: number, height: number): BBox {
  const f = (v: number, m: number) => Math.round(Math.min(1, (v * BLOCK) / m) * 10000) / 10000;
  return [f(box[0], width), f(box[1], height), f(box[2], width), f(box[3], height)];
}

/**
 * A heat map over the page, one pixel per `cell` x `cell` blocks (the viewer stretches it): cells
 * holding a marked block of the finding in red, other marked blocks in light orange.
 */
export function blockHeatmap(
  map: BlockMap,
  hot: ReadonlySet<number>,
  warm: (i: number) => boolean,
  width: number,
  height: number,
): { page: number; bbox: BBox; image: string } {
  const cell = Math.max(1, Math.ceil(Math.max(map.cols, map.rows) / 512));
  const w = Math.ceil(map.cols / cell);
  const h = Math.ceil(map.rows / cell);
  const px = Buffer.alloc(w * h * 4);
  for (let i = 0; i < map.kind.length; i++) {
    const x = Math.floor((i % map.cols) / cell);
    const y = Math.floor(Math.floor(i / map.cols) / cell);
    const o = (y * w + x) * 4;
    if (hot.has(i)) px.set([220, 30, 30, 200], o);
    else if (warm(i) && px[o + 3] === 0) px.set([255, 170, 60, 90], o);
  }
  return { page: 1, bbox: blockBoxFraction([0, 0, w * cell, h * cell], width, height), image: rgbaPngDataUrl(px, w, h) };
}

/**
 * A lossless picture whose paper is mostly exactly flat (more than half of its non-ink blocks)
 * is a digital render (diagram, export, screen capture), not a captured page.
 */
export function digitalPaper(g: GrayRaster): boolean {
  const { kind } = blockMap(g);
  let paper = 0;
  let flat = 0;
  for (const k of kind) {
    if (k !== BlockKind.Ink) paper++;
    if (k === BlockKind.Flat) flat++;
  }
  return flat > 0.5 * paper;
}
