/**
 * New digits pasted into a scanned or photographed page from a clean render (or a patch
 * painted over a value): the paper of a scan carries grain in every 8x8 block, the pasted
 * rectangle has none, even after the page is saved again as JPEG. Checked on full-resolution
 * blocks (a retyped amount on a 300 dpi scan is only a few blocks tall) and only where the
 * page's own paper almost never comes out grain-free, so clipped or clean pages stay quiet.
 */
import { defineDetector, type Emit } from '../define.js';
import { blockBox, blockBoxFraction, blockHeatmap, BlockKind, blockMap, clusters, type BlockMap } from '../../read/image/block-stats.js';
import { median } from '../../kit/stats.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const THRESHOLDS = {
  minPaperStd: { value: 1, why: "The page's paper must carry grain: median block standard deviation at least this." },
  maxFlatShare: { value: 0.03, why: "Grain-free paper blocks anywhere on the page: more than this share is the page's nature." },
  minBlocks: { value: 6, why: 'A patch: at least this many grain-free blocks...' },
  minFill: { value: 0.7, why: '...filling this share of the paper blocks of their box...' },
  minInkNear: { value: 2, why: '...next to ink (a pasted value covers text), and a minority of the page.' },
  strongBlocks: { value: 10, why: 'A patch of this many blocks (and well filled) is the stronger variant.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

interface Patch {
  comp: number[];
  box: [number, number, number, number];
  fill: number;
}

function describe(map: BlockMap, comp: number[]): Patch {
  const box = blockBox(map, comp);
  let paper = 0;
  for (let y = box[1]; y < box[3]; y++) for (let x = box[0]; x < box[2]; x++) if (map.kind[y * map.cols + x] !== BlockKind.Ink) paper++;
  return { comp, box, fill: comp.length / Math.max(1, paper) };
}

function inkNear(map: BlockMap, box: readonly number[]): number {
  let n = 0;
  for (let y = Math.max(0, box[1] - 2); y < Math.min(map.rows, box[3] + 2); y++) {
    for (let x = Math.max(0, box[0] - 2); x < Math.min(map.cols, box[2] + 2); x++) if (map.kind[y * map.cols + x] === BlockKind.Ink) n++;
  }
  return n;
}

const EMITS = [{ flag: 'image_manipulation', reasons: ['grainless_patch'] }] as const satisfies readonly Emit[];

export const grainlessPatchDetector = defineDetector({
  meta: {
    id: 'image/grainless-patch',
    description: 'A rectangle of a scanned or photographed page whose paper has no grain at all, around a value: pasted from a clean render or painted over.',
    appliesTo: ['image'],
    needs: ['image', 'luma'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  async run(ctx) {
    const image = ctx.image;
    if (!image || image.damage || image.whiteFraction < 0.3) return [];
    const luma = await ctx.facts.get('luma');
    if (!luma || luma.width < 128 || luma.height < 128) return [];
    const map = blockMap(luma);
    const paperStd: number[] = [];
    let flat = 0;
    for (let i = 0; i < map.kind.length; i++) {
      if (map.kind[i] === BlockKind.Paper) paperStd.push(map.std[i]);
      else if (map.kind[i] === BlockKind.Flat) flat++;
    }
    const paper = paperStd.length + flat;
    if (paper < 400) return [];
    const grain = paperStd.length ? median(paperStd) : 0;
    // Clean renders, screenshots and scanners that clip the paper to white have no grain to miss.
    if (flat > T.maxFlatShare * paper || grain < T.minPaperStd) return [];
    const found = clusters(map, BlockKind.Flat)
      .filter((c) => c.length >= T.minBlocks)
      .map((c) => describe(map, c))
      .filter((p) => p.fill >= T.minFill && inkNear(map, p.box) >= T.minInkNear)
      .sort((a, b) => b.comp.length - a.comp.length);
    if (!found.length) return [];
    const best = found[0];
    const bbox = blockBoxFraction(best.box, luma.width, luma.height);
    const hot = new Set(best.comp);
    return [
      {
        flag: 'image_manipulation',
        code: 'image_manipulation.grainless_patch',
        summary: `A rectangle around printed text (${best.comp.length} blocks of 8x8 pixels) has no paper grain at all, while the rest of the page carries it everywhere (typical block deviation ${grain.toFixed(1)}): it was likely pasted from a clean render or painted over.`,
        pages: [1],
        strength:
          best.comp.length >= T.strongBlocks && best.fill >= 0.8
            ? STRENGTH['image_manipulation.grainless_patch'].largeFilled
            : STRENGTH['image_manipulation.grainless_patch'].patch,
        evidence: {
          page: 1,
          bbox,
          blocks: best.comp.length,
          fill: Math.round(best.fill * 100) / 100,
          paperGrain: Math.round(grain * 100) / 100,
          grainFreeShare: Math.round((flat / paper) * 10000) / 10000,
          heatmap: blockHeatmap(map, hot, (i) => map.kind[i] === BlockKind.Flat, luma.width, luma.height),
        },
      },
    ];
  },
});
