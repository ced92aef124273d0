// SCAFFOLD: replaced by the image loader (helper C).
import type { MimeType } from '../types.js';
import type { ImageInfo } from './types.js';

export async function loadImage(_bytes: Uint8Array, _mime: MimeType, _opts: { maxMegapixels: number }): Promise<ImageInfo> {
  throw new Error('loadImage: not implemented yet');
}
