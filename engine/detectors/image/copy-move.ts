/**
 * Copy-move (cloned digits, amounts, stamps): content-anchored keypoints whose surrounding
 * patches are near-identical, many of them sharing one shift vector. Two guards keep genuine
 * documents quiet: (1) pixels that repeat naturally (the same word on every row, table rules)
 * match many partners and are dropped, only one-to-one matches count; (2) identical rendering
 * of the same text is normal in clean digital images, so the check needs a noise floor (scans,
 * photos) where two independent captures of the same text never agree pixel for pixel, while a
 * clone carries its noise along.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { BBox } from '../../types.js';
import { harrisKeypoints, type Keypoint } from '../../read/image/keypoints.js';
import { estimateNoise } from '../../read/image/noise.js';
import type { GrayRaster } from '../../read/image/types.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const R = 6; // patch radius: 12x12 patches
const THRESHOLDS = {
  maxPoints: { value: 6000, why: 'Keypoints kept per image: enough for a page, bounded in cost.' },
  minNoise: { value: 0.8, why: 'Below this noise two captures of the same content can match pixel for pixel: a clone carries no grain to tell apart.' },
  minPairs: { value: 4, why: 'A copied region is at least this many matching patch pairs sharing one shift.' },
  maxBucket: { value: 40, why: 'Hash buckets larger than this are naturally repeated content (table rules, the same word on each row) and skipped.' },
  samePicture: {
    value: 0.2,
    why: "A third copy is the same picture, not necessarily the same pixels: a layout places each copy at its own sub-pixel phase, so resampling makes copies differ by more than noise but by far less than the patch's own contrast.",
  },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

interface Pair {
  a: Keypoint;
  b: Keypoint;
  dx: number;
  dy: number;
}

function cellKey(g: GrayRaster, p: Keypoint, offset: number): string {
  const { width: w, data: d } = g;
  const parts: number[] = [];
  for (let cy = 0; cy < 3; cy++) {
    for (let cx = 0; cx < 3; cx++) {
      let s = 0;
      for (let y = 0; y < 4; y++) {
        const row = (p.y - R + cy * 4 + y) * w + p.x - R + cx * 4;
        for (let x = 0; x < 4; x++) s += d[row + x];
      }
      parts.push(Math.floor((s / 16 + offset) / 16));
    }
  }
  return parts.join(',');
}

function patchMad(g: GrayRaster, a: Keypoint, b: Keypoint): number {
  const { width: w, data: d } = g;
  let s = 0;
  for (let y = -R; y < R; y++) {
    const ra = (a.y + y) * w + a.x;
    const rb = (b.y + y) * w + b.x;
    for (let x = -R; x < R; x++) s += Math.abs(d[ra + x] - d[rb + x]);
  }
  return s / (4 * R * R);
}

function patchStd(g: GrayRaster, p: Keypoint): number {
  const { width: w, data: d } = g;
  let s = 0;
  let s2 = 0;
  for (let y = -R; y < R; y++)
    for (let x = -R; x < R; x++) {
      const v = d[(p.y + y) * w + p.x + x];
      s += v;
      s2 += v * v;
    }
  const n = 4 * R * R;
  return Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2));
}

export function findClonePairs(g: GrayRaster, madLimit: number): Pair[] {
  const points = harrisKeypoints(g, { margin: R + 1, max: T.maxPoints }).filter((p) => patchStd(g, p) >= 12);
  const seen = new Set<string>();
  const pairs: Pair[] = [];
  for (const offset of [0, 8]) {
    const buckets = new Map<string, Keypoint[]>();
    for (const p of points) {
      const k = cellKey(g, p, offset);
      const list = buckets.get(k);
      if (list) list.push(p);
      else buckets.set(k, [p]);
    }
    for (const list of buckets.values()) {
      // A huge bucket is repeated structure (rules, identical glyphs): not a clone signal.
      if (list.length < 2 || list.length > T.maxBucket) continue;
      for (let i = 0; i < list.length; i++) {
        for (let j = i + 1; j < list.length; j++) {
          const [a, b] = list[i].y < list[j].y || (list[i].y === list[j].y && list[i].x < list[j].x) ? [list[i], list[j]] : [list[j], list[i]];
          const dx = b.x - a.x;
          const dy = b.y - a.y;
          if (Math.abs(dx) < 2 * R && Math.abs(dy) < 2 * R) continue;
          const id = `${a.x},${a.y},${b.x},${b.y}`;
          if (seen.has(id)) continue;
          seen.add(id);
          if (patchMad(g, a, b) <= madLimit) pairs.push({ a, b, dx, dy });
        }
      }
    }
  }
  // One-to-one only: a point matching several others is repeated content.
  const degree = new Map<Keypoint, number>();
  for (const p of pairs) {
    degree.set(p.a, (degree.get(p.a) ?? 0) + 1);
    degree.set(p.b, (degree.get(p.b) ?? 0) + 1);
  }
  return pairs.filter((p) => degree.get(p.a) === 1 && degree.get(p.b) === 1);
}

export interface CloneRegion {
  dx: number;
  dy: number;
  pairs: number;
  /** The matched keypoint pairs behind the region. */
  members: Pair[];
  source: [number, number, number, number];
  copy: [number, number, number, number];
}

export function groupByShift(pairs: Pair[]): CloneRegion[] {
  const groups = new Map<string, Pair[]>();
  for (const p of pairs) {
    const k = `${p.dx},${p.dy}`;
    const list = groups.get(k);
    if (list) list.push(p);
    else groups.set(k, [p]);
  }
  const keys = [...groups.keys()].sort((a, b) => groups.get(b)!.length - groups.get(a)!.length);
  const used = new Set<string>();
  const out: CloneRegion[] = [];
  for (const k of keys) {
    if (used.has(k)) continue;
    const [dx, dy] = k.split(',').map(Number);
    // Resampling can move a keypoint by one pixel: merge neighbouring shifts.
    const members: Pair[] = [];
    for (let ex = -1; ex <= 1; ex++)
      for (let ey = -1; ey <= 1; ey++) {
        const kk = `${dx + ex},${dy + ey}`;
        if (groups.has(kk) && !used.has(kk)) {
          members.push(...groups.get(kk)!);
          used.add(kk);
        }
      }
    if (members.length < T.minPairs) continue;
    const xs = members.map((p) => p.a.x);
    const ys = members.map((p) => p.a.y);
    const src: [number, number, number, number] = [Math.min(...xs) - R, Math.min(...ys) - R, Math.max(...xs) + R, Math.max(...ys) + R];
    out.push({ dx, dy, pairs: members.length, members, source: src, copy: [src[0] + dx, src[1] + dy, src[2] + dx, src[3] + dy] });
  }
  return out;
}

/**
 * Identical rendering explains the match: neither the source nor the copy has a noise floor of
 * its own (rendered text, frames and rules on a flat ground). An image can be noisy in its
 * photos and clean in its lettering (a layout sheet, a poster); what counts is the grain where
 * the match is, since only a clone carries grain along.
 */
function cleanRendering(g: GrayRaster, r: CloneRegion): boolean {
  const noisy = (b: readonly number[]) => {
    const n = estimateNoise(g, { x0: b[0], y0: b[1], x1: b[2], y1: b[3] });
    return n >= T.minNoise;
  };
  return !noisy(r.source) && !noisy(r.copy);
}

/** Lattice steps tried: the shift itself and its halves, thirds, quarters... */
const LATTICE_DIVISORS = [1, 2, 3, 4, 5, 6];

/**
 * The matched element appears a third time on the line of the shift, at a whole multiple of the
 * shift or of a fraction of it: a picture repeated in a grid of thumbnails, one photo placed in
 * three layout panels, a calendar's repeated cells. Layout repeats an element at a regular step;
 * a cloned amount is copied once, to one place. Keypoints are not found at every copy alike,
 * so the one-to-one filter alone does not see the repetition.
 */
function onLattice(g: GrayRaster, r: CloneRegion, madLimit: number): boolean {
  let repeated = 0;
  for (const p of r.members) if (thirdCopy(g, p, madLimit)) repeated++;
  return repeated * 2 >= r.members.length;
}

function thirdCopy(g: GrayRaster, p: Pair, madLimit: number): boolean {
  const limit = Math.max(madLimit, T.samePicture * patchStd(g, p.a));
  for (const k of LATTICE_DIVISORS) {
    for (let m = -k; m <= 2 * k; m++) {
      if (m === 0 || m === k) continue;
      const x = Math.round(p.a.x + (m * p.dx) / k);
      const y = Math.round(p.a.y + (m * p.dy) / k);
      // Within a patch of the pair's own points it is the same place, not a third one.
      if ((Math.abs(x - p.a.x) < 2 * R && Math.abs(y - p.a.y) < 2 * R) || (Math.abs(x - p.b.x) < 2 * R && Math.abs(y - p.b.y) < 2 * R)) continue;
      for (let ey = -1; ey <= 1; ey++) {
        for (let ex = -1; ex <= 1; ex++) {
          const q: Keypoint = { x: x + ex, y: y + ey, response: 0 };
          if (q.x - R < 0 || q.y - R < 0 || q.x + R >= g.width || q.y + R >= g.height) continue;
          if (patchMad(g, p.a, q) <= limit) return true;
        }
      }
    }
  }
  return false;
}

function frac(b: [number, number, number, number], g: GrayRaster): BBox {
  const c = (v: number, m: number) => Math.round(Math.min(1, Math.max(0, v / m)) * 10000) / 10000;
  return [c(b[0], g.width), c(b[1], g.height), c(b[2], g.width), c(b[3], g.height)];
}

const EMITS = [{ flag: 'image_manipulation', reasons: ['copy_move'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const copyMoveDetector = defineDetector({
  meta: {
    id: 'image/copy-move',
    description: 'Regions copied from one place of the image to another (cloned digits, amounts, stamps).',
    appliesTo: ['image'],
    needs: ['image'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx) {
    const g = ctx.image?.gray;
    // Damaged data decodes to repeated filler blocks, which look cloned.
    if (!g || ctx.image?.damage || g.width < 64 || g.height < 64) return [];
    const sigma = estimateNoise(g, undefined, 2);
    if (!(sigma >= T.minNoise)) return [];
    // Two independent noisy captures differ by ~1.1-1.6 sigma per pixel; a clone (even after a
    // high-quality re-save) by clearly less.
    const madLimit = Math.max(0.5, 0.75 * sigma);
    const regions = groupByShift(findClonePairs(g, madLimit)).filter((r) => !cleanRendering(g, r) && !onLattice(g, r, madLimit));
    return regions.slice(0, 3).map((r): Found => {
      const source = frac(r.source, g);
      const copy = frac(r.copy, g);
      return {
        flag: 'image_manipulation',
        code: 'image_manipulation.copy_move',
        summary: `A region of the image is an exact copy of another region (${r.pairs} matching points, shifted ${Math.round(r.dx / g.scale)}, ${Math.round(r.dy / g.scale)} px), noise included.`,
        pages: [1],
        strength: r.pairs >= 12 ? STRENGTH['image_manipulation.copy_move'].manyPairs : STRENGTH['image_manipulation.copy_move'].fewPairs,
        evidence: {
          page: 1,
          bbox: copy,
          regions: [
            { page: 1, bbox: source, label: 'source' },
            { page: 1, bbox: copy, label: 'copy' },
          ],
          matches: r.pairs,
          noiseSigma: Math.round(sigma * 100) / 100,
        },
      };
    });
  },
});
