/**
 * The EXIF preview is written by the camera at capture time and most editors leave it alone,
 * so a preview that shows a different picture (or a different framing) than the image itself
 * means the image was changed after capture. Both are compared tiny and in stored orientation
 * (fact `thumbnailViews`).
 */
import { defineDetector, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';

const THRESHOLDS = {
  maxAspectRatio: { value: 1.12, why: 'Preview and image shapes within 12 % are the same framing (letterbox bars, rounding); beyond, the image was cropped.' },
  minSimilarity: { value: 0.6, why: 'A preview correlating less than this with the image shows other content.' },
  unrelatedSimilarity: { value: 0.3, why: 'Below this the preview is of another picture altogether.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

function correlation(a: Float64Array, b: Float64Array): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  // Two flat pictures carry no structure to compare: treat as agreeing.
  if (saa < n * 4 || sbb < n * 4) return 1;
  return sab / Math.sqrt(saa * sbb);
}

const EMITS = [{ flag: 'compression_anomaly', reasons: ['thumbnail_content', 'thumbnail_aspect'] }] as const satisfies readonly Emit[];

export const thumbnailMismatchDetector = defineDetector({
  meta: {
    id: 'image/thumbnail-mismatch',
    description: 'The EXIF preview shows a different picture or framing than the image.',
    appliesTo: ['image'],
    needs: ['image', 'thumbnailViews'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  async run(ctx) {
    const thumb = ctx.image?.exifThumbnail;
    // Damaged data decodes to filler (grey or smeared rows): it would differ from any preview.
    if (!thumb || ctx.image?.damage) return [];
    const views = await ctx.facts.get('thumbnailViews');
    const t = views?.thumbnail;
    const main = views?.image;
    if (!t || !main) return [];
    const ratioOf = (a: number) => Math.max(a, main.aspect) / Math.min(a, main.aspect);
    const ratio = Math.min(ratioOf(t.aspect), ratioOf(1 / t.aspect));
    // Different framing makes a pixel comparison meaningless: report the crop itself.
    if (ratio > T.maxAspectRatio) {
      return [
        {
          flag: 'compression_anomaly',
          code: 'compression_anomaly.thumbnail_aspect',
          summary: `The EXIF preview has a different shape (${t.aspect.toFixed(2)}:1) than the image (${main.aspect.toFixed(2)}:1): the image was cropped after capture.`,
          pages: [1],
          strength: STRENGTH['compression_anomaly.thumbnail_aspect'],
          evidence: { thumbnailAspect: Math.round(t.aspect * 100) / 100, imageAspect: Math.round(main.aspect * 100) / 100 },
        },
      ];
    }
    const r = Math.max(...t.views.map((v) => correlation(v, main.views[0])));
    if (r < T.minSimilarity) {
      return [
        {
          flag: 'compression_anomaly',
          code: 'compression_anomaly.thumbnail_content',
          summary: `The embedded EXIF preview shows different content than the image (similarity ${r.toFixed(2)}): the image was changed after the preview was made.`,
          pages: [1],
          strength:
            r < T.unrelatedSimilarity ? STRENGTH['compression_anomaly.thumbnail_content'].unrelated : STRENGTH['compression_anomaly.thumbnail_content'].differs,
          evidence: { similarity: Math.round(r * 100) / 100 },
        },
      ];
    }
    return [];
  },
});
