/**
 * A region pasted into a JPEG that was already compressed once (new digits rendered cleanly,
 * a patch cut on another block grid) before the page was saved again: the rest of the page still
 * carries the first compression's quantisation lattice in its 8x8 DCT coefficients, the pasted
 * region does not (engine/image/dq-map.ts). Fires only when the page as a whole is clearly
 * double-compressed with a coarser first table (so the lattice is there to be missing) and one
 * compact region, the height of a text line or two, misses it far more often than the page.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../detect/types.js';
import { blockBoxFraction, blockHeatmap, BlockKind, gridBox, gridComponents, type BlockMap } from './block-stats.js';
import { blockCoefficients, fitLattice, scoreBlocks, type BlockScores, type LatticeModel } from './dq-map.js';
import { ANNEX_K_LUMA, ijgScaled, ZIGZAG } from './quant-tables.js';

/** The first lattice must explain the page well beyond chance... */
const MIN_EXCESS = 0.45;
/** ...and far better than lattices of other qualities do on the same page (no text-made comb). */
const MIN_EXCESS_OVER_TYPICAL = 0.35;
/** A block is off the lattice when at least 2 judged coefficients give a log-likelihood ratio at most this. */
const OFF_SCORE = -3;
const MIN_JUDGED = 2;
/** A region: at least this many off blocks, this share of the judged blocks of its box... */
const MIN_OFF_BLOCKS = 8;
const MIN_OFF_SHARE = 0.35;
/** ...this many binomial standard deviations above the page's own off rate... */
const MIN_Z = 7;
/** ...on a page whose blocks mostly sit on the lattice, in a box at most this share of the page height. */
const MAX_PAGE_OFF_RATE = 0.2;
const MAX_BOX_HEIGHT = 0.1;

/** IJG tables of a quality, in zig-zag order like the file's. */
function ijgZigzag(quality: number): number[] {
  const nat = ijgScaled(ANNEX_K_LUMA, quality);
  return ZIGZAG.map((n) => nat[n]);
}

interface Region {
  comp: number[];
  box: [number, number, number, number];
  off: number;
  judged: number;
  z: number;
}

function regions(cols: number, rows: number, s: BlockScores, pageRate: number): Region[] {
  const judged = (b: number) => s.count[b] >= MIN_JUDGED;
  const off = (b: number) => judged(b) && s.score[b] <= OFF_SCORE;
  return gridComponents(cols, rows, off, { reach: 2 }).flatMap((comp) => {
    if (comp.length < MIN_OFF_BLOCKS) return [];
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
    return [{ comp, box, off: k, judged: n, z }];
  });
}

const EMITS = [{ flag: 'image_manipulation', reasons: ['compression_patch'] }] as const satisfies readonly Emit[];

function finding(model: LatticeModel, best: Region, s: BlockScores, cols: number, rows: number, width: number, height: number, pageRate: number): DeclaredFinding<typeof EMITS> {
  const bbox = blockBoxFraction(best.box, width, height);
  const map: BlockMap = { cols, rows, kind: new Uint8Array(cols * rows).fill(BlockKind.Ink), std: new Float32Array(cols * rows) };
  const hot = new Set(best.comp);
  const share = best.off / best.judged;
  return {
    flag: 'image_manipulation',
    code: 'image_manipulation.compression_patch',
    summary: `The page was saved twice as JPEG (first at about quality ${model.quality}), but a region of ${best.off} blocks of 8x8 pixels around printed text does not carry the first compression: it was pasted in between the two saves.`,
    pages: [1],
    strength: best.off >= 2 * MIN_OFF_BLOCKS && share >= 0.5 ? 0.7 : 0.6,
    evidence: {
      page: 1,
      bbox,
      firstQuality: model.quality,
      latticeExcess: Math.round(model.excess * 100) / 100,
      offBlocks: best.off,
      judgedBlocks: best.judged,
      offShare: Math.round(share * 100) / 100,
      pageOffShare: Math.round(pageRate * 1000) / 1000,
      heatmap: blockHeatmap(map, hot, (i) => s.count[i] >= MIN_JUDGED && s.score[i] <= OFF_SCORE, width, height),
    },
  };
}

export default defineDetector({
  meta: {
    id: 'image/compression-patch',
    description: 'A region of a twice-saved JPEG page that lacks the first compression: pasted in between the saves.',
    appliesTo: ['image'],
    emits: EMITS,
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
    if (!model || model.excess < MIN_EXCESS || model.excess - model.typicalExcess < MIN_EXCESS_OVER_TYPICAL) return [];
    const s = scoreBlocks(coeffs, model);
    let judged = 0;
    let off = 0;
    for (let b = 0; b < s.count.length; b++) {
      if (s.count[b] < MIN_JUDGED) continue;
      judged++;
      if (s.score[b] <= OFF_SCORE) off++;
    }
    const pageRate = judged ? off / judged : 1;
    if (judged < 200 || pageRate > MAX_PAGE_OFF_RATE) return [];
    const maxRows = MAX_BOX_HEIGHT * coeffs.rows;
    const found = regions(coeffs.cols, coeffs.rows, s, Math.max(pageRate, 0.01))
      .filter((r) => r.off / r.judged >= MIN_OFF_SHARE && r.z >= MIN_Z && r.box[3] - r.box[1] <= maxRows)
      .sort((a, b) => b.z - a.z);
    if (!found.length) return [];
    return [finding(model, found[0], s, coeffs.cols, coeffs.rows, luma.width, luma.height, pageRate)];
  },
});
