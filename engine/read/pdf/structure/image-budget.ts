/**
 * A pixel budget for the images inside a PDF. A few bytes of JPEG or Flate data can declare a
 * 60000x60000 picture, and a decoder allocates for the declared size before it reads any data:
 * gigabytes for a 100 KB file, or a canvas that cannot be made at all. The declared /Width and
 * /Height of every image XObject are read from its dictionary before any reader decodes it (a
 * size given as a reference is left to pdf.js's own `maxImageSize`, as inline images are).
 */
import type { RawStream } from './stream-scan.js';

export interface OversizedImage {
  /** `N G` of the image XObject, when its header could be read. */
  object: string | null;
  width: number;
  height: number;
}

const IMAGE = /\/Subtype\s*\/Image\b/;
const WIDTH = /\/Width\s+(\d+)\b(?!\s+\d+\s+R)/;
const HEIGHT = /\/Height\s+(\d+)\b(?!\s+\d+\s+R)/;

/** The image streams whose declared size is over `maxPixels` (width times height). */
export function oversizedImages(streams: readonly RawStream[], maxPixels: number): { stream: RawStream; image: OversizedImage }[] {
  const out: { stream: RawStream; image: OversizedImage }[] = [];
  for (const s of streams) {
    if (!IMAGE.test(s.header)) continue;
    const width = WIDTH.exec(s.header);
    const height = HEIGHT.exec(s.header);
    if (!width || !height) continue;
    const image = { object: s.object, width: Number(width[1]), height: Number(height[1]) };
    if (image.width * image.height > maxPixels) out.push({ stream: s, image });
  }
  return out;
}
