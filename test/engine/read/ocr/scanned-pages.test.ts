/**
 * A scanned PDF's pages are read as many at a time as there are OCR workers, and come back in
 * page order whatever order the readings finish in. Tesseract is replaced by a reader that takes
 * longer on earlier pages and records how many readings overlap.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'tesseract.js';
import { grayPng, pdfkitBytes } from '../pdf/text/fixtures.js';
import type { PageLayer } from '../../../../engine/read/pdf/text/types.js';

const state = vi.hoisted(() => ({ running: 0, most: 0, started: [] as string[], release: null as null | (() => void), gate: true }));

vi.mock('../../../../engine/read/ocr/tesseract.js', () => ({
  ocrParallelism: () => 2,
  setOcrIdleTimeout: () => undefined,
  terminateOcr: async () => undefined,
  async recognize(image: Buffer): Promise<Page> {
    const id = String(state.started.length + 1);
    state.started.push(id);
    state.running++;
    state.most = Math.max(state.most, state.running);
    // The first reading lasts until a second one starts (or 5 s, when pages are read one by
    // one), so the readings overlap and finish out of order however long rendering takes.
    if (id === '1' && state.gate) {
      await new Promise<void>((resolve) => {
        state.release = resolve;
        setTimeout(resolve, 5000);
      });
    } else {
      state.release?.();
      await new Promise((r) => setTimeout(r, 20));
    }
    state.running--;
    const word = { text: `page-${id}`, confidence: 95, bbox: { x0: 10, y0: 10, x1: 200, y1: 40 }, symbols: [], choices: [], font_name: '' };
    const line = {
      words: [word],
      text: word.text,
      confidence: 95,
      bbox: word.bbox,
      baseline: { x0: 10, y0: 38, x1: 200, y1: 38 },
      rowAttributes: { ascenders: 5, descenders: 5, rowHeight: 30 },
    };
    expect(image.subarray(0, 2).toString('latin1')).toBe('P5');
    return { blocks: [{ paragraphs: [{ lines: [line] }] }] } as unknown as Page;
  },
}));

const { ocrScannedPages } = await import('../../../../engine/read/ocr/index.js');

async function scannedPages(n: number): Promise<Uint8Array> {
  const png = Buffer.from(await grayPng(300, 424, 235));
  return pdfkitBytes((doc) => {
    for (let i = 0; i < n; i++) {
      if (i > 0) doc.addPage();
      doc.image(png, 0, 0, { width: 595.28, height: 841.89 });
    }
  });
}

function emptyLayer(page: number): PageLayer {
  return { page, width: 595.28, height: 841.89, runs: [], text: '', imageCoverage: 1, imageOnly: true };
}

describe('ocrScannedPages', () => {
  it('reads two pages at a time and returns them in page order', async () => {
    const pages = [1, 2, 3, 4].map(emptyLayer);
    const read = await ocrScannedPages(await scannedPages(4), pages, {});
    expect(state.most).toBe(2);
    expect(read.map((p) => [p.page, p.source, p.text.trim()])).toEqual([
      [1, 'ocr', 'page-1'],
      // Order of reading: first page, last page, then those between (pagesToOcr).
      [2, 'ocr', 'page-3'],
      [3, 'ocr', 'page-4'],
      [4, 'ocr', 'page-2'],
    ]);
  });

  it('stops starting pages at the page cap', async () => {
    state.started.length = 0;
    state.gate = false;
    const pages = [1, 2, 3].map(emptyLayer);
    const read = await ocrScannedPages(await scannedPages(3), pages, { ocr: { maxPages: 1 } });
    expect(state.started).toHaveLength(1);
    expect(read.map((p) => p.source ?? 'none')).toEqual(['ocr', 'none', 'none']);
  });
});
