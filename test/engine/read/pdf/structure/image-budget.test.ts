import { describe, expect, it } from 'vitest';
import { applyDecodeBudget, DEFAULT_DECODE_BUDGET } from '../../../../../engine/read/pdf/structure/decode-budget.js';
import { oversizedImages } from '../../../../../engine/read/pdf/structure/image-budget.js';
import { latin1, scanStreams } from '../../../../../engine/read/pdf/structure/stream-scan.js';
import { openPdf, pdfjs } from '../../../../../engine/read/pdf/text/pdfjs.js';
import { hugeDctImage, hugeFlateImage, normalImage, pdfWithImage } from './image-fixtures.js';

const BUDGET = 100_000_000;
const streamsOf = (pdf: Uint8Array) => scanStreams(latin1(pdf));

describe('image pixel budget', () => {
  it('names an image whose declared size is over the budget, with its object and size', () => {
    const found = oversizedImages(streamsOf(pdfWithImage(hugeDctImage(60000))), BUDGET).map((o) => o.image);
    expect(found).toEqual([{ object: '5 0', width: 60000, height: 60000 }]);
  });

  it('leaves a normal image and a size given by reference alone', () => {
    expect(oversizedImages(streamsOf(pdfWithImage(normalImage())), BUDGET)).toEqual([]);
    const byReference = Buffer.from(pdfWithImage(hugeFlateImage(32768)))
      .toString('latin1')
      .replace('/Width 32768', '/Width 32 0 R');
    expect(oversizedImages(streamsOf(new Uint8Array(Buffer.from(byReference, 'latin1'))), BUDGET)).toEqual([]);
  });

  it('makes the oversized image undecodable in a copy of the same length', () => {
    const pdf = pdfWithImage(hugeDctImage(60000));
    const out = applyDecodeBudget(pdf, { ...DEFAULT_DECODE_BUDGET, maxImagePixels: BUDGET });
    expect(out.oversizedImages).toEqual([{ object: '5 0', width: 60000, height: 60000 }]);
    expect(out.bytes.length).toBe(pdf.length);
    const text = latin1(out.bytes);
    expect(text).not.toContain('/DCTDecode');
    const image = streamsOf(out.bytes).find((s) => s.object === '5 0')!;
    expect(out.bytes.subarray(image.start, image.end).every((b) => b === 0)).toBe(true);
  });

  it('keeps a document without oversized images byte for byte', () => {
    const pdf = pdfWithImage(normalImage());
    const out = applyDecodeBudget(pdf, { ...DEFAULT_DECODE_BUDGET, maxImagePixels: BUDGET });
    expect(out.bytes).toBe(pdf);
    expect(out.oversizedImages).toEqual([]);
  });

  it('pdf.js skips an image over the budget before decoding it, and still draws a normal one', async () => {
    const paintsImage = async (pdf: Uint8Array) => {
      const doc = await openPdf(pdf, { maxImagePixels: BUDGET });
      try {
        const ops = await (await doc.getPage(1)).getOperatorList();
        return ops.fnArray.includes(pdfjs.OPS.paintImageXObject);
      } finally {
        await doc.destroy();
      }
    };
    expect(await paintsImage(pdfWithImage(normalImage()))).toBe(true);
    expect(await paintsImage(pdfWithImage(hugeFlateImage(32768)))).toBe(false);
  });
});
