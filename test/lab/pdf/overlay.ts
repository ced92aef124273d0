/**
 * The most common PDF forgery: a white box over the printed value and the new value typed on
 * top in whatever font the editor offers. The old text stays in the original content stream,
 * hidden under the box.
 */
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { BBox } from '../../../engine/types.js';
import type { HouseFont } from '../data/issuers.js';
import { forgerTtf, standardFamily } from '../layout/fonts.js';
import { findItem, itemBox, type Layout } from '../layout/layout.js';
import type { EditTarget } from '../model/types.js';
import type { Rng } from '../util/prng.js';

export type ForgerFont = { kind: 'standard'; name: StandardFonts } | { kind: 'ttf'; path: string };

/** Always a face other than the document's own: editors substitute what they have. */
export function pickForgerFont(rng: Rng, family: HouseFont): ForgerFont {
  const std = standardFamily(family);
  const options: ForgerFont[] = [];
  if (std !== 'Helvetica') options.push({ kind: 'standard', name: StandardFonts.Helvetica });
  if (std !== 'Times-Roman') options.push({ kind: 'standard', name: StandardFonts.TimesRoman });
  const ttf = forgerTtf();
  if (ttf && family !== 'DejaVuSans' && family !== 'LiberationSans') options.push({ kind: 'ttf', path: ttf });
  return rng.pick(options);
}

export function describeFont(f: ForgerFont): string {
  return f.kind === 'standard'
    ? f.name
    : f.path
        .split('/')
        .pop()!
        .replace(/\.ttf$/, '');
}

async function embed(doc: PDFDocument, font: ForgerFont): Promise<PDFFont> {
  if (font.kind === 'standard') return doc.embedFont(font.name);
  doc.registerFontkit(fontkit);
  return doc.embedFont(readFileSync(font.path), { subset: true });
}

export interface OverlayResult {
  page: number;
  bbox: BBox;
}

export async function applyOverlay(doc: PDFDocument, layout: Layout, edit: EditTarget, font: ForgerFont): Promise<OverlayResult> {
  const found = findItem(layout, edit.key);
  if (!found) throw new Error(`no printed value with key ${edit.key}`);
  const { page: index, item } = found;
  const page = doc.getPage(index);
  const H = page.getHeight();
  const pdfFont = await embed(doc, font);
  const newWidth = pdfFont.widthOfTextAtSize(edit.after, item.size);
  const newX = item.align === 'right' ? item.x + item.width - newWidth : item.x;
  const [x0, top, x1, bottom] = itemBox(item);
  const left = Math.min(x0, newX) - 1.5;
  const right = Math.max(x1, newX + newWidth) + 1.5;
  page.drawRectangle({ x: left, y: H - bottom - 1, width: right - left, height: bottom - top + 2, color: rgb(1, 1, 1) });
  page.drawText(edit.after, { x: newX, y: H - item.baseline, size: item.size, font: pdfFont, color: rgb(0.07, 0.07, 0.07) });
  return { page: index + 1, bbox: [left / layout.width, (top - 1) / layout.height, right / layout.width, (bottom + 1) / layout.height] };
}
