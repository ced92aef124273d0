/**
 * Pixel boxes of words found on a page picture, turned into what evidence carries: page
 * fractions for `regions`, and a heat map that paints the boxes for the viewer.
 */
import type { BBox } from '../../types.js';
import { rgbaPngDataUrl } from '../../kit/heatmap-png.js';
import type { GrayRaster } from './types.js';

type PixelBox = readonly [number, number, number, number];

/** Heat-map cell side in pixels. */
const CELL = 4;

/** A pixel box [x0, y0, x1, y1] as fractions of the picture, rounded to 4 decimals. */
export function boxFraction(b: PixelBox, g: GrayRaster): BBox {
  const f = (v: number, m: number) => Math.round(Math.min(1, v / m) * 10000) / 10000;
  return [f(b[0], g.width), f(b[1], g.height), f(b[2], g.width), f(b[3], g.height)];
}

/** The boxes painted on a CELL grid over the whole picture. */
export function boxesHeatmap(g: GrayRaster, boxes: readonly PixelBox[]) {
  const cols = Math.ceil(g.width / CELL);
  const rows = Math.ceil(g.height / CELL);
  const px = Buffer.alloc(cols * rows * 4);
  for (const box of boxes)
    for (let y = Math.floor(box[1] / CELL); y < Math.ceil(box[3] / CELL); y++)
      for (let x = Math.floor(box[0] / CELL); x < Math.ceil(box[2] / CELL); x++) px.set([220, 30, 30, 200], (y * cols + x) * 4);
  return { page: 1, bbox: [0, 0, 1, 1] as BBox, image: rgbaPngDataUrl(px, cols, rows) };
}
