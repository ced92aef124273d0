/**
 * The EXIF preview is written by the camera at capture time and most editors leave it alone,
 * so a preview that shows a different picture (or a different framing) than the image itself
 * means the image was changed after capture. Both are decoded tiny and in stored orientation.
 */
import sharp from 'sharp';
import { defineDetector } from '../detect/types.js';

const SIDE = 24;

async function tinyGray(bytes: Uint8Array, trim: boolean): Promise<{ data: Float64Array; aspect: number } | null> {
  try {
    let s = sharp(bytes, { failOn: 'none' });
    // Previews of non-4:3 pictures are often letterboxed with black bars.
    if (trim) s = sharp(await s.trim({ background: '#000000', threshold: 12 }).toBuffer(), { failOn: 'none' });
    const meta = await s.metadata();
    if (!meta.width || !meta.height) return null;
    const { data } = await s.resize(SIDE, SIDE, { fit: 'fill' }).grayscale().raw().toBuffer({ resolveWithObject: true });
    return { data: Float64Array.from(data.subarray(0, SIDE * SIDE)), aspect: meta.width / meta.height };
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
    if (!thumb) return [];
    const [t, main] = await Promise.all([tinyGray(thumb, true), tinyGray(ctx.bytes, false)]);
    if (!t || !main) return [];
    const r = correlation(t.data, main.data);
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
    const ratio = Math.max(t.aspect, main.aspect) / Math.min(t.aspect, main.aspect);
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
    return [];
  },
});
