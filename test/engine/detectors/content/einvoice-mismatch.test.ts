import { expect } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { einvoiceMismatchDetector } from '../../../../engine/detectors/content/einvoice-mismatch.js';
import { testDetector } from '../../detector-tester.js';
import { buildContextForTest } from '../../context-for-test.js';

/** A German invoice page: label on the left, figure right-aligned, as e-invoice visualisations print them. */
type Row = [string, string];

const CII = (lines: number[], net: number, tax: number, due: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
${lines.map((l, i) => `<ram:IncludedSupplyChainTradeLineItem><ram:LineID>${i + 1}</ram:LineID><ram:BilledQuantity unitCode="H87">1</ram:BilledQuantity><ram:LineTotalAmount>${l.toFixed(2)}</ram:LineTotalAmount></ram:IncludedSupplyChainTradeLineItem>`).join('\n')}
<ram:SpecifiedTradeSettlementHeaderMonetarySummation>
<ram:LineTotalAmount>${net.toFixed(2)}</ram:LineTotalAmount>
<ram:TaxBasisTotalAmount>${net.toFixed(2)}</ram:TaxBasisTotalAmount>
<ram:TaxTotalAmount currencyID="EUR">${tax.toFixed(2)}</ram:TaxTotalAmount>
<ram:GrandTotalAmount>${(net + tax).toFixed(2)}</ram:GrandTotalAmount>
<ram:DuePayableAmount>${due.toFixed(2)}</ram:DuePayableAmount>
</ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</rsm:CrossIndustryInvoice>`;

const de = (v: number) => v.toFixed(2).replace('.', ',');

async function invoicePdf(rows: Row[], xml: string | null): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Rechnung Nr. 2024-0117', { x: 50, y: 780, size: 14, font });
  rows.forEach(([label, figure], i) => {
    const y = 700 - i * 18;
    page.drawText(label, { x: 50, y, size: 10, font });
    page.drawText(figure, { x: 520 - font.widthOfTextAtSize(figure, 10), y, size: 10, font });
  });
  if (xml !== null) await doc.attach(new TextEncoder().encode(xml), 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X' });
  return doc.save({ useObjectStreams: false });
}

const LINES = [120.0, 36.5, 245.9];
const NET = 402.4;
const TAX = 76.46;
const DUE = NET + TAX;
const page = (due: string, extra: Row[] = []): Row[] => [
  ['Pos. 1 Beratung', de(LINES[0])],
  ['Pos. 2 Material', de(LINES[1])],
  ['Pos. 3 Montage', de(LINES[2])],
  ['Summe netto', de(NET)],
  ['USt. 19 %', de(TAX)],
  ['Bruttobetrag', de(DUE)],
  ...extra,
  ['Zahlbetrag', due],
];
const input = (rows: Row[], xml: string | null) => async () => buildContextForTest(await invoicePdf(rows, xml), { now: '2026-11-29T00:00:00Z' });
const xml = CII(LINES, NET, TAX, DUE);

testDetector(einvoiceMismatchDetector, {
  valid: [
    { name: 'a page that shows its own XML figure for figure', input: input(page(de(DUE)), xml) },
    {
      name: 'a cash-discount amount the XML only states as terms',
      input: input(page(de(DUE), [['Zahlbetrag bei Skonto 2 %', de(DUE * 0.98)]]), xml),
    },
    {
      // Test and sample files pair a visualisation with another invoice's XML: it shares no figures.
      name: 'a page showing another invoice than the attached XML',
      input: input(
        [
          ['Pos. 1 Taxifahrt', '198,00'],
          ['USt. 19 %', '37,62'],
          ['Zahlbetrag', '235,62'],
        ],
        CII([16.9], 16.9, 1.18, 18.08),
      ),
    },
    { name: 'the same changed total without any XML attached (other checks judge it)', input: input(page('678,86'), null) },
  ],
  invalid: [
    {
      name: 'the amount payable changed on the page, the XML left as issued',
      input: input(page('678,86'), xml),
      reasons: ['content_inconsistency.einvoice_mismatch'],
      check: (fs) => {
        expect(fs[0].evidence.value).toBe('678,86');
        expect(fs[0].evidence.expected).toBe('478,86');
        expect(fs[0].evidence.bbox).toHaveLength(4);
        expect(fs[0].summary).toContain('factur-x.xml');
      },
    },
    {
      name: 'the net total changed (a line and the total left alone)',
      input: input(
        page(de(DUE)).map(([l, f]): Row => (l === 'Summe netto' ? [l, '502,40'] : [l, f])),
        xml,
      ),
      reasons: ['content_inconsistency.einvoice_mismatch'],
    },
  ],
});
