/**
 * Geometry of pdf.js path data (the numbers of a constructPath operation): its subpaths and
 * their boxes, and which parts of a filled path are really painted under the non-zero or
 * even-odd rule, so that a hole cut into a fill (inverse clipping, label knock-outs) is not
 * taken for a cover.
 */
/**
 * Subpaths of a stroked path with their boxes; `straight` when the subpath is one horizontal or
 * vertical segment, so that the stroke paints exactly its box widened by half the line width.
 */
export function strokeSegments(data: ArrayLike<number>): Array<{ box: [number, number, number, number]; straight: boolean }> {
  return subpaths(data).map(({ box }) => ({ box, straight: box[0] === box[2] || box[1] === box[3] }));
}

/** Splits pdf.js path data into subpaths with their own boxes; flags plain axis-aligned rectangles. */
export function subpaths(data: ArrayLike<number>): Array<{ box: [number, number, number, number]; rect: boolean }> {
  const out: Array<{ box: [number, number, number, number]; rect: boolean }> = [];
  let pts: number[][] = [];
  let curved = false;
  const flush = () => {
    if (pts.length >= 2) {
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      out.push({ box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], rect: !curved && isAxisRect(pts) });
    }
    pts = [];
    curved = false;
  };
  for (let i = 0; i < data.length;) {
    const op = data[i];
    if (op === 0) {
      flush();
      pts.push([data[i + 1], data[i + 2]]);
      i += 3;
    } else if (op === 1) {
      pts.push([data[i + 1], data[i + 2]]);
      i += 3;
    } else if (op === 2) {
      pts.push([data[i + 1], data[i + 2]], [data[i + 3], data[i + 4]], [data[i + 5], data[i + 6]]);
      curved = true;
      i += 7;
    } else if (op === 3) {
      pts.push([data[i + 1], data[i + 2]], [data[i + 3], data[i + 4]]);
      curved = true;
      i += 5;
    } else {
      i += 1;
    }
  }
  flush();
  return out;
}

/**
 * The subpaths of a filled path, each with the box of what it paints. Where subpaths overlap,
 * the whole path's winding number decides (zero paints nothing under the non-zero rule, even
 * nothing under even-odd): inverse clipping (PSTricks `inverscl`, knock-outs round labels)
 * fills a huge rectangle with the label boxes wound the other way, so the boxes are holes, not
 * white covers; where two label boxes overlap only their overlap is painted. A subpath inside
 * no other paints all of itself (an annulus's outer circle paints its ring). Curves count by
 * their control polygon, enough to place a point inside or outside.
 */
export function paintedSubpaths(
  data: ArrayLike<number>,
  evenOdd: boolean,
): Array<{ box: [number, number, number, number]; rect: boolean; outline?: number[][] }> {
  const subs = subpaths(data);
  const polys = polygons(data);
  // A shape painted whole keeps its outline (when small enough to carry), so that what lies in
  // its box but outside it (beside a rotated label's box, a fan's wedge) is not taken as under it.
  const whole = (k: number) =>
    polys.length === subs.length && !subs[k].rect && polys[k].length <= MAX_OUTLINE_POINTS ? { ...subs[k], outline: polys[k] } : subs[k];
  // Outlined text fills a line's glyphs as one path of many subpaths: nothing there is a cover.
  if (subs.length < 2 || subs.length > MAX_WOUND_SUBPATHS) return subs.map((_, k) => whole(k));
  if (polys.length !== subs.length) return subs;
  const inside = (a: number[], b: number[]) => a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3];
  const out: Array<{ box: [number, number, number, number]; rect: boolean; outline?: number[][] }> = [];
  subs.forEach((sub, k) => {
    if (!subs.some((o, j) => j !== k && inside(sub.box, o.box) && !inside(o.box, sub.box))) {
      // A box with rectangular holes (a table's border drawn as two nested rectangles filled
      // even-odd, a frame round a label) paints only what lies between them.
      const holes = sub.rect ? subs.filter((o, j) => j !== k && o.rect && inside(o.box, sub.box) && paintedBox(polys, j, o.box, evenOdd) === null) : [];
      if (holes.length)
        out.push(
          ...boxMinusHoles(
            sub.box,
            holes.map((h) => h.box),
          ).map((box) => ({ box, rect: true })),
        );
      else out.push(whole(k));
      return;
    }
    const painted = paintedBox(polys, k, sub.box, evenOdd);
    if (painted === 'all') out.push(whole(k));
    else if (painted) out.push({ box: painted, rect: false });
  });
  return out;
}

const MAX_WOUND_SUBPATHS = 50;

type Box = [number, number, number, number];

/**
 * A box with rectangular holes cut out, as rectangles: the band between every pair of
 * neighbouring hole edges, split where a hole interrupts it (a frame gives its four sides).
 */
export function boxMinusHoles(box: Box, holes: readonly Box[]): Box[] {
  const cuts = (i: 0 | 1, j: 2 | 3) => [...new Set([box[i], box[j], ...holes.flatMap((h) => [h[i], h[j]])])].sort((a, b) => a - b);
  const xs = cuts(0, 2);
  const ys = cuts(1, 3);
  const out: Box[] = [];
  for (let r = 0; r + 1 < ys.length; r++) {
    const [y0, y1] = [ys[r], ys[r + 1]];
    let start: number | null = null;
    for (let c = 0; c + 1 <= xs.length; c++) {
      const x0 = xs[c];
      const x1 = xs[c + 1];
      const painted = x1 !== undefined && !holes.some((h) => (x0 + x1) / 2 > h[0] && (x0 + x1) / 2 < h[2] && (y0 + y1) / 2 > h[1] && (y0 + y1) / 2 < h[3]);
      if (painted && start === null) start = x0;
      if (!painted && start !== null) {
        out.push([start, y0, x0, y1]);
        start = null;
      }
    }
  }
  return out.filter((b) => b[2] > b[0] && b[3] > b[1]);
}
/** Outlines longer than this (plots, glyph-like paths) are not carried: their box stands for them. */
const MAX_OUTLINE_POINTS = 64;
const SHARE_GRID = 6;

/**
 * Share of a box that lies inside a closed outline (non-zero rule), sampled on a grid. Curves
 * count by their control polygon: close enough to tell text under a shape from text beside it.
 */
export function shareInside(outline: readonly number[][], box: readonly [number, number, number, number]): number {
  let n = 0;
  for (let i = 0; i < SHARE_GRID; i++) {
    for (let j = 0; j < SHARE_GRID; j++) {
      const x = box[0] + ((i + 0.5) * (box[2] - box[0])) / SHARE_GRID;
      const y = box[1] + ((j + 0.5) * (box[3] - box[1])) / SHARE_GRID;
      if (winding(outline as number[][], x, y) !== 0) n++;
    }
  }
  return n / (SHARE_GRID * SHARE_GRID);
}
const WINDING_GRID = 8;

/** Samples the subpath's box: 'all' when every point of it is painted, else the box of the painted points (null: a hole). */
function paintedBox(polys: number[][][], k: number, box: [number, number, number, number], evenOdd: boolean): 'all' | [number, number, number, number] | null {
  const cw = (box[2] - box[0]) / WINDING_GRID;
  const ch = (box[3] - box[1]) / WINDING_GRID;
  let own = 0;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < WINDING_GRID; i++) {
    for (let j = 0; j < WINDING_GRID; j++) {
      const x = box[0] + (i + 0.5) * cw;
      const y = box[1] + (j + 0.5) * ch;
      if (winding(polys[k], x, y) === 0) continue;
      own++;
      const total = polys.reduce((n, poly) => n + winding(poly, x, y), 0);
      if (evenOdd ? total % 2 !== 0 : total !== 0) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length === 0) return null;
  if (xs.length === own) return 'all';
  return [
    Math.max(box[0], Math.min(...xs) - cw / 2),
    Math.max(box[1], Math.min(...ys) - ch / 2),
    Math.min(box[2], Math.max(...xs) + cw / 2),
    Math.min(box[3], Math.max(...ys) + ch / 2),
  ];
}

/** The points of each subpath (curve control points included), in drawing order. */
export function polygons(data: ArrayLike<number>): number[][][] {
  const out: number[][][] = [];
  let pts: number[][] = [];
  const flush = () => {
    if (pts.length >= 2) out.push(pts);
    pts = [];
  };
  for (let i = 0; i < data.length;) {
    const op = data[i];
    const n = op === 0 || op === 1 ? 1 : op === 2 ? 3 : op === 3 ? 2 : 0;
    if (op === 0) flush();
    for (let k = 0; k < n; k++) pts.push([data[i + 1 + 2 * k], data[i + 2 + 2 * k]]);
    i += 1 + 2 * n;
  }
  flush();
  return out;
}

/** Winding number of a closed polygon around (x, y): + for counter-clockwise turns. */
function winding(poly: number[][], x: number, y: number): number {
  let w = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i];
    const [x1, y1] = poly[(i + 1) % poly.length];
    const side = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0);
    if (y0 <= y) {
      if (y1 > y && side > 0) w++;
    } else if (y1 <= y && side < 0) w--;
  }
  return w;
}

function isAxisRect(pts: number[][]): boolean {
  const eps = 1e-3;
  // A path closed by a line back to its start (`m l l l l h`, as re-distillers write a box)
  // may land a rounding error away from it.
  const p = pts.length === 5 && Math.abs(pts[4][0] - pts[0][0]) <= eps && Math.abs(pts[4][1] - pts[0][1]) <= eps ? pts.slice(0, 4) : pts;
  if (p.length !== 4) return false;
  for (let k = 0; k < 4; k++) {
    const a = p[k];
    const b = p[(k + 1) % 4];
    if (Math.abs(a[0] - b[0]) > eps && Math.abs(a[1] - b[1]) > eps) return false;
  }
  return true;
}
