/**
 * A value painted over and retyped in a screen capture or other lossless digital render: the
 * page background is one exact grey level everywhere, and the forger's cover rectangle is a
 * slightly different flat level (picked by eye, or a colour picker off by a few levels) that
 * occurs nowhere else on the page. Interface palettes (striped rows, header bars, panels) repeat
 * their colours or span the page, so only a small, unique, text-covering rectangle counts.
 */
import { defineDetector, type Emit } from '../define.js';
import type { BBox } from '../../types.js';
import { gridBox, gridComponents } from '../../read/image/block-stats.js';
import { rgbaPngDataUrl } from '../../kit/heatmap-png.js';
import type { GrayRaster } from '../../read/image/types.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const THRESHOLDS = {
  cell: { value: 2, why: 'Cells of 2x2 pixels: a cover rectangle around 10-px text at 96 dpi is only ~12 px tall.' },
  reach: { value: 4, why: 'Cells joined across gaps this wide: the retyped glyphs split the cover.' },
  maxStep: { value: 12, why: 'A cover within this many grey levels of the background is meant to be invisible.' },
  minCells: { value: 40, why: 'A cover is at least this many cells: smaller flat spots are glyph counters and gaps.' },
  minFill: { value: 0.6, why: 'The cover fills at least this share of its box.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

interface Patch {
  value: number;
  cells: number[];
  box: [number, number, number, number];
}

/** The exact value of a cell whose pixels are all equal, else -1. */
function flatCells(g: GrayRaster): { cols: number; rows: number; value: Int16Array } {
  const cols = Math.floor(g.width / T.cell);
  const rows = Math.floor(g.height / T.cell);
  const value = new Int16Array(cols * rows).fill(-1);
  const { data: d, width: w } = g;
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const v = d[cy * T.cell * w + cx * T.cell];
      let same = true;
      for (let y = 0; y < T.cell && same; y++) {
        const row = (cy * T.cell + y) * w + cx * T.cell;
        for (let x = 0; x < T.cell; x++)
          if (d[row + x] !== v) {
            same = false;
            break;
          }
      }
      if (same) value[cy * cols + cx] = v;
    }
  }
  return { cols, rows, value };
}

function components(value: Int16Array, cols: number, rows: number, background: number): Patch[] {
  const near = (v: number) => v >= 0 && v !== background && Math.abs(v - background) <= T.maxStep;
  return gridComponents(cols, rows, (i) => near(value[i]), { reach: T.reach, joins: (n, seed) => value[n] === value[seed] }).map((cells) => ({
    value: value[cells[0]],
    cells,
    box: gridBox(cols, cells),
  }));
}

const EMITS = [{ flag: 'image_manipulation', reasons: ['painted_patch'] }] as const satisfies readonly Emit[];

export const paintedPatchDetector = defineDetector({
  meta: {
    id: 'image/painted-patch',
    description:
      'A small rectangle over text in a screen capture or digital render, painted in a flat colour a few levels off the page background found nowhere else.',
    appliesTo: ['image'],
    needs: ['image', 'luma'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  async run(ctx) {
    const image = ctx.image;
    // Exact flat levels survive only lossless storage.
    if (!image || image.damage || image.format !== 'png' || image.whiteFraction < 0.3) return [];
    const g = await ctx.facts.get('luma');
    if (!g || g.width < 200 || g.height < 200) return [];
    const { cols, rows, value } = flatCells(g);
    const counts = new Map<number, number>();
    let flat = 0;
    for (const v of value)
      if (v >= 0) {
        counts.set(v, (counts.get(v) ?? 0) + 1);
        flat++;
      }
    if (flat < 0.3 * value.length) return [];
    const [background, bgCells] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    // A digital page: one background level holds most of the flat area (photos and scans never do).
    if (bgCells < 0.6 * flat) return [];
    const found = components(value, cols, rows, background).filter((p) => {
      const [x0, y0, x1, y1] = p.box;
      const area = (x1 - x0) * (y1 - y0);
      if (p.cells.length < T.minCells || y1 - y0 < 5) return false;
      // Small: one value or one line, not a panel, band or header bar.
      if (area > 0.03 * value.length || x1 - x0 > 0.6 * cols || y1 - y0 > 0.1 * rows) return false;
      // Unique: the level occurs (almost) only here, so it is no interface colour.
      if (p.cells.length < 0.8 * (counts.get(p.value) ?? 0)) return false;
      let ink = 0;
      let bg = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const v = value[y * cols + x];
          if (v < 0) ink++;
          else if (v === background) bg++;
        }
      // Covers text (non-flat cells inside) and is itself filled, not a scatter of stray levels.
      if (ink < 2 || bg > 0 || p.cells.length < T.minFill * (area - ink)) return false;
      // A cover meets the page directly; drawn shapes (icons, boxes) have an outline around them.
      let ring = 0;
      let onBackground = 0;
      for (let y = y0 - 2; y <= y1 + 1; y++)
        for (let x = x0 - 2; x <= x1 + 1; x++) {
          if (y >= y0 - 1 && y <= y1 && x >= x0 - 1 && x <= x1) continue;
          if (x < 0 || y < 0 || x >= cols || y >= rows) continue;
          ring++;
          if (value[y * cols + x] === background) onBackground++;
        }
      return onBackground >= 0.6 * ring;
    });
    if (!found.length) return [];
    const best = found.sort((a, b) => b.cells.length - a.cells.length)[0];
    const f = (v: number, m: number) => Math.round(Math.min(1, (v * T.cell) / m) * 10000) / 10000;
    const bbox: BBox = [f(best.box[0], g.width), f(best.box[1], g.height), f(best.box[2], g.width), f(best.box[3], g.height)];
    const px = Buffer.alloc(cols * rows * 4);
    for (const c of best.cells) px.set([220, 30, 30, 200], c * 4);
    return [
      {
        flag: 'image_manipulation',
        code: 'image_manipulation.painted_patch',
        summary: `A small rectangle over text is painted in a flat grey level (${best.value}) that differs from the page background (${background}) by ${Math.abs(best.value - background)} and appears nowhere else: a value was likely covered and retyped.`,
        pages: [1],
        strength: STRENGTH['image_manipulation.painted_patch'],
        evidence: {
          page: 1,
          bbox,
          patchLevel: best.value,
          backgroundLevel: background,
          cells: best.cells.length,
          heatmap: { page: 1, bbox: [0, 0, f(cols, g.width), f(rows, g.height)] as BBox, image: rgbaPngDataUrl(px, cols, rows) },
        },
      },
    ];
  },
});
