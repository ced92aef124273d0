/**
 * A value on a scanned or photographed page whose words have edges far crisper than every other
 * word of the page (./glyph-edges): the capture softens all print alike, so a word that kept a
 * rasteriser's edge was added after the capture. Compared word by word against the page's own
 * words (median and spread of their edge widths), which also works on crisp, levelled scans with
 * grain-free paper, where the per-block checks (grain, steepest step) have no reference; and
 * whatever JPEG saves came before or after the paste (a first save finer than the last leaves no
 * lattice for ./compression-patch).
 *
 * Only crisper, never softer: handwriting, stamps and signatures are softer than print on genuine
 * pages, and a paste softened to match the page is not this check's case.
 */
import { defineDetector, type Emit } from '../define.js';
import { digitalPaper } from '../../read/image/block-stats.js';
import { wordEdges, type WordEdge } from '../../read/image/glyph-edges.js';
import { boxFraction, boxesHeatmap } from '../../read/image/word-boxes.js';
import { median } from '../../kit/stats.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const THRESHOLDS = {
  minWords: { value: 20, why: "Enough words to know the page's edge width." },
  minZ: { value: 6, why: 'Crisper than the page by this many robust standard deviations, and by this many pixels.' },
  minDelta: { value: 0.25, why: '...and by at least this many pixels of edge width.' },
  maxRatio: {
    value: 0.7,
    why: "And at most this share of the print's width around it. A rasteriser's edge is about half of a captured one; bold and large type reads somewhat crisper than body text under the same blur (its strokes reach full ink; thin strokes share their blurred band), up to ~0.77 on lab photos.",
  },
  minSpread: { value: 0.05, why: 'The spread is never taken as narrower than this (a page of one font and size measures ~0.05).' },
  looseZ: { value: 3, why: 'Words somewhat crisper (this many deviations) on more lines elsewhere: a page of mixed sources, stay quiet.' },
  maxLooseLines: { value: 2, why: 'At most this many other lines with somewhat crisper words; more is a page of mixed sources.' },
  maxWords: { value: 4, why: 'The crisp words: one value (possibly spaced into several words) on one line.' },
  maxBand: { value: 1.6, why: 'The crisp value spans at most this many line heights.' },
  maxPixels: { value: 9000000, why: 'Largest raster read: a 300 dpi A4 or Letter scan (8.7 / 8.4 MP); 12 MP photos are left out (cost).' },
  neighbours: { value: 20, why: "Words compared with their neighbours only: a photo's focus and perspective soften one side of the page more." },
  maxLocalWords: { value: 3000, why: 'Pages with more words are compared against the page as a whole (the neighbour search is quadratic).' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);
const EMITS = [{ flag: 'image_manipulation', reasons: ['glyph_edge_inconsistency'] }] as const satisfies readonly Emit[];

/** Text lines among word boxes: boxes overlapping vertically share a line. */
function lineCount(boxes: Array<WordEdge['box']>): number {
  const sorted = [...boxes].sort((a, b) => a[1] - b[1]);
  let lines = 0;
  let bottom = -Infinity;
  for (const b of sorted) {
    if (b[1] >= bottom) {
      lines++;
      bottom = b[3];
    } else bottom = Math.max(bottom, b[3]);
  }
  return lines;
}

export interface CrispValue {
  words: WordEdge[];
  /** Edge width of the print around the crisp words (median of their neighbours) and its spread. */
  median: number;
  spread: number;
  total: number;
}

interface Scored {
  word: WordEdge;
  z: number;
  delta: number;
  median: number;
  spread: number;
}

/** How much crisper each word is than the words around it on other lines, in spreads and in pixels. */
export function score(words: WordEdge[]): Scored[] {
  const n = words.length;
  const cx = words.map((w) => (w.box[0] + w.box[2]) / 2);
  const cy = words.map((w) => (w.box[1] + w.box[3]) / 2);
  const widths = words.map((w) => w.width);
  const m = median(widths);
  const spread = Math.max(T.minSpread, 1.4826 * median(widths.map((v) => Math.abs(v - m))));
  const near = new Float64Array(T.neighbours);
  const nearWidth = new Float64Array(T.neighbours);
  return words.map((w, i) => {
    let ref = m;
    if (n <= T.maxLocalWords) {
      // The nearest words on other lines (kept sorted by distance in a small buffer): the words of
      // a pasted value share one line and would vouch for each other.
      let k = 0;
      for (let j = 0; j < n; j++) {
        const o = words[j].box;
        if (o[1] < w.box[3] && o[3] > w.box[1]) continue;
        const d = (cx[j] - cx[i]) ** 2 + (cy[j] - cy[i]) ** 2;
        if (k === T.neighbours && d >= near[k - 1]) continue;
        let at = k < T.neighbours ? k++ : k - 1;
        while (at > 0 && near[at - 1] > d) {
          near[at] = near[at - 1];
          nearWidth[at] = nearWidth[at - 1];
          at--;
        }
        near[at] = d;
        nearWidth[at] = widths[j];
      }
      // Too few comparable words: nothing to judge this word against.
      if (k < T.neighbours >> 1) return { word: w, z: 0, delta: 0, median: m, spread };
      // The reference is the crisper of the neighbours and the whole page: a photo's sharp side
      // is not compared with its soft side, and a word merely crisper than unusual neighbours
      // (grey or large type around it) is not crisper than the capture. The spread stays the
      // page's (20 words are too few to know it).
      ref = Math.min(m, median(Array.from(nearWidth.subarray(0, k))));
    }
    return { word: w, z: (ref - w.width) / spread, delta: ref - w.width, median: ref, spread };
  });
}

/** The one line of words far crisper than the print around them, or null. */
export function crispValue(words: WordEdge[]): CrispValue | null {
  if (words.length < T.minWords) return null;
  const scored = score(words);
  const crisp = scored.filter((s) => s.z >= T.minZ && s.delta >= T.minDelta && s.word.width <= T.maxRatio * s.median);
  if (!crisp.length || crisp.length > T.maxWords) return null;
  const y0 = Math.min(...crisp.map((s) => s.word.box[1]));
  const y1 = Math.max(...crisp.map((s) => s.word.box[3]));
  const tallest = Math.max(...crisp.map((s) => s.word.box[3] - s.word.box[1]));
  if (y1 - y0 > T.maxBand * tallest) return null;
  // Lines elsewhere with somewhat crisper words (a bold heading is one): many make a page of mixed sources.
  const loose = scored.filter((s) => s.z >= T.looseZ && (s.word.box[3] <= y0 || s.word.box[1] >= y1)).map((s) => s.word.box);
  if (lineCount(loose) > T.maxLooseLines) return null;
  return { words: crisp.map((s) => s.word), median: median(crisp.map((s) => s.median)), spread: median(crisp.map((s) => s.spread)), total: words.length };
}

export const glyphProfileDetector = defineDetector({
  meta: {
    id: 'image/glyph-profile',
    description:
      'A value on a scanned or photographed page whose glyph edges are far crisper than all other print on it: pasted from a clean render after the capture.',
    appliesTo: ['image'],
    needs: ['image', 'luma'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  async run(ctx) {
    const image = ctx.image;
    if (!image || image.damage || image.whiteFraction < 0.3) return [];
    const g = await ctx.facts.get('luma');
    if (!g || g.width < 200 || g.height < 200) return [];
    // Screen captures and exports: text there is drawn by rasterisers, ./aliased-glyphs reads them.
    if (image.format === 'png' && digitalPaper(g)) return [];
    // Scan-sized pages only, read at full resolution: averaged down, a 150-250 dpi scan's text
    // loses the edge difference (2 of 9 family A pastes left at 1 MP against 8 at full size).
    if (g.width * g.height > T.maxPixels) return [];
    const page = wordEdges(g);
    const found = page && crispValue(page.words);
    if (!found) return [];
    const union: WordEdge['box'] = [
      Math.min(...found.words.map((w) => w.box[0])),
      Math.min(...found.words.map((w) => w.box[1])),
      Math.max(...found.words.map((w) => w.box[2])),
      Math.max(...found.words.map((w) => w.box[3])),
    ];
    const widest = Math.max(...found.words.map((w) => w.width));
    return [
      {
        flag: 'image_manipulation',
        code: 'image_manipulation.glyph_edge_inconsistency',
        summary: `${found.words.length === 1 ? 'One word' : `${found.words.length} words`} on one line ${found.words.length === 1 ? 'has' : 'have'} ink edges ${widest.toFixed(2)} px wide or less where the print around ${found.words.length === 1 ? 'it' : 'them'} measures ${found.median.toFixed(2)} px (${found.total} words read; the capture softens all print alike): the value was likely pasted from a clean render.`,
        pages: [1],
        strength: STRENGTH['image_manipulation.glyph_edge_inconsistency'],
        evidence: {
          page: 1,
          bbox: boxFraction(union, g),
          regions: found.words.map((w) => ({ page: 1, bbox: boxFraction(w.box, g) })),
          edgeWidth: Math.round(widest * 100) / 100,
          pageEdgeWidth: Math.round(found.median * 100) / 100,
          pageSpread: Math.round(found.spread * 100) / 100,
          words: found.total,
          heatmap: boxesHeatmap(
            g,
            found.words.map((w) => w.box),
          ),
        },
      },
    ];
  },
});
