/**
 * A part of a prepared page (engine/read/ocr/prepare.ts) as a picture of its own, and a reading of
 * it moved back to page pixels. Tesseract given a `rectangle` still takes in, and the worker
 * still receives, the whole page; given the same pixels cut out it thresholds, lays out and
 * recognises them exactly as it does the rectangle (docs/ocr.md, "Columns the page segmentation
 * left unread"), without the whole page's cost.
 */
import type { Page } from 'tesseract.js';
import type { Crop } from './prepare.js';

/** The pixels of `part` of a PGM (`width` x `height` after its header) as a PGM of their own. */
export function partImage(pgm: Buffer, width: number, height: number, part: Crop): Buffer {
  const pixels = pgm.subarray(pgm.length - width * height);
  const header = Buffer.from(`P5\n${part.width} ${part.height}\n255\n`, 'latin1');
  if (part.left === 0 && part.width === width) return Buffer.concat([header, pixels.subarray(part.top * width, (part.top + part.height) * width)]);
  const out = Buffer.allocUnsafe(header.length + part.width * part.height);
  header.copy(out);
  for (let y = 0; y < part.height; y++) {
    const from = (part.top + y) * width + part.left;
    pixels.copy(out, header.length + y * part.width, from, from + part.width);
  }
  return out;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
type Shiftable = { bbox: Box; baseline?: Box };

const box = (b: Box, dx: number, dy: number): Box => ({ ...b, x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy });

function shifted<T extends Shiftable>(item: T, dx: number, dy: number): T {
  const bbox = box(item.bbox, dx, dy);
  return item.baseline ? { ...item, bbox, baseline: box(item.baseline, dx, dy) } : { ...item, bbox };
}

/** A part's page moved to where the part lies on the page (boxes and baselines at every level). */
export function movedBy(page: Page, dx: number, dy: number): Page {
  if (!dx && !dy) return page;
  const blocks = (page.blocks ?? []).map((b) => ({
    ...shifted(b, dx, dy),
    paragraphs: b.paragraphs.map((p) => ({
      ...shifted(p, dx, dy),
      lines: p.lines.map((l) => ({
        ...shifted(l, dx, dy),
        words: l.words.map((w) => ({ ...shifted(w, dx, dy), symbols: w.symbols.map((s) => shifted(s, dx, dy)) })),
      })),
    })),
  }));
  return { ...page, blocks };
}
