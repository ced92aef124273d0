/**
 * A clean render pasted into a scanned or photographed page is crisper than the capture: every
 * ink edge of a scan is softened alike by the scanner's optics (or the camera's), while the
 * pasted digits keep the one- or two-pixel anti-aliased edge of a rasteriser. Measured per 8x8
 * block holding a strong ink edge as the steepest one-pixel step over the block's contrast; a
 * compact group of blocks far steeper than the page's own edges is the finding. Works where the
 * paper has no grain left to compare (clipped or heavily compressed scans).
 */
import { defineDetector, type Emit } from '../define.js';
import { BLOCK, blockBoxFraction, digitalPaper, gridComponents } from '../../read/image/block-stats.js';
import { rgbaPngDataUrl } from '../../kit/heatmap-png.js';
import type { GrayRaster } from '../../read/image/types.js';
import { median as medianOf } from '../../kit/stats.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const THRESHOLDS = {
  minWhiteFraction: { value: 0.3, why: 'A page-like capture is mostly white; photos and artwork are not read.' },
  minSide: { value: 128, why: "Smaller pictures hold too few blocks to know the page's edges." },
  minEdgeBlocks: { value: 300, why: "Enough blocks with an ink edge to know the page's median steepness." },
  maxBoxHeight: { value: 0.1, why: 'A patch is a field or a line: its box at most a tenth of the page height.' },
  strongBlocks: { value: 20, why: 'A patch of this many blocks...' },
  strongShare: { value: 0.65, why: '...with this share of its box steep is the stronger variant.' },
  minContrast: { value: 96, why: 'A block holds an ink edge when its contrast is at least this.' },
  aboveMedian: { value: 0.2, why: 'Steeper than the page: above both median + 0.2 and 1.4 x median (a crisp page cannot exceed 1).' },
  timesMedian: { value: 1.4, why: '...and 1.4 x the page median.' },
  minBlocks: { value: 10, why: 'A steep patch is at least this many blocks...' },
  minShareInBox: { value: 0.5, why: '...making up at least half the ink blocks of its box.' },
  maxPageShare: { value: 0.05, why: 'Steep edges scattered over more than this share of the page are its nature (mixed sources, print).' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

/** Per block: steepest step / contrast for blocks with an ink edge, else -1. */
export function edgeSteepness(g: GrayRaster): { cols: number; rows: number; value: Float32Array } {
  const cols = Math.floor(g.width / BLOCK);
  const rows = Math.floor(g.height / BLOCK);
  const value = new Float32Array(cols * rows).fill(-1);
  const { data: d, width: w, height: h } = g;
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < cols; bx++) {
      let mn = 255;
      let mx = 0;
      for (let y = by * BLOCK; y < (by + 1) * BLOCK; y++) {
        const row = y * w;
        for (let x = bx * BLOCK; x < (bx + 1) * BLOCK; x++) {
          const v = d[row + x];
          if (v < mn) mn = v;
          if (v > mx) mx = v;
        }
      }
      // Most blocks are paper: the steepest step is only read where there is an ink edge.
      if (mx - mn < T.minContrast) continue;
      let step = 0;
      for (let y = by * BLOCK; y < (by + 1) * BLOCK; y++) {
        const row = y * w;
        for (let x = bx * BLOCK; x < (bx + 1) * BLOCK; x++) {
          const v = d[row + x];
          if (x + 1 < w) step = Math.max(step, Math.abs(d[row + x + 1] - v));
          if (y + 1 < h) step = Math.max(step, Math.abs(d[row + w + x] - v));
        }
      }
      value[by * cols + bx] = step / (mx - mn);
    }
  }
  return { cols, rows, value };
}

function groups(value: Float32Array, cols: number, rows: number, over: number): number[][] {
  return gridComponents(cols, rows, (i) => value[i] > over);
}

const EMITS = [{ flag: 'image_manipulation', reasons: ['sharpness_inconsistency'] }] as const satisfies readonly Emit[];

export const edgeSharpnessDetector = defineDetector({
  meta: {
    id: 'image/edge-sharpness',
    description: 'A group of text edges on a scanned or photographed page far crisper than the capture softens all other text: pasted from a clean render.',
    appliesTo: ['image'],
    needs: ['image', 'luma'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  async run(ctx) {
    const image = ctx.image;
    if (!image || image.damage || image.whiteFraction < T.minWhiteFraction) return [];
    const g = await ctx.facts.get('luma');
    if (!g || g.width < T.minSide || g.height < T.minSide) return [];
    // A lossless picture whose paper is mostly exactly flat is a digital render (diagram, export,
    // screen capture), not a captured page: soft and crisp parts there are the author's design.
    if (image.format === 'png' && digitalPaper(g)) return [];
    const { cols, rows, value } = edgeSteepness(g);
    const all = Array.from(value).filter((v) => v >= 0);
    if (all.length < T.minEdgeBlocks) return [];
    const median = medianOf(all);
    const over = Math.max(median + T.aboveMedian, median * T.timesMedian);
    const steep = all.filter((v) => v > over).length;
    if (over >= 1 || steep > T.maxPageShare * all.length) return [];
    const found = groups(value, cols, rows, over)
      .filter((c) => c.length >= T.minBlocks)
      .map((comp) => {
        const xs = comp.map((c) => c % cols);
        const ys = comp.map((c) => Math.floor(c / cols));
        const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs) + 1, Math.max(...ys) + 1];
        let edges = 0;
        for (let y = box[1]; y < box[3]; y++) for (let x = box[0]; x < box[2]; x++) if (value[y * cols + x] >= 0) edges++;
        return { comp, box, share: comp.length / edges };
      })
      // A field or a line: not a whole column or a page region.
      .filter((c) => c.share >= T.minShareInBox && c.box[3] - c.box[1] <= T.maxBoxHeight * rows)
      .sort((a, b) => b.comp.length - a.comp.length);
    if (!found.length) return [];
    const best = found[0];
    const px = Buffer.alloc(cols * rows * 4);
    const hot = new Set(best.comp);
    for (let i = 0; i < value.length; i++) {
      if (hot.has(i)) px.set([220, 30, 30, 200], i * 4);
      else if (value[i] > over) px.set([255, 170, 60, 90], i * 4);
    }
    return [
      {
        flag: 'image_manipulation',
        code: 'image_manipulation.sharpness_inconsistency',
        summary: `Text in one region (${best.comp.length} blocks) has edges far crisper than the rest of the page (steepness above ${over.toFixed(2)} where the page's median is ${median.toFixed(2)}): it was likely pasted from a clean render, not captured with the page.`,
        pages: [1],
        strength:
          best.comp.length >= T.strongBlocks && best.share >= T.strongShare
            ? STRENGTH['image_manipulation.sharpness_inconsistency'].largeShare
            : STRENGTH['image_manipulation.sharpness_inconsistency'].patch,
        evidence: {
          page: 1,
          bbox: blockBoxFraction(best.box, g.width, g.height),
          blocks: best.comp.length,
          share: Math.round(best.share * 100) / 100,
          pageMedian: Math.round(median * 100) / 100,
          threshold: Math.round(over * 100) / 100,
          heatmap: { page: 1, bbox: blockBoxFraction([0, 0, cols, rows], g.width, g.height), image: rgbaPngDataUrl(px, cols, rows) },
        },
      },
    ];
  },
});
