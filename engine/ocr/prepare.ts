/**
 * Turns a page picture into what tesseract reads best: one grey channel, contrast stretched,
 * and scaled so that body text lands near the 20-30 px x-height the LSTM model was trained on
 * (small screenshots are upscaled, huge phone photos downscaled to keep recognition fast).
 */
import sharp from 'sharp';
import { EngineError } from '../types.js';

/** Target width for a full page: ~190 dpi for A4/Letter, enough for 9 pt print. */
const TARGET_WIDTH = 1600;
const MAX_UPSCALE = 2.5;
/** Decoded pixels sharp may read: large enough for the engine's own image size limit. */
const PIXEL_LIMIT = 200_000_000;

export interface PreparedImage {
  png: Buffer;
  /** Prepared pixels per source pixel (bboxes from tesseract divide by this). */
  scale: number;
  width: number;
  height: number;
}

export function scaleFor(width: number): number {
  if (width <= 0) return 1;
  const s = TARGET_WIDTH / width;
  if (s > 1) return Math.min(MAX_UPSCALE, s);
  return s;
}

/**
 * Decoder failures become EngineError('corrupt_document'); partly damaged data is read leniently
 * (failOn 'none'), as the image loader does, so a truncated scan is still read where it can be.
 */
export async function prepareForOcr(image: Uint8Array | Buffer): Promise<PreparedImage> {
  try {
    return await prepare(image);
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new EngineError('corrupt_document', `The image cannot be decoded for OCR: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
  }
}

async function prepare(image: Uint8Array | Buffer): Promise<PreparedImage> {
  // autoOrient: phone photos are stored sideways with an EXIF orientation tag.
  const base = sharp(image, { limitInputPixels: PIXEL_LIMIT, failOn: 'none' }).autoOrient();
  const meta = await base.metadata();
  const srcW = meta.autoOrient?.width ?? meta.width ?? 0;
  const srcH = meta.autoOrient?.height ?? meta.height ?? 0;
  const scale = scaleFor(srcW);
  const width = Math.max(1, Math.round(srcW * scale));
  const height = Math.max(1, Math.round(srcH * scale));
  const png = await base
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(width, height, { kernel: scale > 1 ? 'cubic' : 'lanczos3' })
    // Stretch between the 0.2 % and 99 % levels: with the default 1 % floor, a sparse clean page
    // (less than 1 % ink) has its floor in the anti-aliasing grey, which turns glyph edges into
    // black halos tesseract cannot read.
    .normalise({ lower: 0.2, upper: 99 })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, scale: width / Math.max(srcW, 1), width, height };
}
