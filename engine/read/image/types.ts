/** What the image loader knows about a PNG/JPEG (owned by engine/image). */
import type { JpegStructure } from './jpeg-markers.js';
import type { PngStructure } from './png-chunks.js';

/** A grayscale raster, one byte per pixel, row-major. */
export interface GrayRaster {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface ImageInfo {
  format: 'png' | 'jpeg';
  /** Size as displayed, i.e. after applying the EXIF orientation. Boxes are fractions of this. */
  width: number;
  height: number;
  channels: number;
  /**
   * EXIF/XMP/IPTC as parsed by exifr, flattened (EXIF first, then XMP/IPTC for keys EXIF lacks).
   * Values are raw (dates stay as written, e.g. `2023:02:12 13:44:28`).
   */
  metadata: Record<string, unknown>;
  /** The same metadata per source segment: `ifd0`, `exif`, `gps`, `ifd1`, `iptc`, `ihdr`, and XMP namespaces as `xmp.<prefix>` (`xmp.xmp`, `xmp.exif`, `xmp.photoshop`...). */
  metadataSegments: Record<string, Record<string, unknown>>;
  xmp: string | null;
  /** PNG tEXt/iTXt/zTXt chunks keyword -> text. */
  pngText: Record<string, string>;
  /** JPEG quantisation tables (zig-zag order), index -> 64 values. */
  quantTables: number[][];
  /** Pixels per inch when the file states it (JFIF, EXIF or pHYs), else null. */
  density: number | null;
  /** EXIF orientation 1..8 (1 when absent). */
  orientation: number;
  hasAlpha: boolean;
  isPalette: boolean;
  /** Marker-level facts of a JPEG (null for PNG). */
  jpeg: JpegStructure | null;
  /** Chunk-level facts of a PNG (null for JPEG). */
  png: PngStructure | null;
  /** C2PA manifest store as a JUMBF superbox (JPEG APP11 or PNG caBX), or null. */
  jumbf: Uint8Array | null;
  /** The EXIF-embedded preview (a small JPEG), or null. */
  exifThumbnail: Uint8Array | null;
  /**
   * Oriented grayscale copy at a bounded working resolution (<= ~2 MP) for pixel detectors;
   * `scale` = working width / displayed width.
   */
  gray: GrayRaster & { scale: number };
  /** The decoder's complaint when pixel data is partly damaged (pixels were recovered leniently), else null. */
  damage: string | null;
  /** Fraction of working pixels that are near white (>= 235): pages and scans are mostly white. */
  whiteFraction: number;
}
