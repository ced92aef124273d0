// SCAFFOLD: replaced by helper C (photo / scan_image / screenshot / digital_image).
import type { DocumentFormat } from '../types.js';
import type { ImageInfo } from './types.js';

export function classifyImageFormat(_image: ImageInfo): DocumentFormat {
  return 'digital_image';
}
