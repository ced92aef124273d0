/** Scanned-document and protected-document fixtures. */
import { editWithPdfLib, grayPng, pdfkitBytes, rawText, standardPageFont } from './fixtures.js';

/**
 * A one-page "scan": a page-sized picture, optionally with an invisible OCR text layer on top
 * (`ocr`) or a visible text layer painted first and hidden under the picture (`textUnder`).
 */
export async function scannedPdf(opts: { ocr?: boolean; textUnder?: boolean } = {}): Promise<Uint8Array> {
  const png = await grayPng(300, 424, 235);
  const bytes = await pdfkitBytes(
    (doc) => {
      if (opts.textUnder) doc.font('Helvetica').fontSize(10).text('Invoice 2024-118 total 1,250.00 EUR', 60, 120);
      doc.image(Buffer.from(png), 0, 0, { width: 595.28, height: 841.89 });
    },
    { info: { Producer: 'Scanner Suite 3' } },
  );
  if (!opts.ocr) return bytes;
  return editWithPdfLib(bytes, async (page, doc) => {
    rawText(page, await standardPageFont(doc, page), [
      { x: 60, y: 720, text: 'Invoice 2024-118', mode: 3 },
      { x: 60, y: 700, text: 'Total 1,250.00 EUR', mode: 3 },
    ]);
  });
}

export function encryptedPdf(): Promise<Uint8Array> {
  return pdfkitBytes((doc) => doc.font('Helvetica').text('secret statement', 50, 50), {
    userPassword: 'open-sesame',
    ownerPassword: 'owner',
    pdfVersion: '1.7',
  });
}
