import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rgbaPngDataUrl } from '../../../engine/kit/heatmap-png.js';

describe('heat map PNG', () => {
  it('encodes an RGBA raster that a decoder reads back pixel for pixel', async () => {
    const w = 5;
    const h = 3;
    const rgba = new Uint8Array(w * h * 4).map((_, i) => (i * 37) % 256);
    const url = rgbaPngDataUrl(rgba, w, h);
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const { data, info } = await sharp(Buffer.from(url.split(',')[1], 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([w, h, 4]);
    expect([...data]).toEqual([...rgba]);
  });
});
