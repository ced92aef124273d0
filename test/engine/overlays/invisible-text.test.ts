import { expect } from 'vitest';
import { PDFName, PDFOperator, PDFOperatorNames as Ops, type PDFPage, type PDFDocument } from 'pdf-lib';
import { invisibleTextDetector } from '../../../engine/overlays/invisible-text.js';
import { testDetector } from '../detector-tester.js';
import { textContext } from '../text/context.js';
import { editWithPdfLib, genuineStatement, rawText, standardPageFont, type StatementOptions } from '../text/fixtures.js';
import { scannedPdf } from '../text/scan-fixtures.js';

async function withGenuine(extra: NonNullable<StatementOptions['extra']>): Promise<Uint8Array> {
  return genuineStatement({ extra });
}

/** Puts text on an optional-content layer that the document switches off. */
async function hiddenLayer(): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page, doc) => {
    const ocg = doc.context.register(doc.context.obj({ Type: 'OCG', Name: 'Corrections' }));
    doc.catalog.set(PDFName.of('OCProperties'), doc.context.obj({ OCGs: [ocg], D: { Order: [ocg], OFF: [ocg] } }));
    const props = page.node.Resources()!;
    props.set(PDFName.of('Properties'), doc.context.obj({ oc1: ocg }));
    page.pushOperators(PDFOperator.of(Ops.BeginMarkedContentSequence, [PDFName.of('OC'), PDFName.of('oc1')]));
    rawText(page, await standardPageFont(doc, page), [{ x: 60, y: 120, text: 'Balance brought forward 9,870.00' }]);
    page.pushOperators(PDFOperator.of(Ops.EndMarkedContent));
  });
}

async function invisibleMode(text: string, y: number): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page: PDFPage, doc: PDFDocument) => {
    rawText(page, await standardPageFont(doc, page), [{ x: 60, y, text, mode: 3 }]);
  });
}

testDetector(invisibleTextDetector, {
  valid: [
    { name: 'genuine statement: white header text on a dark bar', input: () => textContext(genuineStatement()) },
    { name: 'a scan with an invisible OCR layer over the picture', input: () => textContext(scannedPdf({ ocr: true })) },
    { name: 'an invisible producer credit in the bottom margin', input: () => textContext(invisibleMode('Powered by ExampleLib', 20)) },
    {
      name: 'white text on a coloured badge',
      input: () =>
        textContext(
          withGenuine((doc) => {
            doc.rect(300, 600, 120, 20).fill('#c0392b');
            doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(10).text('OVERDUE 3 DAYS', 305, 606);
          }),
        ),
    },
    {
      // Slide builds (beamer overlays): an item in the background colour on one page, shown
      // at the same place on the next.
      name: 'a slide item not yet uncovered, shown at the same place on the next page',
      input: () =>
        textContext(
          withGenuine((doc) => {
            doc.fillColor('#fefefe').font('Helvetica').fontSize(10).text('Step 2: 40 % faster', 60, 600);
            doc.addPage();
            doc.fillColor('#000000').font('Helvetica').fontSize(10).text('Step 2: 40 % faster', 60, 600);
          }),
        ),
    },
  ],
  invalid: [
    {
      name: 'invisible (render mode 3) amount in the page body',
      input: () => textContext(invisibleMode('Total paid 4,500.00', 400)),
      reasons: ['hidden_content.invisible_text'],
      check: (findings) => {
        expect(findings[0].evidence.text).toContain('4,500.00');
        expect(findings[0].strength).toBeGreaterThanOrEqual(0.4);
      },
    },
    {
      name: 'white text on the white page',
      input: () =>
        textContext(
          withGenuine((doc) => {
            doc.fillColor('#ffffff').font('Helvetica').fontSize(10).text('Approved amount 12,000.00', 60, 600);
          }),
        ),
      reasons: ['hidden_content.text_matches_background'],
    },
    {
      name: 'text clipped away by a tiny clipping path',
      input: () =>
        textContext(
          withGenuine((doc) => {
            doc.save();
            doc.rect(10, 10, 2, 2).clip();
            doc.fillColor('#000000').font('Helvetica').fontSize(10).text('Net salary 3,200.00', 60, 620);
            doc.restore();
          }),
        ),
      reasons: ['hidden_content.clipped_text'],
    },
    {
      name: 'text placed beyond the right page edge',
      input: () =>
        textContext(
          withGenuine((doc) => {
            doc.fillColor('#000000').font('Helvetica').fontSize(10).text('IBAN DE44 5001 0517 5407 3249 31', 700, 300, { lineBreak: false });
          }),
        ),
      reasons: ['hidden_content.off_page_text'],
      check: (findings) => expect(findings[0].strength).toBeLessThanOrEqual(0.15),
    },
    {
      name: 'text on an optional-content layer that is switched off',
      input: () => textContext(hiddenLayer()),
      reasons: ['hidden_content.hidden_layer_text'],
    },
  ],
});
