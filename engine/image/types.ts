/** What the image loader knows about a PNG/JPEG (owned by engine/image). */
export interface ImageInfo {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  channels: number;
  /** EXIF/XMP/IPTC as parsed (exifr), lower-level chunks in `raw`. */
  metadata: Record<string, unknown>;
  xmp: string | null;
  /** PNG tEXt/iTXt/zTXt chunks keyword -> text. */
  pngText: Record<string, string>;
  /** JPEG quantisation tables (zig-zag order), index -> 64 values. */
  quantTables: number[][];
}
