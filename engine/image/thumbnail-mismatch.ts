/**
 * The EXIF preview is written by the camera at capture time and most editors leave it alone,
 * so a preview that shows a different picture (or a different framing) than the image itself
 * means the image was changed after capture. Both are decoded tiny and in stored orientation.
 */
import sharp from 'sharp';
import { defineDetector } from '../detect/types.js';

const SIDE = 24;

interface Tiny {
  /** Tiny gray copies at 0, 90, 180 and 270 degrees. */
  views: Float64Array[];
  aspect: number;
}

async function tinyViews(bytes: Uint8Array, rotations: number[]): Promise<Float64Array[]> {
  return Promise.all(
    rotations.map(async (deg) => {
      const { data } = await sharp(bytes, { failOn: 'none' }).rotate(deg).resize(SIDE, SIDE, { fit: 'fill' }).grayscale().raw().toBuffer({ resolveWithObject: true });
      return Float64Array.from(data.subarray(0, SIDE * SIDE));
    }),
  );
}

/** Removes black letterbox bars (full-width or full-height only: a dark subject is not a bar). */
async function withoutBars(bytes: Uint8Array): Promise<Uint8Array> {
  const meta = await sharp(bytes, { failOn: 'none' }).metadata();
  const { data, info } = await sharp(bytes, { failOn: 'none' }).trim({ background: '#000000', threshold: 12 }).toBuffer({ resolveWithObject: true });
  const bars = info.width >= 0.97 * (meta.width ?? 0) || info.height >= 0.97 * (meta.height ?? 0);
  return bars ? new Uint8Array(data) : bytes;
}

async function tiny(bytes: Uint8Array, letterboxed: boolean): Promise<Tiny | null> {
  try {
    const src = letterboxed ? await withoutBars(bytes) : bytes;
    const meta = await sharp(src, { failOn: 'none' }).metadata();
    if (!meta.width || !meta.height) return null;
    // Some cameras rotate the main pixels but not the preview: compare in every orientation.
    const views = await tinyViews(src, letterboxed ? [0, 90, 180, 270] : [0]);
    return { views, aspect: meta.width / meta.height };
  } catch {
    return null;
  }
}

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

export default defineDetector({
  meta: {
    id: 'image/thumbnail-mismatch',
    description: 'The EXIF preview shows a different picture or framing than the image.',
    appliesTo: ['image'],
    emits: [{ flag: 'compression_anomaly', reasons: ['thumbnail_content', 'thumbnail_aspect'] }],
  },
  async run(ctx) {
    const thumb = ctx.image?.exifThumbnail;
    // Damaged data decodes to filler (grey or smeared rows): it would differ from any preview.
    if (!thumb || ctx.image?.damage) return [];
    const [t, main] = await Promise.all([tiny(thumb, true), tiny(ctx.bytes, false)]);
    if (!t || !main) return [];
    const ratioOf = (a: number) => Math.max(a, main.aspect) / Math.min(a, main.aspect);
    const ratio = Math.min(ratioOf(t.aspect), ratioOf(1 / t.aspect));
    // Different framing makes a pixel comparison meaningless: report the crop itself.
    if (ratio > 1.12) {
      return [
        {
          flag: 'compression_anomaly',
          code: 'compression_anomaly.thumbnail_aspect',
          summary: `The EXIF preview has a different shape (${t.aspect.toFixed(2)}:1) than the image (${main.aspect.toFixed(2)}:1): the image was cropped after capture.`,
          pages: [1],
          strength: 0.35,
          evidence: { thumbnailAspect: Math.round(t.aspect * 100) / 100, imageAspect: Math.round(main.aspect * 100) / 100 },
        },
      ];
    }
    const r = Math.max(...t.views.map((v) => correlation(v, main.views[0])));
    if (r < 0.6) {
      return [
        {
          flag: 'compression_anomaly',
          code: 'compression_anomaly.thumbnail_content',
          summary: `The embedded EXIF preview shows different content than the image (similarity ${r.toFixed(2)}): the image was changed after the preview was made.`,
          pages: [1],
          strength: r < 0.3 ? 0.7 : 0.5,
          evidence: { similarity: Math.round(r * 100) / 100 },
        },
      ];
    }
    return [];
  },
});
