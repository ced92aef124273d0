/** The structured document attached to a hybrid e-invoice or e-order: which XML counts, and what is read from it. */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { openPdfFile } from '../../../../../engine/read/pdf/structure/index.js';
import { readEmbeddedInvoice } from '../../../../../engine/read/pdf/structure/embedded-invoice.js';

async function withAttachment(name: string, xml: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  await doc.attach(new TextEncoder().encode(xml), name, { mimeType: 'text/xml', description: 'structured data' });
  return doc.save({ useObjectStreams: false });
}

const line = (root: string) =>
  `<?xml version="1.0"?><rsm:${root} xmlns:rsm="urn:un:unece:uncefact:data:${root}:100"><ram:LineTotalAmount>1180.1</ram:LineTotalAmount><ram:ChargeAmount>236.02</ram:ChargeAmount><ram:IBANID>DE02120300000000202051</ram:IBANID></rsm:${root}>`;

describe('embedded structured invoice', () => {
  it('reads a Factur-X / ZUGFeRD invoice: its figures in cents and its IBANs', async () => {
    const file = openPdfFile(await withAttachment('factur-x.xml', line('CrossIndustryInvoice')));
    const inv = readEmbeddedInvoice(file);
    expect(inv?.file).toBe('factur-x.xml');
    expect(inv?.cents.has(118010)).toBe(true);
    expect(inv?.cents.has(23602)).toBe(true);
    expect(inv?.ibans.has('DE02120300000000202051')).toBe(true);
  });

  it('reads an Order-X order response (Cross Industry Order) the same way', async () => {
    const inv = readEmbeddedInvoice(openPdfFile(await withAttachment('order-x.xml', line('SCRDMCCBDACIOMessageStructure'))));
    expect(inv?.file).toBe('order-x.xml');
    expect(inv?.cents.has(118010)).toBe(true);
  });

  it('ignores any other XML attachment', async () => {
    expect(readEmbeddedInvoice(openPdfFile(await withAttachment('notes.xml', line('SomethingElse'))))).toBeNull();
  });
});
