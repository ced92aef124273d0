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

  it('reads the amount payable and the money figures apart from quantities and codes', async () => {
    const xml =
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:x"><ram:BilledQuantity>3</ram:BilledQuantity><ram:ChargeAmount>12</ram:ChargeAmount>' +
      '<ram:GrandTotalAmount>480.00</ram:GrandTotalAmount><ram:DuePayableAmount>430.00</ram:DuePayableAmount></rsm:CrossIndustryInvoice>';
    const inv = readEmbeddedInvoice(openPdfFile(await withAttachment('factur-x.xml', xml)));
    expect(inv?.payable).toBe(43000);
    expect([...(inv?.amounts ?? [])].sort((a, b) => a - b)).toEqual([1200, 43000, 48000]);
    expect(inv?.cents.has(300)).toBe(true);
  });

  it('takes the UBL PayableAmount when there is no CII amount due', async () => {
    const xml =
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:TaxInclusiveAmount currencyID="EUR">1180.00</cbc:TaxInclusiveAmount>' +
      '<cbc:PayableAmount currencyID="EUR">980.00</cbc:PayableAmount></Invoice>';
    expect(readEmbeddedInvoice(openPdfFile(await withAttachment('invoice.xml', xml)))?.payable).toBe(98000);
  });

  it("reads the document totals apart from the lines' own sums (CII and UBL)", async () => {
    const cii =
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:x"><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>30.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>' +
      '<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:GrandTotalAmount>110.00</ram:GrandTotalAmount><ram:TotalPrepaidAmount>10.00</ram:TotalPrepaidAmount><ram:DuePayableAmount>100.00</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation></rsm:CrossIndustryInvoice>';
    const inv = readEmbeddedInvoice(openPdfFile(await withAttachment('factur-x.xml', cii)));
    expect([...(inv?.summation ?? [])].sort((a, b) => a - b)).toEqual([1000, 10000, 11000]);
    expect(inv?.cents.has(3000)).toBe(true);
    const ubl =
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cac:InvoiceLine><cbc:LineExtensionAmount>30.00</cbc:LineExtensionAmount></cac:InvoiceLine>' +
      '<cac:LegalMonetaryTotal><cbc:PrepaidAmount>10.00</cbc:PrepaidAmount><cbc:PayableAmount>100.00</cbc:PayableAmount></cac:LegalMonetaryTotal></Invoice>';
    expect([...(readEmbeddedInvoice(openPdfFile(await withAttachment('invoice.xml', ubl)))?.summation ?? [])].sort((a, b) => a - b)).toEqual([1000, 10000]);
  });

  it('ignores any other XML attachment', async () => {
    expect(readEmbeddedInvoice(openPdfFile(await withAttachment('notes.xml', line('SomethingElse'))))).toBeNull();
  });
});
