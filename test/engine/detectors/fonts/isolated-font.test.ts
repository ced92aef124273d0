import { expect } from 'vitest';
import { isolatedFontDetector } from '../../../../engine/detectors/fonts/isolated-font.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { scanWithTextLayer } from './more-font-fixtures.js';
import {
  amountCell,
  amountText,
  drawNewAmount,
  editWithPdfLib,
  genuineStatement,
  LIBERATION,
  pdfkitBytes,
  rgb,
  StandardFonts,
} from '../../read/pdf/text/fixtures.js';

const ROW = 5;

/**
 * A thesis page (xdvipdfmx; buctthesis.pdf raised both): numbered items at 10.5 pt, and either a
 * numbered section heading at 12 pt whose title is set in another face at the same size, or the
 * page number alone on its line at 12 pt, starting at the items' left edge.
 */
function thesisPage(odd: 'heading' | 'page number'): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    ['3.1', '3.2', '3.4', '3.5', '3.6'].forEach((n, i) => {
      const y = 200 + i * 60 + (i >= 2 ? 60 : 0);
      doc.font('Helvetica').fontSize(10.5).text(n, 90, y, { lineBreak: false });
      doc.font('Times-Roman').fontSize(10.5).text('Item of the list', 120, y, { lineBreak: false });
    });
    doc
      .font('Helvetica')
      .fontSize(12)
      .text(odd === 'heading' ? '3.3' : '39', 90, 320, { lineBreak: false });
    if (odd === 'heading') doc.font('Times-Bold').fontSize(12).text('Results of the survey', 120, 320, { lineBreak: false });
  });
}

const MONO = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

/**
 * A spreadsheet export (Google Sheets; Invoice1-5 of document-ai-samples raised it): amounts in
 * Arial and one cell formatted in a mono face. `sharedTag` gives both subsets the one tag such a
 * writer stamps on every subset of the file; without it the mono subset is tagged apart, as an
 * editor's subset of a retyped value is.
 */
async function sheetExport(sharedTag: boolean): Promise<Uint8Array> {
  const bytes = await pdfkitBytes((doc) => {
    doc.registerFont('Body', LIBERATION);
    doc.registerFont('Mono', MONO);
    // The odd cell sits inside the column (figures above and below it), like a tax rate row.
    for (let i = 0; i < 8; i++) {
      doc
        .font(i === 5 ? 'Mono' : 'Body')
        .fontSize(10)
        .text(i === 5 ? '7.00%' : `${(i + 1) * 120}.00`, 365, 172 + i * 18, { width: 80, align: 'right' });
    }
  });
  const text = Buffer.from(bytes).toString('latin1');
  const tagOf = (face: string) => new RegExp(`/BaseFont /([A-Z]{6})\\+${face}`).exec(text)![1];
  return sharedTag ? new Uint8Array(Buffer.from(text.replaceAll(`${tagOf('DejaVuSansMono')}+`, `${tagOf('LiberationSans')}+`), 'latin1')) : bytes;
}

testDetector(isolatedFontDetector, {
  valid: [
    { name: "a scan's invisible OCR layer with a figure guessed in another font", input: () => textContext(scanWithTextLayer(3)) },
    {
      name: "a recogniser's visible text over the scan, each word in the ink it measured, a figure guessed in another font",
      input: () => textContext(scanWithTextLayer(0, 'measured per word')),
    },
    { name: 'genuine statement: bold header and closing balance, Courier account number, italic footer', input: () => textContext(genuineStatement()) },
    { name: 'genuine statement with embedded fonts', input: () => textContext(genuineStatement({ fonts: 'embedded' })) },
    {
      name: 'a bold amount in the column (a weight variant of the same face)',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Helvetica-Bold' } })),
    },
    {
      name: 'a larger heading with a number, aligned with the table',
      input: () =>
        textContext(
          genuineStatement({
            extra: (doc) => {
              doc.font('Helvetica-Bold').fontSize(16).text('Statement 03/2024', 55, 130);
            },
          }),
        ),
    },
    { name: 'a numbered heading whose title is set at its size, among numbered items', input: () => textContext(thesisPage('heading')) },
    { name: 'a page number alone on its line, among numbered items', input: () => textContext(thesisPage('page number')) },
    { name: 'a cell in another face, both subsets tagged alike by the writer in one pass', input: () => textContext(sheetExport(true)) },
  ],
  invalid: [
    {
      name: 'a figure in another font in a visible text layer over a picture, all in one ink (typed over the scan)',
      input: () => textContext(scanWithTextLayer(0)),
      reasons: ['font_inconsistency.isolated_font'],
    },
    {
      name: 'the same cell in a subset tagged apart (an editor embeds its own) still fires',
      input: () => textContext(sheetExport(false)),
      reasons: ['font_inconsistency.isolated_font'],
    },
    {
      name: 'one amount in Times among Helvetica amounts',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Times-Roman' } })),
      reasons: ['font_inconsistency.isolated_font'],
      check: (findings) => {
        const f = findings.find((x) => x.code === 'font_inconsistency.isolated_font')!;
        expect(f.evidence.fonts).toEqual(['Helvetica', 'Times-Roman']);
        expect((f.evidence.run as { text: string }).text).toBe(amountText(ROW));
        expect(f.strength).toBeGreaterThanOrEqual(0.6);
      },
    },
    {
      name: 'white box and a new amount in a base-14 font over an embedded-font statement',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement({ fonts: 'embedded' }), async (page, doc) => {
            page.drawRectangle({ ...amountCell(ROW), color: rgb(1, 1, 1) });
            await drawNewAmount(page, await doc.embedFont(StandardFonts.Courier), ROW, '-1,250.00');
          }),
        ),
      reasons: ['font_inconsistency.isolated_font'],
    },
    {
      name: 'one amount slightly larger than the column',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Helvetica', size: 10.8 } })),
      reasons: ['font_inconsistency.size_mismatch'],
    },
    {
      name: 'one amount a point off the row baseline',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Helvetica', dy: -1 } })),
      reasons: ['font_inconsistency.baseline_shift'],
      check: (findings) => expect(Math.abs(findings[0].evidence.shiftPt as number)).toBeCloseTo(1, 1),
    },
  ],
});
