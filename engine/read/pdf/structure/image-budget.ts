/**
 * What an image XObject asks a reader to allocate, judged before any decode. Readers size an
 * image's buffers from the declared /Width, /Height, colour space and bit depth, whatever the
 * data holds, so a few KB can demand gigabytes. An image is refused when its declared decoded
 * size is beyond any page (absolute caps), or when it is large and its data cannot possibly
 * encode it (a bomb: gigapixels declared over a few KB of DCT or Flate). Codecs that encode a
 * blank area in almost nothing (CCITT, JBIG2, JPEG 2000) are held to the absolute caps only: a
 * genuine 1-bit book scan of 100 megapixels is 12 MB decoded and stays quiet.
 */

export const IMAGE_LIMITS = {
  /**
   * pdf.js's `maxImageSize`: it skips larger images rather than paint them on a canvas of 4 bytes
   * per pixel (512 MiB here). Not a refusal of ours: pixels alone say nothing of intent (a test
   * sheet of 35000x35000 1-bit pixels is 150 MB decoded, 10 KB of CCITT).
   */
  maxPixels: 2 ** 27,
  /** Decoded bytes of one image (w * h * components * bits / 8). */
  maxDecodedBytes: 256 * 1024 * 1024,
  /** Below this decoded size an image is never questioned for its data. */
  plausibilityFloor: 16 * 1024 * 1024,
  /** Decoded bytes one byte of DCT data can stand for: at least one bit per 8x8 block and component. */
  dctBytesPerDataByte: 1024,
} as const;

export interface DeclaredImage {
  width: number;
  height: number;
  components: number;
  bitsPerComponent: number;
  /** w * h * components * bits / 8. */
  decodedBytes: number;
}

const NUMBER = (header: string, key: string): number | null => {
  const m = new RegExp(`/${key}\\s+(\\d+)`).exec(header);
  return m ? Number(m[1]) : null;
};

function components(header: string): number {
  const cs = /\/ColorSpace\s*(\[\s*)?\/(\w+)/.exec(header)?.[2];
  switch (cs) {
    case 'DeviceGray':
    case 'CalGray':
    case 'G':
    case 'Indexed':
    case 'I':
    case 'Separation':
    case 'Pattern':
      return 1;
    case 'DeviceCMYK':
    case 'CMYK':
      return 4;
    case 'DeviceN': {
      const names = /\/DeviceN\s*\[([^\]]*)\]/.exec(header)?.[1];
      return names ? Math.max(1, (names.match(/\//g) ?? []).length) : 4;
    }
    default:
      // RGB, Lab, ICC profiles (usually RGB) and JPEG 2000 without a colour space.
      return 3;
  }
}

/** The declared geometry of an image stream's dictionary, or null when it is not an image. */
export function declaredImage(header: string): DeclaredImage | null {
  if (!/\/Subtype\s*\/Image\b/.test(header)) return null;
  const width = NUMBER(header, 'Width');
  const height = NUMBER(header, 'Height');
  if (width === null || height === null) return null;
  const mask = /\/ImageMask\s+true\b/.test(header);
  const comps = mask ? 1 : components(header);
  const bpc = mask ? 1 : (NUMBER(header, 'BitsPerComponent') ?? 8);
  return { width, height, components: comps, bitsPerComponent: bpc, decodedBytes: Math.ceil((width * comps * bpc) / 8) * height };
}

export type ImageRefusal = 'bytes_over_budget' | 'data_cannot_hold_image';

/**
 * `dataBytes`: what the image codec receives (after any general filters); `decodedBytes`: what
 * the general filters produced when the chain has no image codec (their output is the pixels).
 */
export function judgeImage(image: DeclaredImage, codec: string | null, dataBytes: number, decodedBytes: number): ImageRefusal | null {
  if (image.decodedBytes > IMAGE_LIMITS.maxDecodedBytes) return 'bytes_over_budget';
  if (image.decodedBytes <= IMAGE_LIMITS.plausibilityFloor) return null;
  const canHold = codec === null ? decodedBytes : codec === 'DCTDecode' ? dataBytes * IMAGE_LIMITS.dctBytesPerDataByte : Infinity;
  return canHold * 2 < image.decodedBytes ? 'data_cannot_hold_image' : null;
}
