/**
 * Loads a PNG/JPEG once for every image detector: header facts and a bounded grayscale copy via
 * sharp (decoding the whole image also proves it is not corrupt), metadata via exifr, and the
 * container-level facts (quantisation tables, APPn, text chunks, C2PA JUMBF) via our own
 * marker/chunk readers.
 */
import type { Metadata } from 'sharp';
import { loadSharp } from '../../lazy-libraries.js';
import { EngineError, type MimeType } from '../../types.js';
import { flattenSegments, readExifThumbnail, readMetadataSegments, readXmpSegments } from './exif.js';
import { parseJpegMarkers } from './jpeg-markers.js';
import { parsePngChunks } from './png-chunks.js';
import type { GrayRaster, ImageInfo } from './types.js';

/** Working resolution for pixel detectors: enough for digits on a page, bounded CPU. */
export const WORKING_PIXELS = 2_000_000;
const NEAR_WHITE = 235;

function densityFrom(meta: Metadata): number | null {
  if (!meta.density || meta.density <= 0) return null;
  // sharp reports pixels per inch already; JFIF "no unit" aspect-ratio values come out as 72/1.
  return meta.resolutionUnit === 'cm' ? meta.density * 2.54 : meta.density;
}

async function decodeWorkingGray(
  bytes: Uint8Array,
  width: number,
  height: number,
  limitInputPixels: number,
  failOn: 'warning' | 'none',
): Promise<GrayRaster & { scale: number }> {
  const sharp = await loadSharp();
  const scale = Math.min(1, Math.sqrt(WORKING_PIXELS / Math.max(1, width * height)));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const { data, info } = await sharp(bytes, { failOn, limitInputPixels })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(w, h, { fit: 'fill', kernel: 'lanczos3' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height), scale: info.width / width };
}

function firstLine(err: unknown): string {
  return String((err as Error)?.message ?? err)
    .split('\n')[0]
    .replace(/^VipsJpeg: |^VipsPng: /, '')
    .trim();
}

/**
 * A strict decode first; when the decoder complains (truncated scan, bad restart markers,
 * junk between segments) a lenient one that keeps whatever pixels it recovers, so the header,
 * metadata and undamaged rows can still be examined. The complaint is kept as `damage`.
 */
async function decodePixels(
  bytes: Uint8Array,
  size: { width: number; height: number },
  limitInputPixels: number,
): Promise<{ gray: GrayRaster & { scale: number }; damage: string | null }> {
  try {
    return { gray: await decodeWorkingGray(bytes, size.width, size.height, limitInputPixels, 'warning'), damage: null };
  } catch (strictErr) {
    try {
      return { gray: await decodeWorkingGray(bytes, size.width, size.height, limitInputPixels, 'none'), damage: firstLine(strictErr) };
    } catch (err) {
      throw new EngineError('corrupt_document', `The image data is damaged: ${firstLine(err)}`);
    }
  }
}

function whiteFractionOf(g: GrayRaster): number {
  let white = 0;
  for (let i = 0; i < g.data.length; i++) if (g.data[i] >= NEAR_WHITE) white++;
  return g.data.length ? white / g.data.length : 0;
}

export async function loadImage(bytes: Uint8Array, mime: MimeType, opts: { maxMegapixels: number }): Promise<ImageInfo> {
  const sharp = await loadSharp();
  if (mime !== 'image/png' && mime !== 'image/jpeg') throw new EngineError('unsupported_document', `Not an image: ${mime}`);
  const limitInputPixels = Math.max(1, Math.floor(opts.maxMegapixels * 1_000_000));
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch (err) {
    throw new EngineError('corrupt_document', `The image cannot be read: ${firstLine(err)}`);
  }
  const format = meta.format === 'png' ? 'png' : meta.format === 'jpeg' ? 'jpeg' : null;
  if (!format || !meta.width || !meta.height) throw new EngineError('corrupt_document', 'The image header is unreadable.');
  if (meta.width * meta.height > limitInputPixels) {
    throw new EngineError(
      'image_too_large',
      `The image has ${((meta.width * meta.height) / 1e6).toFixed(1)} megapixels, above the limit of ${opts.maxMegapixels}.`,
    );
  }
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };

  const { gray, damage } = await decodePixels(bytes, oriented, limitInputPixels);

  const jpeg = format === 'jpeg' ? parseJpegMarkers(bytes) : null;
  const png = format === 'png' ? parsePngChunks(bytes) : null;
  let segments = await readMetadataSegments(bytes);
  if (png?.exif && !segments.ifd0) {
    // exifr does not read PNG eXIf chunks; the chunk is a plain TIFF structure it can parse alone.
    segments = { ...segments, ...(await readMetadataSegments(png.exif)) };
  }
  const xmp = jpeg?.xmp ?? png?.xmp ?? null;
  segments = { ...segments, ...(await readXmpSegments(xmp)) };
  const exifThumbnail = format === 'jpeg' ? await readExifThumbnail(bytes) : null;

  return {
    format,
    width: oriented.width,
    height: oriented.height,
    channels: meta.channels ?? 3,
    metadata: flattenSegments(segments),
    metadataSegments: segments,
    xmp,
    pngText: png?.text ?? {},
    quantTables: jpeg?.quantTables ?? [],
    density: densityFrom(meta),
    orientation: meta.orientation ?? 1,
    hasAlpha: meta.hasAlpha ?? false,
    isPalette: meta.isPalette ?? false,
    jpeg,
    png,
    jumbf: jpeg?.jumbf ?? png?.jumbf ?? null,
    exifThumbnail,
    gray,
    damage,
    whiteFraction: whiteFractionOf(gray),
  };
}
