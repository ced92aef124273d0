/**
 * Pixel forgeries on page images: copy-move of digit glyphs from elsewhere on the same page,
 * and splicing of new text typed in another font over a white patch. Positions come from the
 * layout (points) scaled to the raster's resolution.
 */
import sharp from 'sharp';
import type { Layout, TextItem } from '../layout/layout.js';
import { textWidth } from '../layout/measure.js';

export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box of character `index` of a text item, in pixels at `dpi`. */
export function glyphRect(layout: Layout, item: TextItem, index: number, dpi: number): PixelRect {
  const s = dpi / 72;
  const before = textWidth(layout.face, item.bold, item.size, item.text.slice(0, index));
  const w = textWidth(layout.face, item.bold, item.size, item.text[index]);
  const left = Math.round((item.x + before) * s);
  const top = Math.round((item.baseline - item.size * 0.78) * s);
  return { left, top, width: Math.max(1, Math.round(w * s)), height: Math.max(1, Math.round(item.size * 0.98 * s)) };
}

/**
 * Finds a glyph of `ch` on the same page to copy from: drawn at the same size and weight if
 * possible (what a careful forger picks), else the closest match.
 */
export function findDonorGlyph(layout: Layout, page: number, ch: string, like: TextItem): { item: TextItem; index: number } | null {
  const candidates: Array<{ item: TextItem; index: number; cost: number }> = [];
  for (const it of layout.pages[page].items) {
    if (it.kind !== 'text' || it === like) continue;
    const index = it.text.indexOf(ch);
    if (index < 0) continue;
    candidates.push({ item: it, index, cost: Math.abs(it.size - like.size) + (it.bold === like.bold ? 0 : 5) });
  }
  candidates.sort((a, b) => a.cost - b.cost);
  return candidates[0] && candidates[0].cost < 6 ? { item: candidates[0].item, index: candidates[0].index } : null;
}

/**
 * Copies a pixel rectangle onto another place of the same image (copy-move). The patch is kept
 * lossless (PNG): a clone tool copies pixels exactly, it does not JPEG-encode the patch first.
 */
export async function copyMove(image: Buffer, from: PixelRect, to: PixelRect): Promise<Buffer> {
  const patch = await sharp(image).extract({ left: from.left, top: from.top, width: to.width, height: to.height }).png().toBuffer();
  return sharp(image)
    .composite([{ input: patch, left: to.left, top: to.top }])
    .png()
    .toBuffer();
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** White patch over `cover` and new text drawn in `fontFamily` (an SVG rendered by librsvg). */
export async function splice(
  image: Buffer,
  cover: PixelRect,
  text: string,
  opts: { fontFamily: string; sizePx: number; baselinePx: number; align: 'left' | 'right'; background?: string },
): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  const W = meta.width!;
  const H = meta.height!;
  const anchor = opts.align === 'right' ? 'end' : 'start';
  const x = opts.align === 'right' ? cover.left + cover.width : cover.left;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect x="${cover.left - 2}" y="${cover.top - 2}" width="${cover.width + 4}" height="${cover.height + 4}" fill="${opts.background ?? '#fbfbfb'}"/><text x="${x}" y="${opts.baselinePx}" font-family="${esc(opts.fontFamily)}" font-size="${opts.sizePx}" text-anchor="${anchor}" fill="#1a1a1a">${esc(text)}</text></svg>`;
  return sharp(image)
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
    .png()
    .toBuffer();
}

export async function encode(image: Buffer, format: 'jpg' | 'png', quality: number, software?: string): Promise<Buffer> {
  let s = sharp(image);
  if (software) s = s.withExif({ IFD0: { Software: software } });
  return format === 'jpg' ? s.jpeg({ quality, mozjpeg: false }).toBuffer() : s.png().toBuffer();
}
