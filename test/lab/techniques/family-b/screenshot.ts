/** Where a value sits in a Chromium screenshot, and the fonts a screenshot editor retypes it in. */
import sharp from 'sharp';
import type { DocModel, EditTarget } from '../../model/types.js';
import { chromiumScreenshot, toHtmlB } from '../../render/family-b.js';

/** Finds the box of `before` in a screenshot by rendering it once more with that value hidden. */
export async function screenshotBox(
  model: DocModel,
  edit: EditTarget,
  size: { width: number; height: number },
  shot: Buffer,
): Promise<{ left: number; top: number; width: number; height: number }> {
  const blank = await chromiumScreenshot(
    toHtmlB(model, new Map([[edit.key, `<span style="visibility:hidden">${edit.before}</span>`]]), { screen: true }).replace(
      /&lt;span style="visibility:hidden"&gt;(.*?)&lt;\/span&gt;/,
      '<span style="visibility:hidden">$1</span>',
    ),
    size,
  );
  const a = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const b = await sharp(blank).removeAlpha().raw().toBuffer();
  const { width, height, channels } = a.info;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      if (Math.abs(a.data[i] - b[i]) + Math.abs(a.data[i + 1] - b[i + 1]) + Math.abs(a.data[i + 2] - b[i + 2]) > 30) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  if (x1 < 0) throw new Error('value not visible in the screenshot');
  return { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

export const EDITOR_FONTS = ['Liberation Sans', 'Liberation Serif', 'DejaVu Sans Condensed', 'Noto Sans'];
