/**
 * Pixel reads the image detectors need beyond the working grey copy of engine/read/image/load: a
 * full-resolution luma crop for DCT statistics, the first RGBA columns for stealth pnginfo, and
 * tiny copies of the image and its EXIF preview. Only the fact layer decodes pixels; each of
 * these runs at most once per document (engine/facts/image.ts memoises them).
 */
import { loadSharp } from '../lazy-libraries.js';
import { DCT_CROP, type LumaCrop } from '../read/image/dct-histogram.js';
import type { RgbaColumns } from '../read/provenance/stealth-pnginfo.js';

/** Centred crop on the 8x8 grid; `width`/`height` are the stored (unrotated) dimensions. */
export async function lumaCrop(bytes: Uint8Array, width: number, height: number): Promise<LumaCrop> {
  const sharp = await loadSharp();
  const w = Math.min(DCT_CROP, Math.floor(width / 8) * 8);
  const h = Math.min(DCT_CROP, Math.floor(height / 8) * 8);
  const left = Math.floor((width - w) / 16) * 8;
  const top = Math.floor((height - h) / 16) * 8;
  const { data, info } = await sharp(bytes, { failOn: 'none' }).extract({ left, top, width: w, height: h }).raw().toBuffer({ resolveWithObject: true });
  const y = new Float64Array(w * h);
  const c = info.channels;
  for (let i = 0; i < w * h; i++) {
    y[i] = c >= 3 ? 0.299 * data[i * c] + 0.587 * data[i * c + 1] + 0.114 * data[i * c + 2] : data[i * c];
  }
  return { y, w, h };
}

export async function rgbaColumns(bytes: Uint8Array, cols: number, height: number): Promise<RgbaColumns> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, { failOn: 'none' })
    .extract({ left: 0, top: 0, width: cols, height })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), info: { width: info.width, height: info.height } };
}

/** Side of the tiny comparison copies. */
export const TINY_SIDE = 24;

export interface TinyViews {
  /** Tiny grey copies (TINY_SIDE squared), in stored orientation, then turned 90, 180, 270 degrees when asked. */
  views: Float64Array[];
  aspect: number;
}

async function tinyViews(bytes: Uint8Array, rotations: number[]): Promise<Float64Array[]> {
  const sharp = await loadSharp();
  return Promise.all(
    rotations.map(async (deg) => {
      const { data } = await sharp(bytes, { failOn: 'none' })
        .rotate(deg)
        .resize(TINY_SIDE, TINY_SIDE, { fit: 'fill' })
        .grayscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return Float64Array.from(data.subarray(0, TINY_SIDE * TINY_SIDE));
    }),
  );
}

/** Removes black letterbox bars (full-width or full-height only: a dark subject is not a bar). */
async function withoutBars(bytes: Uint8Array): Promise<{ src: Uint8Array; width: number; height: number }> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { failOn: 'none' }).metadata();
  const { data, info } = await sharp(bytes, { failOn: 'none' }).trim({ background: '#000000', threshold: 12 }).toBuffer({ resolveWithObject: true });
  const bars = info.width >= 0.97 * (meta.width ?? 0) || info.height >= 0.97 * (meta.height ?? 0);
  return bars ? { src: new Uint8Array(data), width: info.width, height: info.height } : { src: bytes, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/**
 * Tiny copies of a picture for a pixel comparison. `letterboxed` pictures (EXIF previews) lose
 * their black bars first and come in all four turns, because some cameras rotate the main
 * pixels but not the preview. `size` is the stored size when the caller knows it (no header read).
 */
export async function tinyCopies(bytes: Uint8Array, letterboxed: boolean, size?: { width: number; height: number }): Promise<TinyViews | null> {
  const sharp = await loadSharp();
  try {
    let src = bytes;
    let dims = size;
    if (letterboxed) {
      const cut = await withoutBars(bytes);
      src = cut.src;
      dims = { width: cut.width, height: cut.height };
    }
    if (!dims) {
      const meta = await sharp(src, { failOn: 'none' }).metadata();
      dims = { width: meta.width ?? 0, height: meta.height ?? 0 };
    }
    if (!dims.width || !dims.height) return null;
    const views = await tinyViews(src, letterboxed ? [0, 90, 180, 270] : [0]);
    return { views, aspect: dims.width / dims.height };
  } catch {
    return null;
  }
}

/** Largest image whose full-resolution luma is decoded for block-level pixel forensics. */
export const FULL_LUMA_MAX_PIXELS = 16_000_000;

export interface FullLuma {
  width: number;
  height: number;
  data: Uint8Array;
  /** True when the pixels are in stored orientation, so the JPEG 8x8 grid starts at (0, 0). */
  gridAligned: boolean;
}

/**
 * The whole image as grey at full resolution, in displayed orientation (boxes are fractions of
 * it, like those on the working copy). Retyped digits on a 300 dpi scan are ~30 px tall: at the
 * <= 2 MP working resolution they fall inside one or two cells, and the JPEG block grid is lost.
 */
export async function fullLuma(bytes: Uint8Array): Promise<Omit<FullLuma, 'gridAligned'>> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, { failOn: 'none', limitInputPixels: FULL_LUMA_MAX_PIXELS + 1 })
    .rotate()
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const c = info.channels;
  const out =
    c === 1
      ? new Uint8Array(data.buffer, data.byteOffset, info.width * info.height)
      : Uint8Array.from({ length: info.width * info.height }, (_, i) => data[i * c]);
  return { width: info.width, height: info.height, data: out };
}
