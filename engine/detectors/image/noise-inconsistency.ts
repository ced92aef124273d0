/**
 * A pasted patch on a scanned or photographed page: paper everywhere carries the same grain,
 * while a region rendered or whited-out digitally is clean (or clipped pure white). Error-level
 * style maps light up every text edge in genuine files, so this looks only at paper cells
 * (bright background) and fires only on a compact minority region whose noise level disagrees
 * with the rest of the paper.
 */
import { defineDetector, type Emit } from '../define.js';
import type { BBox } from '../../types.js';
import { gridComponents } from '../../read/image/block-stats.js';
import { rgbaPngDataUrl } from '../../kit/heatmap-png.js';
import { estimateNoise } from '../../read/image/noise.js';
import type { GrayRaster } from '../../read/image/types.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const THRESHOLDS = {
  cell: { value: 16, why: '16 px cells: a retyped field on a 150 dpi scan is ~20 px tall, so 24 px cells never lay fully inside it.' },
  minPaperNoise: { value: 0.5, why: 'Scans saved twice as JPEG keep little grain (sigma ~0.5 on the working raster); a digitally whited-out patch has none.' },
  cleanRatio: { value: 0.35, why: 'A cell is clean when its noise is below this share of the page sigma.' },
  minInkShare: {
    value: 0.02,
    why: 'A page carries writing: ink (a pixel under 100) in at least this share of its paper cells. Documents measured 6.6-31 % (lab forgeries); a blank wallpaper or sky has none, and its flat, undithered bands are not a patch on anything.',
  },
  maxClippedShare: {
    value: 0.5,
    why: 'Paper that is mostly clipped to pure white (a screenshot, a render, a scan whitened by its driver) has no grain to compare a region with. Scans the detector is for clip under 2 %.',
  },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

interface Cell {
  paper: boolean;
  anomalous: boolean;
}

interface CellMap {
  cells: Cell[];
  cols: number;
  rows: number;
  /** Paper cells with ink in them, and paper cells mostly clipped white. */
  inked: number;
  clippedPaper: number;
}

function analyseCells(g: GrayRaster, sigma: number): CellMap {
  const cols = Math.floor(g.width / T.cell);
  const rows = Math.floor(g.height / T.cell);
  const cells: Cell[] = [];
  let clippedCells = 0;
  let inked = 0;
  const clipped: number[] = [];
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      let sum = 0;
      let clip = 0;
      let darkest = 255;
      for (let y = cy * T.cell; y < (cy + 1) * T.cell; y++) {
        const row = y * g.width;
        for (let x = cx * T.cell; x < (cx + 1) * T.cell; x++) {
          const v = g.data[row + x];
          sum += v;
          if (v === 255) clip++;
          if (v < darkest) darkest = v;
        }
      }
      const mean = sum / (T.cell * T.cell);
      const clipFrac = clip / (T.cell * T.cell);
      const paper = mean >= 150;
      const s = paper ? estimateNoise(g, { x0: cx * T.cell, y0: cy * T.cell, x1: (cx + 1) * T.cell, y1: (cy + 1) * T.cell }) : Number.NaN;
      if (paper && clipFrac > 0.6) clippedCells++;
      if (paper && darkest < 100) inked++;
      clipped.push(clipFrac);
      cells.push({ paper, anomalous: paper && clipFrac <= 0.6 && Number.isFinite(s) && s < T.cleanRatio * sigma });
    }
  }
  const paperCount = cells.filter((c) => c.paper).length;
  // Clipped-white cells count as clean only where the page otherwise never clips.
  if (clippedCells <= 0.03 * paperCount) cells.forEach((c, i) => (c.anomalous ||= c.paper && clipped[i] > 0.6));
  return { cells, cols, rows, inked, clippedPaper: clippedCells };
}

function components(cells: Cell[], cols: number, rows: number): number[][] {
  return gridComponents(cols, rows, (i) => cells[i].anomalous, { reach: 1, diagonal: false });
}

/**
 * The paper cells without grain as a heat map over the page (one pixel per cell, drawn stretched
 * by the viewer): the patch in red, other grain-free paper cells in light orange.
 */
function cellHeatmap(cells: Cell[], cols: number, rows: number, patch: Set<number>, bbox: BBox): { page: number; bbox: BBox; image: string } {
  const px = Buffer.alloc(cols * rows * 4);
  cells.forEach((c, i) => {
    if (!c.anomalous) return;
    const hot = patch.has(i);
    px.set(hot ? [220, 30, 30, 200] : [255, 170, 60, 90], i * 4);
  });
  // The cells cover whole multiples of T.cell; the remainder at the right and bottom is left out.
  return { page: 1, bbox, image: rgbaPngDataUrl(px, cols, rows) };
}

/**
 * A grain-free strip along the picture's edge, at most this many cells deep: the border of a scan
 * or a crop (the platen or lid beyond the paper, a receipt's torn or cut edge, an editor's crop
 * filled flat), not a patch. A value is pasted over the writing, inside the page's margins.
 */
const BORDER_STRIP_CELLS = 2;

function alongBorder(box: readonly number[], cols: number, rows: number): boolean {
  const [x0, y0, x1, y1] = box;
  return ((x0 === 0 || x1 === cols) && x1 - x0 <= BORDER_STRIP_CELLS) || ((y0 === 0 || y1 === rows) && y1 - y0 <= BORDER_STRIP_CELLS);
}

const EMITS = [{ flag: 'image_manipulation', reasons: ['noise_inconsistency'] }] as const satisfies readonly Emit[];

export const noiseInconsistencyDetector = defineDetector({
  meta: {
    id: 'image/noise-inconsistency',
    description: 'A compact region of a scanned or photographed page without the paper grain found everywhere else.',
    appliesTo: ['image'],
    needs: ['image'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  async run(ctx) {
    const image = ctx.image;
    // Filler from damaged data is noiseless: it would look like a clean pasted region.
    if (!image || image.damage || image.whiteFraction < 0.3) return [];
    const g = image.gray;
    if (g.width < T.cell * 6 || g.height < T.cell * 6) return [];
    const sigma = estimateNoise(g, undefined, 2);
    if (!(sigma >= T.minPaperNoise)) return [];
    const { cells, cols, rows, inked, clippedPaper } = analyseCells(g, sigma);
    const paper = cells.filter((c) => c.paper).length;
    const anomalous = cells.filter((c) => c.anomalous).length;
    // Widespread clean paper is the image's nature (compression, clipping), not a patch.
    if (paper < 40 || anomalous > 0.06 * paper) return [];
    if (inked < T.minInkShare * paper || clippedPaper > T.maxClippedShare * paper) return [];
    const found = components(cells, cols, rows)
      .filter((comp) => comp.length >= 2)
      .map((comp) => {
        const xs = comp.map((c) => c % cols);
        const ys = comp.map((c) => Math.floor(c / cols));
        const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs) + 1, Math.min(...ys), Math.max(...ys) + 1];
        return { comp, box: [x0, y0, x1, y1], fill: comp.length / ((x1 - x0) * (y1 - y0)) };
      })
      .filter((c) => c.fill >= 0.5 && !alongBorder(c.box, cols, rows))
      .sort((a, b) => b.comp.length - a.comp.length);
    if (!found.length) return [];
    const best = found[0];
    const bbox: BBox = [
      (best.box[0] * T.cell) / g.width,
      (best.box[1] * T.cell) / g.height,
      (best.box[2] * T.cell) / g.width,
      (best.box[3] * T.cell) / g.height,
    ].map((v) => Math.round(Math.min(1, v) * 10000) / 10000) as BBox;
    return [
      {
        flag: 'image_manipulation',
        code: 'image_manipulation.noise_inconsistency',
        summary: `A region of the page lacks the paper grain present everywhere else (noise ${sigma.toFixed(1)} on the page, far lower there): it was likely pasted or painted over digitally.`,
        pages: [1],
        strength:
          best.comp.length >= 4
            ? STRENGTH['image_manipulation.noise_inconsistency'].fourBlocksOrMore
            : STRENGTH['image_manipulation.noise_inconsistency'].patch,
        evidence: {
          page: 1,
          bbox,
          cells: best.comp.length,
          pageNoise: Math.round(sigma * 100) / 100,
          heatmap: cellHeatmap(cells, cols, rows, new Set(best.comp), [0, 0, (cols * T.cell) / g.width, (rows * T.cell) / g.height]),
        },
      },
    ];
  },
});
