import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blankImageData } from '../../../../../engine/read/pdf/structure/blank-images.js';
import { loadPdfText } from '../../../../../engine/read/pdf/text/index.js';

async function pdfWithImage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 800]);
  const jpg = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();
  page.drawImage(await doc.embedJpg(jpg), { x: 100, y: 400, width: 300, height: 200 });
  page.drawText('Total 100.00', { x: 100, y: 300, size: 12 });
  return doc.save({ useObjectStreams: false });
}

describe('image data blanked for the text pass', () => {
  it('zeroes only image data, keeping the length and every other byte', async () => {
    const pdf = await pdfWithImage();
    const { bytes, blanked } = blankImageData(pdf);
    expect(blanked).toBe(1);
    expect(bytes.length).toBe(pdf.length);
    const changed = bytes.reduce((n, b, i) => n + (b !== pdf[i] ? 1 : 0), 0);
    expect(changed).toBeGreaterThan(100);
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('/Subtype /Image');
  });

  it('leaves a document without images untouched', async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Hello');
    const pdf = await doc.save();
    expect(blankImageData(pdf).bytes).toBe(pdf);
  });

  it('keeps where each image is painted, and the text', async () => {
    const pdf = await pdfWithImage();
    const original = await loadPdfText(pdf, { maxPages: 5 });
    const blanked = await loadPdfText(blankImageData(pdf).bytes, { maxPages: 5 });
    const images = (layer: typeof original) => JSON.stringify(layer.pages.map((p) => p.paint?.filter((x) => x.kind === 'image')));
    expect(images(original)).toContain('image');
    expect(images(blanked)).toEqual(images(original));
    expect(blanked.pages[0].imageCoverage).toEqual(original.pages[0].imageCoverage);
    expect(blanked.pages[0].text).toEqual(original.pages[0].text);
  });
});

describe('image dictionaries pdf.js would loop on', () => {
  it('rewrites an impossible bit depth and the filters of a blanked image, keeping the length', () => {
    const head =
      '%PDF-1.4\n5 0 obj\n<< /Type /XObject /Subtype /Image /Width 399 /Height 400 /ColorSpace /DeviceGray /Filter /JBIG2Decode /BitsPerComponent 2147483640 /Length 4 >>\nstream\n';
    const pdf = new Uint8Array(Buffer.from(`${head}abcd\nendstream\nendobj\n`, 'latin1'));
    const out = blankImageData(pdf);
    const text = Buffer.from(out.bytes).toString('latin1');
    expect(out.bytes.length).toBe(pdf.length);
    expect(text).toMatch(/\/BitsPerComponent 1 +\/Length/);
    expect(text).toMatch(/\/Filter \/Fl +\/BitsPerComponent/);
    expect(text).not.toContain('abcd');
  });
});
