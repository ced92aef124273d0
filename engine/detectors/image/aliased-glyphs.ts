/**
 * Screenshot-specific trace of a retyped value: text in a lossless capture is drawn by one
 * rasteriser with one anti-aliasing setting, so a word drawn with hard unsmoothed edges
 * (./screenshot/aliased) was drawn by something else. A cover painted in the exact background
 * colour leaves nothing to see in the background; the retyped glyphs still carry their rasteriser.
 *
 * Posterised pictures are not read: the aws-samples invoice scan (8-bit grey holding 7 levels)
 * has a light-grey heading its scanner flattened to one level, hard beside smoothed black text.
 *
 * Not used, on purpose: a word whose full-coverage ink level is a few grey levels off the
 * capture's text colour. It caught every family-A retype, but on grey pixels a coloured word
 * (a link, a themed heading) looks the same: 7 of 174 real PNGs fired.
 */
import { defineDetector } from '../define.js';
import { hardWords } from '../../read/image/screenshot/aliased.js';
import { blendShare, renderWords, textWords, type Word } from '../../read/image/screenshot/words.js';
import type { GrayRaster } from '../../read/image/types.js';
import { boxFraction, boxesHeatmap } from '../../read/image/word-boxes.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';

const THRESHOLDS = {
  minWhiteFraction: { value: 0.3, why: 'A page-like capture is mostly white; photos and artwork are not read.' },
  minSide: { value: 200, why: 'Smaller pictures hold too few words to compare their edges.' },
  minGreyLevels: {
    value: 16,
    why: 'A picture holding fewer grey levels was posterised (a low-bit greyscale scan, a palette reduction): blends snap to ink or paper, light words first, so hard edges say nothing of the rasteriser. Anti-aliased captures hold dozens to hundreds.',
  },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

/** Grey levels the picture really uses (a few stray pixels of a level do not count). */
function greyLevels(g: GrayRaster): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < g.data.length; i++) hist[g.data[i]]++;
  const floor = Math.max(4, g.data.length * 1e-5);
  return hist.filter((c) => c >= floor).length;
}

function evidenceFor(g: GrayRaster, words: Word[]) {
  const best = [...words].sort((a, b) => b.pixels - a.pixels)[0];
  return {
    page: 1,
    bbox: boxFraction(best.box, g),
    regions: words.map((w) => ({ page: 1, bbox: boxFraction(w.box, g) })),
    heatmap: boxesHeatmap(
      g,
      words.map((w) => w.box),
    ),
  };
}

export const aliasedGlyphsDetector = defineDetector({
  meta: {
    id: 'image/aliased-glyphs',
    description: 'A word of a screen capture drawn without anti-aliasing while the rest of its text is anti-aliased: retyped by another rasteriser.',
    appliesTo: ['image'],
    needs: ['image', 'luma'],
    emits: [{ flag: 'image_manipulation', reasons: ['aliased_glyphs'] }],
    thresholds: THRESHOLDS,
  },
  async run(ctx) {
    const image = ctx.image;
    // Exact pixel levels survive only lossless storage.
    if (!image || image.damage || image.format !== 'png' || image.whiteFraction < T.minWhiteFraction) return [];
    const g = await ctx.facts.get('luma');
    if (!g || g.width < T.minSide || g.height < T.minSide || greyLevels(g) < T.minGreyLevels) return [];
    const words = textWords(renderWords(g).words);
    const hard = hardWords(words);
    if (!hard) return [];
    const best = [...hard.words].sort((a, b) => b.pixels - a.pixels)[0];
    return [
      {
        flag: 'image_manipulation',
        code: 'image_manipulation.aliased_glyphs',
        summary: `${hard.words.length === 1 ? 'One word is' : `${hard.words.length} words are`} drawn in hard two-level pixels (${Math.round(blendShare(best) * 100)} % blended edge pixels) while ${hard.smooth} of the ${hard.total} words of this capture are anti-aliased: the value was likely retyped with another tool.`,
        pages: [1],
        strength: STRENGTH['image_manipulation.aliased_glyphs'],
        evidence: { ...evidenceFor(g, hard.words), blendedShare: Math.round(blendShare(best) * 1000) / 1000, smoothWords: hard.smooth, words: hard.total },
      },
    ];
  },
});
