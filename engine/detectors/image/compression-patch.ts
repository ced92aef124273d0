/**
 * A region pasted into a JPEG that was already compressed once (new digits rendered cleanly,
 * a patch cut on another block grid) before the page was saved again: the rest of the page still
 * carries the first compression's quantisation lattice in its 8x8 DCT coefficients, the pasted
 * region does not (engine/image/dq-map.ts). Fires only when the page as a whole is clearly
 * double-compressed with a coarser first table (so the lattice is there to be missing) and one
 * compact region, the height of a text line or two, misses it far more often than the page.
 * Pages a scanner levelled to pure white and black lose the lattice in the coefficients (the
 * first decode clipped nearly every ink block); they are read clip-aware (clip-lattice.ts).
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { blockBoxFraction, blockHeatmap, BlockKind, gridBox, gridComponents, type BlockMap } from '../../read/image/block-stats.js';
import { clippedLatticeMap, fitClippedLattice } from '../../read/image/clip-lattice.js';
import { blockCoefficients, fitLattice, scoreBlocks, type BlockCoefficients } from '../../read/image/dq-map.js';
import { ANNEX_K_LUMA, ijgScaled, toNatural, ZIGZAG } from '../../read/image/quant-tables.js';
import type { GrayRaster } from '../../read/image/types.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const THRESHOLDS = {
  minExcess: { value: 0.45, why: 'The first lattice must explain the page well beyond chance...' },
  minExcessOverTypical: { value: 0.35, why: '...and far better than lattices of other qualities do on the same page (no text-made comb).' },
  offScore: { value: -3, why: 'A block is off the lattice when at least 2 judged coefficients give a log-likelihood ratio at most this.' },
  minJudged: { value: 2, why: 'A block is judged off the lattice on at least two coefficients, not one noisy one.' },
  minOffBlocks: { value: 8, why: 'A region: at least this many off blocks, this many of them distinct, this share of the judged blocks of its box...' },
  minOffShare: { value: 0.35, why: '...and this share of the judged blocks of its box.' },
  minZ: { value: 7, why: "...this many binomial standard deviations above the page's own off rate..." },
  maxPageOffRate: { value: 0.2, why: '...on a page whose blocks mostly sit on the lattice, in a box at most this share of the page height.' },
  maxBoxHeight: { value: 0.1, why: '...in a box at most this share of the page height (a field, not a band of the page).' },
  maxRegions: {
    value: 3,
    why: "A paste is a few values. When more separate regions pass every test, the page's own text layer lacks the first lattice: a form or template picture (a pay stub's panels, a receipt's logo) saved once, its fields typed over it, then saved again (a sample pay stub: 7 regions, its whole header and address blocks).",
  },
  maxTwinRms: {
    value: 6,
    why: "Off blocks whose pixels differ by at most this RMS (grey levels) count once: a rule or a shape's straight edge along a block row repeats one block, one measurement of the lattice, not many (a pay stub's white rule across a tinted panel: 33 of 37 blocks alike).",
  },
  minClippedShare: { value: 0.5, why: "Clip-aware reading only where most ink blocks hold clipped pixels (the coefficient map's blind spot)..." },
  maxClipFitRatio: { value: 0.6, why: "...and only when the page's blocks sit clearly nearer the first lattice than off-grid blocks do." },
  minClipDip: { value: 0.15, why: '...and far below what the other candidate lattices score on the same page (a dip, not a slope).' },
  minBelowFinest: {
    value: 3,
    why: "...and at a quality at least this far below the finest candidate: a single save's own lattice fits every slightly coarser one, best the closest (a page scanned at q88 and saved again at q74 fits q62, the finest tried), where a real first save fits best at its own quality.",
  },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

/** IJG tables of a quality, in zig-zag order like the file's. */
function ijgZigzag(quality: number): number[] {
  const nat = ijgScaled(ANNEX_K_LUMA, quality);
  return ZIGZAG.map((n) => nat[n]);
}

interface Region {
  comp: number[];
  /** Off blocks that are not near-copies of one another. */
  distinct: number;
  box: [number, number, number, number];
  off: number;
  judged: number;
  z: number;
}

/** A block map: which blocks were judged, which of them miss the first lattice. */
interface OffMap {
  cols: number;
  rows: number;
  judged: (b: number) => boolean;
  off: (b: number) => boolean;
}

/**
 * Off blocks of a component that are not near-copies of an earlier one. The region test counts
 * blocks as independent draws; a repeated block (a rule, a long straight edge on one block row)
 * is one draw repeated: whatever put it off the lattice (its clipping, the second save's
 * rounding of that one pattern) puts every copy off. Pasted text gives distinct glyph blocks.
 */
function distinctBlocks(g: GrayRaster, cols: number, comp: readonly number[]): number {
  const reps: number[] = [];
  const limit = T.maxTwinRms * T.maxTwinRms * 64;
  for (const b of comp) {
    const [bx, by] = [(b % cols) * 8, Math.floor(b / cols) * 8];
    const twin = reps.some((r) => {
      const [rx, ry] = [(r % cols) * 8, Math.floor(r / cols) * 8];
      let ss = 0;
      for (let y = 0; y < 8 && ss <= limit; y++) {
        for (let x = 0; x < 8; x++) {
          const d = g.data[(by + y) * g.width + bx + x] - g.data[(ry + y) * g.width + rx + x];
          ss += d * d;
        }
      }
      return ss <= limit;
    });
    if (!twin) reps.push(b);
  }
  return reps.length;
}

function regions({ cols, rows, judged, off }: OffMap, pageRate: number, luma: GrayRaster): Region[] {
  return gridComponents(cols, rows, off, { reach: 2 }).flatMap((comp) => {
    if (comp.length < T.minOffBlocks) return [];
    const distinct = distinctBlocks(luma, cols, comp);
    if (distinct < T.minOffBlocks) return [];
    const box = gridBox(cols, comp);
    let n = 0;
    let k = 0;
    for (let y = box[1]; y < box[3]; y++) {
      for (let x = box[0]; x < box[2]; x++) {
        const b = y * cols + x;
        if (judged(b)) n++;
        if (off(b)) k++;
      }
    }
    const z = (k - n * pageRate) / Math.sqrt(Math.max(1e-9, n * pageRate * (1 - pageRate)));
    return [{ comp, distinct, box, off: k, judged: n, z }];
  });
}

const EMITS = [{ flag: 'image_manipulation', reasons: ['compression_patch'] }] as const satisfies readonly Emit[];

/** How the first lattice was read: in the coefficients (dq-map.ts) or clip-aware in the pixels (clip-lattice.ts). */
type Fit =
  | { method: 'coefficients'; quality: number; latticeExcess: number }
  | { method: 'clip_aware'; quality: number; alignedDeviation: number; shiftedDeviation: number; typicalRatio: number };

function finding(fit: Fit, best: Region, map: OffMap, width: number, height: number, pageRate: number): DeclaredFinding<typeof EMITS> {
  const { cols, rows } = map;
  const bbox = blockBoxFraction(best.box, width, height);
  const blocks: BlockMap = { cols, rows, kind: new Uint8Array(cols * rows).fill(BlockKind.Ink), std: new Float32Array(cols * rows) };
  const hot = new Set(best.comp);
  const share = best.off / best.judged;
  const { method, quality, ...measures } = fit;
  return {
    flag: 'image_manipulation',
    code: 'image_manipulation.compression_patch',
    summary: `The page was saved twice as JPEG (first at about quality ${quality}), but a region of ${best.off} blocks of 8x8 pixels around printed text does not carry the first compression: it was pasted in between the two saves.`,
    pages: [1],
    strength:
      best.off >= 2 * T.minOffBlocks && share >= 0.5
        ? STRENGTH['image_manipulation.compression_patch'].largeShare
        : STRENGTH['image_manipulation.compression_patch'].patch,
    evidence: {
      page: 1,
      bbox,
      firstQuality: quality,
      latticeMethod: method,
      ...Object.fromEntries(Object.entries(measures).map(([k, v]) => [k, Math.round(v * 100) / 100])),
      offBlocks: best.off,
      distinctOffBlocks: best.distinct,
      judgedBlocks: best.judged,
      offShare: Math.round(share * 100) / 100,
      pageOffShare: Math.round(pageRate * 1000) / 1000,
      heatmap: blockHeatmap(blocks, hot, (i) => map.off(i), width, height),
    },
  };
}

/** The region most above the page's off rate, if one passes the gates. */
function bestRegion(map: OffMap, luma: GrayRaster): { region: Region; pageRate: number } | null {
  let judged = 0;
  let off = 0;
  for (let b = 0; b < map.cols * map.rows; b++) {
    if (!map.judged(b)) continue;
    judged++;
    if (map.off(b)) off++;
  }
  const pageRate = judged ? off / judged : 1;
  if (judged < 200 || pageRate > T.maxPageOffRate) return null;
  const maxRows = T.maxBoxHeight * map.rows;
  const found = regions(map, Math.max(pageRate, 0.01), luma)
    .filter((r) => r.off / r.judged >= T.minOffShare && r.z >= T.minZ && r.box[3] - r.box[1] <= maxRows)
    .sort((a, b) => b.z - a.z);
  // Text added all over the page after the first save is how the page was made, not an edit.
  return found.length && found.length <= T.maxRegions ? { region: found[0], pageRate } : null;
}

/**
 * Pages levelled to pure white and black by the scanner: most ink blocks were clipped when the
 * first save was decoded, so the coefficient map reads no lattice; the clip-aware test does.
 */
function clippedPage(coeffs: BlockCoefficients): boolean {
  let ink = 0;
  let clipped = 0;
  for (let b = 0; b < coeffs.blank.length; b++) {
    if (coeffs.blank[b]) continue;
    ink++;
    if (coeffs.clipped[b]) clipped++;
  }
  return ink > 0 && clipped >= T.minClippedShare * ink;
}

function clipAware(luma: GrayRaster, table: readonly number[]): { fit: Fit; map: OffMap } | null {
  const model = fitClippedLattice(luma, toNatural([...table]), (q) => ijgScaled(ANNEX_K_LUMA, q), ZIGZAG);
  // Saved twice, the page's blocks sit far closer to the first lattice than blocks off the grid.
  if (!model) return null;
  const ratio = model.aligned / model.shifted;
  if (ratio > T.maxClipFitRatio || model.typicalRatio - ratio < T.minClipDip) return null;
  if (model.quality > model.finestCandidate - T.minBelowFinest) return null;
  const { cols, rows, dev } = clippedLatticeMap(luma, model);
  // Off: nearer to what no lattice gives than to what the page's own blocks give.
  const limit = (model.aligned + model.shifted) / 2;
  return {
    fit: { method: 'clip_aware', quality: model.quality, alignedDeviation: model.aligned, shiftedDeviation: model.shifted, typicalRatio: model.typicalRatio },
    map: { cols, rows, judged: (b) => dev[b] >= 0, off: (b) => dev[b] > limit },
  };
}

export const compressionPatchDetector = defineDetector({
  meta: {
    id: 'image/compression-patch',
    description: 'A region of a twice-saved JPEG page that lacks the first compression: pasted in between the saves.',
    appliesTo: ['image'],
    needs: ['image', 'luma'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  async run(ctx) {
    const image = ctx.image;
    const table = image?.quantTables[0];
    if (!image || image.damage || image.format !== 'jpeg' || !table || table.length !== 64 || image.whiteFraction < 0.3) return [];
    const luma = await ctx.facts.get('luma');
    // The lattice is on the stored block grid: rotated pixels would need the grid moved too.
    if (!luma || !luma.gridAligned || luma.width < 128 || luma.height < 128) return [];
    const coeffs = blockCoefficients(luma, table);
    const model = fitLattice(coeffs, table, ijgZigzag);
    let read: { fit: Fit; map: OffMap } | null = null;
    if (model && model.excess >= T.minExcess && model.excess - model.typicalExcess >= T.minExcessOverTypical) {
      const s = scoreBlocks(coeffs, model);
      const judged = (b: number) => s.count[b] >= T.minJudged;
      read = {
        fit: { method: 'coefficients', quality: model.quality, latticeExcess: model.excess },
        map: { cols: coeffs.cols, rows: coeffs.rows, judged, off: (b) => judged(b) && s.score[b] <= T.offScore },
      };
    } else if (clippedPage(coeffs)) read = clipAware(luma, table);
    if (!read) return [];
    const found = bestRegion(read.map, luma);
    return found ? [finding(read.fit, found.region, read.map, luma.width, luma.height, found.pageRate)] : [];
  },
});
