/** Text widths from the same font programs pdfkit draws with (AFM metrics or TrueType). */
import PDFDocument from 'pdfkit';
import type { FontFace } from './fonts.js';

let probe: PDFKit.PDFDocument | null = null;
const cache = new Map<string, number>();

export function textWidth(face: FontFace, bold: boolean, size: number, text: string): number {
  const font = bold ? face.bold : face.regular;
  const key = `${font}\u0000${size}\u0000${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  probe ??= new PDFDocument({ autoFirstPage: false });
  const w = probe.font(font).fontSize(size).widthOfString(text);
  if (cache.size > 50_000) cache.clear();
  cache.set(key, w);
  return w;
}
