/**
 * Clipping paths that are not one upright rectangle (a curved arrow, a disc, glyph outlines).
 * The paint list keeps a clip as its box, but a box filled inside such a clip paints the clip's
 * shape, not a box: Ghostscript flattens a translucent arrow drawn over a figure this way (the
 * arrow's colour filled into a rectangle clipped to the arrow, then what lies under it redrawn
 * tinted), and that rectangle covers nothing outside the arrow.
 */
import { applyPoint, type Matrix } from './matrix.js';
import { polygons, shareInside, subpaths } from './path-geometry.js';

/** Page-fraction polygons of one clipping path; a point inside any of them is inside the clip. */
export type ClipShape = number[][][];

/** Paths with more subpaths (text used as a clip, hatching) are not kept point by point. */
const MAX_SUBPATHS = 50;

/**
 * The shape of a clipping path in page fractions (`toPage` maps its user space there), or null
 * when it is one upright rectangle, which its box already describes.
 */
export function clipShape(data: ArrayLike<number>, toPage: Matrix, upright: boolean): ClipShape | null {
  const subs = subpaths(data);
  if (subs.length === 1 && subs[0].rect && upright) return null;
  const polys = polygons(data);
  // An unreadable or huge path: no point is known to be inside it.
  if (polys.length === 0 || polys.length > MAX_SUBPATHS) return [];
  return polys.map((poly) => poly.map(([x, y]) => applyPoint(toPage, x, y)));
}

/** Whether a page box lies wholly inside every shaped clip in force (sampled on a grid). */
export function insideClips(shapes: readonly ClipShape[] | null, box: readonly [number, number, number, number]): boolean {
  return !shapes || shapes.every((shape) => shape.some((poly) => shareInside(poly, box) === 1));
}
