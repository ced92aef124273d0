import { describe, expect, it } from 'vitest';
import type { GrayRaster } from '../../../../engine/read/image/types.js';
import { photographedPage } from '../../../../engine/read/ocr/page-region.js';

/** A grey picture: `bg` everywhere, `paint` draws on it. */
function picture(
  width: number,
  height: number,
  bg: number,
  paint: (set: (x0: number, y0: number, x1: number, y1: number, v: number) => void) => void,
): GrayRaster {
  const data = new Uint8Array(width * height).fill(bg);
  paint((x0, y0, x1, y1, v) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * width + x] = v;
  });
  return { width, height, data };
}

/** Lines of "text" (dark bars) on a sheet. */
function textLines(set: (x0: number, y0: number, x1: number, y1: number, v: number) => void, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0 + 40; y < y1 - 40; y += 24) set(x0 + 30, y, x1 - 30 - ((y * 7) % 90), y + 9, 30);
}

describe('photographedPage', () => {
  it('finds a light sheet on a darker desk, with a small margin', () => {
    const g = picture(900, 1200, 95, (set) => {
      set(150, 120, 760, 1080, 235);
      textLines(set, 150, 120, 760, 1080);
    });
    const r = photographedPage(g)!;
    expect(r).not.toBeNull();
    expect(r[0]).toBeGreaterThan(0.13);
    expect(r[0]).toBeLessThan(150 / 900);
    expect(r[2]).toBeGreaterThan(760 / 900);
    expect(r[2]).toBeLessThan(0.87);
    expect(r[1]).toBeLessThan(120 / 1200);
    expect(r[3]).toBeGreaterThan(1080 / 1200);
  });

  it('reads a scan whole: the page runs to the edges of the picture', () => {
    const g = picture(850, 1100, 240, (set) => textLines(set, 0, 0, 850, 1100));
    expect(photographedPage(g)).toBeNull();
  });

  it('reads a screenshot whole: a dark banner on one side is no surround', () => {
    const g = picture(900, 1300, 250, (set) => {
      set(0, 0, 900, 110, 40);
      textLines(set, 0, 110, 900, 1300);
    });
    expect(photographedPage(g)).toBeNull();
  });

  it('reads a sheet that fills the frame whole: nothing worth cropping', () => {
    const g = picture(900, 1200, 90, (set) => {
      set(12, 12, 888, 1188, 235);
      textLines(set, 12, 12, 888, 1188);
    });
    expect(photographedPage(g)).toBeNull();
  });

  it('needs contrast between sheet and surround', () => {
    const g = picture(900, 1200, 215, (set) => {
      set(150, 120, 760, 1080, 235);
      textLines(set, 150, 120, 760, 1080);
    });
    expect(photographedPage(g)).toBeNull();
  });
});
