/**
 * Turns a page picture into what tesseract reads best: one grey channel, contrast stretched,
 * and scaled so that body text lands near the 20-30 px x-height the LSTM model was trained on
 * (small screenshots are upscaled, huge phone photos downscaled to keep recognition fast).
 */
import type { Sharp } from 'sharp';
import { loadSharp } from '../../lazy-libraries.js';
import type { GrayRaster } from '../image/types.js';
import { EngineError } from '../../types.js';
import { normaliseGrey } from './stretch.js';

/** Target width for a full page: ~190 dpi for A4/Letter, enough for 9 pt print. */
const TARGET_WIDTH = 1600;
const MAX_UPSCALE = 2.5;
/** Decoded pixels sharp may read: large enough for the engine's own image size limit. */
const PIXEL_LIMIT = 200_000_000;

export interface PreparedImage {
  /**
   * 8-bit grey PGM: the pixels tesseract would decode from a PNG, without compressing them here
   * and inflating them again in its (wasm) decoder, ~0.1 s per page of the critical path.
   */
  image: Buffer;
  /** The source's resolution for tesseract, as a PNG would have carried it (engine/ocr/tesseract.ts). */
  dpi?: number;
  /** Prepared pixels per source pixel (bboxes from tesseract divide by this). */
  scale: number;
  width: number;
  height: number;
}

/** A part of the picture to read, in source pixels after orientation (engine/ocr/page-region.ts). */
export interface Crop {
  left: number;
  top: number;
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
export async function prepareForOcr(image: Uint8Array | Buffer, crop?: Crop, full?: () => Promise<FullGrey | null>): Promise<PreparedImage> {
  try {
    return await prepare(image, crop, full);
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new EngineError('corrupt_document', `The image cannot be decoded for OCR: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
  }
}

/**
 * Whether OCR upscales this picture (narrower than the reading width), read from its header. Such
 * a picture is always prepared from the file (the loader's working grey copy is never wider than
 * the picture, so `prepareGreyForOcr` declines it), so its preparation can start before the
 * loader's decode is done (engine/facts `ocrPicture`). False for an unreadable header or a picture
 * of more than `maxPixels` (the loader refuses those before decoding anything).
 */
export async function upscaledForOcr(image: Uint8Array, maxPixels: number): Promise<boolean> {
  const sharp = await loadSharp();
  const meta = await sharp(image, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  const width = meta?.autoOrient?.width ?? meta?.width ?? 0;
  const height = meta?.autoOrient?.height ?? meta?.height ?? 0;
  return width > 0 && height > 0 && width * height <= maxPixels && scaleFor(width) > 1;
}

/** A page render's raw pixels (engine/ocr/pdf-pages.ts), prepared as its PNG would have been. */
export async function prepareRgbaForOcr(picture: { rgba: Uint8Array; width: number; height: number; density: number }): Promise<PreparedImage> {
  const sharp = await loadSharp();
  const base = sharp(picture.rgba, { raw: { width: picture.width, height: picture.height, channels: 4 }, limitInputPixels: PIXEL_LIMIT });
  return prepareFrom(base, picture.width, picture.height, picture.density);
}

async function prepare(image: Uint8Array | Buffer, crop?: Crop, full?: () => Promise<FullGrey | null>): Promise<PreparedImage> {
  const sharp = await loadSharp();
  // autoOrient: phone photos are stored sideways with an EXIF orientation tag.
  const base = sharp(image, { limitInputPixels: PIXEL_LIMIT, failOn: 'none' }).autoOrient();
  const meta = await base.metadata();
  if (!crop) return prepareFrom(base, meta.autoOrient?.width ?? meta.width ?? 0, meta.autoOrient?.height ?? meta.height ?? 0, meta.density);
  const decoded = full ? await full().catch(() => null) : null;
  if (decoded && crop.left + crop.width <= decoded.width && crop.top + crop.height <= decoded.height) {
    return prepareFrom(sharp(rowsOf(decoded, crop), { raw: { width: crop.width, height: crop.height, channels: 1 } }), crop.width, crop.height, meta.density);
  }
  // Cut out first, in a pipeline of its own: after a rotation sharp would resize before extracting.
  const { data, info } = await base.extract(crop).flatten({ background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
  return prepareFrom(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }), info.width, info.height, meta.density);
}

/**
 * A whole picture decoded at full resolution, oriented and grey, with no alpha to flatten: the
 * pixel detectors' full luma (engine/facts/pixels.ts `fullLuma`). Its pixels are those the crop
 * pipeline above decodes (no resize, so no JPEG shrink-on-load: the same decoder output; grey
 * conversion is per pixel), so a photographed sheet is cut from it instead of decoding the file
 * once more.
 */
export interface FullGrey {
  data: Uint8Array;
  width: number;
  height: number;
}

function rowsOf(full: FullGrey, crop: Crop): Buffer {
  const out = Buffer.allocUnsafe(crop.width * crop.height);
  for (let y = 0; y < crop.height; y++) {
    const from = (crop.top + y) * full.width + crop.left;
    out.set(full.data.subarray(from, from + crop.width), y * crop.width);
  }
  return out;
}

async function prepareFrom(base: Sharp, srcW: number, srcH: number, density: number | undefined): Promise<PreparedImage> {
  const { width, height } = preparedSize(srcW, srcH);
  // Decoded and resized into memory first: normalise() reads its input twice (a histogram pass,
  // then the stretch), and on a pipeline that means decoding and resizing the image twice.
  const grey = await base
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(width, height, { kernel: scaleFor(srcW) > 1 ? 'cubic' : 'lanczos3' })
    .raw()
    .toBuffer();
  return { image: await stretchToPgm(grey, width, height), ...dpiOf(density), scale: width / Math.max(srcW, 1), width, height };
}

function preparedSize(srcW: number, srcH: number): { width: number; height: number } {
  const scale = scaleFor(srcW);
  return { width: Math.max(1, Math.round(srcW * scale)), height: Math.max(1, Math.round(srcH * scale)) };
}

/**
 * `density` is the source's (sharp's reading of it). A PNG carried it as pHYs, which tesseract
 * read as the resolution when credible (70-2400 dpi) and otherwise estimated the resolution from
 * the text; `user_defined_dpi` with the same rounded figure, set only when credible, does the same.
 */
function dpiOf(density: number | undefined): { dpi?: number } {
  const dpi = density ? Math.round(density) : 0;
  return dpi >= 70 && dpi <= 2400 ? { dpi } : {};
}

async function stretchToPgm(grey: Uint8Array, width: number, height: number): Promise<Buffer> {
  const stretched = (await normaliseGrey(grey)) ?? (await stretchBySharp(grey, width, height));
  if (stretched.length !== width * height) throw new EngineError('corrupt_document', 'The image cannot be prepared for OCR.');
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), stretched]);
}

/** The stretch by sharp on the whole page (engine/ocr/stretch.ts does the same from a table). */
async function stretchBySharp(grey: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return (
    sharp(grey, { raw: { width, height, channels: 1 } })
      .grayscale()
      // Stretch between the 0.2 % and 99 % levels: with the default 1 % floor, a sparse clean page
      // (less than 1 % ink) has its floor in the anti-aliasing grey, which turns glyph edges into
      // black halos tesseract cannot read. (sharp reads `lower` as an integer: 0, the darkest level.)
      .normalise({ lower: 0.2, upper: 99 })
      .raw()
      .toBuffer()
  );
}

/**
 * The same preparation from the image loader's working grey copy (oriented, flattened, grey)
 * when that copy has at least the resolution OCR reads at, as a landscape phone photo's does:
 * the photo is then decoded once for every reader. Null when OCR needs more pixels than the
 * copy has (portrait pages, small images that OCR upscales): the caller decodes the file.
 */
export async function prepareGreyForOcr(
  grey: GrayRaster,
  bytes: Uint8Array,
  source: { width: number; height: number },
  crop?: Crop,
): Promise<PreparedImage | null> {
  const sharp = await loadSharp();
  const part = crop ?? { left: 0, top: 0, width: source.width, height: source.height };
  const { width, height } = preparedSize(part.width, part.height);
  // The same part of the grey copy, in its own pixels.
  const gx = grey.width / Math.max(source.width, 1);
  const gy = grey.height / Math.max(source.height, 1);
  const left = Math.round(part.left * gx);
  const top = Math.round(part.top * gy);
  const g = { left, top, width: Math.min(Math.round(part.width * gx), grey.width - left), height: Math.min(Math.round(part.height * gy), grey.height - top) };
  if (g.width < width || g.height < height) return null;
  try {
    const { density } = await sharp(bytes, { limitInputPixels: false }).metadata();
    const whole = g.left === 0 && g.top === 0 && g.width === grey.width && g.height === grey.height;
    const sized =
      whole && grey.width === width && grey.height === height
        ? grey.data
        : await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
            .extract(g)
            .grayscale()
            .resize(width, height, { kernel: 'lanczos3' })
            .raw()
            .toBuffer();
    if (sized.length !== width * height) return null;
    return { image: await stretchToPgm(sized, width, height), ...dpiOf(density), scale: width / Math.max(part.width, 1), width, height };
  } catch {
    return null;
  }
}
