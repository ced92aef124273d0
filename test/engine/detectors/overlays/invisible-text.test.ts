import { expect } from 'vitest';
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames as Ops,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  type PDFPage,
} from 'pdf-lib';
import { invisibleTextDetector } from '../../../../engine/detectors/overlays/invisible-text.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { editWithPdfLib, genuineStatement, pdfkitBytes, rawText, rgb, standardPageFont, type StatementOptions } from '../../read/pdf/text/fixtures.js';
import { STRENGTH_CAP } from '../../../../engine/detectors/strengths.js';
import { scannedPdf } from '../../read/pdf/text/scan-fixtures.js';

async function withGenuine(extra: NonNullable<StatementOptions['extra']>): Promise<Uint8Array> {
  return genuineStatement({ extra });
}

/**
 * A DocBook callout in a code listing (auto-multiple-choice.en.pdf, dblatex): a grey panel, a
 * black dingbat disc, and the callout number set small in white on it; without the disc the
 * white number is hidden on the panel.
 */
async function callout(disc: boolean): Promise<Uint8Array> {
  return withGenuine((doc) => {
    doc.rect(50, 600, 495, 14).fill('#f2f2f2');
    doc.fillColor('#000000').font('Courier').fontSize(9).text('\\usepackage[utf8]{inputenc}', 56, 603, { lineBreak: false });
    if (disc) doc.fillColor('#000000').font('ZapfDingbats').fontSize(10).text('l', 236, 602, { lineBreak: false });
    doc.fillColor('#ffffff').font('Helvetica').fontSize(5).text('1', 238.5, 597.5, { lineBreak: false });
  });
}

/**
 * Puts text on an optional-content layer that the document switches off; `reveal` adds the
 * document's own way to show it: a link whose SetOCGState action switches it on (a "show answer"
 * button), or print/view auto-states (the layer is print-only content).
 */
async function hiddenLayer(reveal?: 'button' | 'auto_state' | 'nav_node', text = 'Balance brought forward 9,870.00', alsoVisible = false): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page, doc) => {
    const ocg = doc.context.register(
      doc.context.obj({
        Type: 'OCG',
        Name: 'Corrections',
        ...(reveal === 'auto_state' ? { Usage: { Print: { PrintState: 'ON' }, View: { ViewState: 'OFF' } } } : {}),
      }),
    );
    const autoStates =
      reveal === 'auto_state'
        ? {
            AS: [
              { Event: 'View', Category: ['View'], OCGs: [ocg] },
              { Event: 'Print', Category: ['Print'], OCGs: [ocg] },
            ],
          }
        : {};
    doc.catalog.set(PDFName.of('OCProperties'), doc.context.obj({ OCGs: [ocg], D: { Order: [ocg], OFF: [ocg], ...autoStates } }));
    if (reveal === 'button') {
      const link = doc.context.register(
        doc.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [60, 60, 200, 80],
          Border: [0, 0, 0],
          A: { S: 'SetOCGState', State: [PDFName.of('ON'), ocg] },
        }),
      );
      page.node.set(PDFName.of('Annots'), doc.context.obj([link]));
    }
    // Presentation steps (PDF 1.5 sub-page navigation, the lecturer package): the next step's action shows the layer.
    if (reveal === 'nav_node')
      page.node.set(
        PDFName.of('PresSteps'),
        doc.context.register(doc.context.obj({ Type: 'NavNode', NA: { S: 'SetOCGState', State: [PDFName.of('ON'), ocg] } })),
      );
    const props = page.node.Resources()!;
    props.set(PDFName.of('Properties'), doc.context.obj({ oc1: ocg }));
    page.pushOperators(PDFOperator.of(Ops.BeginMarkedContentSequence, [PDFName.of('OC'), PDFName.of('oc1')]));
    rawText(page, await standardPageFont(doc, page), [{ x: 60, y: 120, text }]);
    page.pushOperators(PDFOperator.of(Ops.EndMarkedContent));
    if (alsoVisible) rawText(page, await standardPageFont(doc, page), [{ x: 60, y: 120, text }]);
  });
}

async function invisibleMode(text: string, y: number): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page: PDFPage, doc: PDFDocument) => {
    rawText(page, await standardPageFont(doc, page), [{ x: 60, y, text, mode: 3 }]);
  });
}

/** A page of the statement imported as a graphic and cropped to its top third (\includegraphics[trim, clip]). */
async function croppedImport(): Promise<Uint8Array> {
  const source = await PDFDocument.load(await genuineStatement());
  const doc = await PDFDocument.create();
  const { width, height } = source.getPage(0).getSize();
  const page = doc.addPage([width, height]);
  const [cropped] = await doc.embedPages([source.getPage(0)], [{ left: 0, bottom: (2 * height) / 3, right: width, top: height }]);
  page.drawPage(cropped, { x: 0, y: (2 * height) / 3 });
  return doc.save();
}

/**
 * A black square, then a black label whose TJ array opens with a displacement that carries the
 * pen off the square onto the white page (board diagrams and tables position cells this way).
 */
async function labelPositionedByKerning(): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page, doc) => {
    const f = await standardPageFont(doc, page);
    page.drawRectangle({ x: 100, y: 300, width: 40, height: 40, color: rgb(0, 0, 0) });
    page.pushOperators(
      pushGraphicsState(),
      PDFOperator.of(Ops.NonStrokingColorGray, [PDFNumber.of(0)]),
      beginText(),
      setFontAndSize(f.key, 12),
      moveText(104, 315),
      PDFOperator.of(Ops.ShowTextAdjusted, [doc.context.obj([PDFNumber.of(-3500), f.font.encodeText('6')])]),
      endText(),
      popGraphicsState(),
    );
  });
}

/** A report whose every page carries the printer's slug in white in the bottom margin's body area. */
function slugOnEveryPage(pages: number): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    for (let p = 1; p <= pages; p++) {
      if (p > 1) doc.addPage();
      doc.fillColor('#000000').font('Helvetica').fontSize(11).text(`Annual report, page ${p}`, 60, 100, { lineBreak: false });
      doc
        .fillColor('#ffffff')
        .font('Helvetica')
        .fontSize(6)
        .text(`VerDate 11-MAY-2000 13:57 Jkt 074464 PO 00000 Frm 0000${p} Fmt 6633`, 60, 600, { lineBreak: false });
    }
  });
}

testDetector(invisibleTextDetector, {
  valid: [
    { name: 'a callout number in white on a black disc glyph drawn just before it', input: () => textContext(callout(true)) },
    // A print or screen variant of what the page shows anyway: the same words at the same place.
    {
      name: 'a switched-off layer repeating visible text at the same place',
      input: () => textContext(hiddenLayer(undefined, 'Balance brought forward 9,870.00', true)),
    },
    {
      // pdfpages, \includegraphics[trim, clip], cropped figures: the rest of the imported page
      // lies outside the crop window.
      name: 'the cropped-away part of an imported page',
      input: () => textContext(croppedImport()),
    },
    {
      // PostScript-born pages (dvips + Ghostscript) draw title bars and backgrounds as wide strokes.
      name: 'white title on a bar drawn as a wide stroke',
      input: () =>
        textContext(
          withGenuine((doc) => {
            doc.moveTo(40, 560).lineTo(555, 560).lineWidth(30).stroke('#1f3a93');
            doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(14).text('Colour themes 2024', 60, 553, { lineBreak: false });
          }),
        ),
    },
    {
      // Ghostscript draws a shading as a run of hairline strokes: the colour behind is not one value.
      name: 'white text on a gradient drawn as hairline strokes',
      input: () =>
        textContext(
          withGenuine((doc) => {
            for (let x = 40; x < 300; x += 0.5)
              doc
                .moveTo(x, 540)
                .lineTo(x, 580)
                .lineWidth(0.75)
                .stroke(x < 170 ? '#8a2be2' : '#f0f0ff');
            doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(14).text('Section 2', 200, 553, { lineBreak: false });
          }),
        ),
    },
    {
      name: 'a label positioned by a leading TJ displacement beside a black square',
      input: () => textContext(labelPositionedByKerning()),
    },
    {
      // A code listing on a dark panel whose overfull line runs past the panel edge.
      name: 'light text of a dark code panel running on past its edge',
      input: () =>
        textContext(
          withGenuine((doc) => {
            doc.rect(60, 520, 300, 60).fill('#1a1a1a');
            const label = 'GLYPH subtype: glyph, width: 4.44pt, depth: ';
            doc.font('Courier').fontSize(8);
            doc.fillColor('#fa8419').text(label, 360 - doc.widthOfString(label), 540, { lineBreak: false });
            doc.fillColor('#f6f6ef').text('0.11', 360, 540, { lineBreak: false });
          }),
        ),
    },
    {
      // chemfig, TikZ: a wedge or disc whose box, not its shape, reaches under a label.
      name: 'a black label beside a black wedge whose box reaches under it',
      input: () =>
        textContext(
          withGenuine((doc) => {
            doc.polygon([300, 560], [352, 552], [352, 568]).fill('#000000');
            doc.fillColor('#000000').font('Helvetica').fontSize(10).text('O', 345, 555, { lineBreak: false });
          }),
        ),
    },
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
      name: 'the same white callout number on the grey panel without its disc',
      input: () => textContext(callout(false)),
      reasons: ['hidden_content.text_matches_background'],
    },
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
      name: 'white text on a white band drawn as a wide stroke',
      input: () =>
        textContext(
          withGenuine((doc) => {
            doc.moveTo(40, 600).lineTo(555, 600).lineWidth(30).stroke('#ffffff');
            doc.fillColor('#ffffff').font('Helvetica').fontSize(10).text('Approved amount 12,000.00', 60, 596, { lineBreak: false });
          }),
        ),
      reasons: ['hidden_content.text_matches_background'],
    },
    {
      // GPO's white production slug on every page of a federal report (govdocs1), pending 46 before.
      name: "context only: a printer's slug in white at the same place on every page, its figures counting up",
      input: () => textContext(slugOnEveryPage(4)),
      reasons: ['hidden_content.text_matches_background'],
      check: (findings) => {
        expect(findings).toHaveLength(1);
        expect(findings[0].pages).toEqual([1, 2, 3, 4]);
        expect(findings[0].strength).toBe(STRENGTH_CAP.runningMark);
        expect(findings[0].summary).toContain('running mark');
      },
    },
    {
      name: 'the same slug on two pages only is no running mark: it keeps its weight',
      input: () => textContext(slugOnEveryPage(2)),
      reasons: ['hidden_content.text_matches_background'],
      check: (findings) => {
        expect(findings).toHaveLength(2);
        for (const f of findings) expect(f.strength).toBeGreaterThan(STRENGTH_CAP.runningMark);
      },
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
      input: () => textContext(hiddenLayer(), { withFile: true }),
      reasons: ['hidden_content.hidden_layer_text'],
      check: (findings) => expect(findings[0].strength).toBeGreaterThan(0.15),
    },
    {
      name: 'context only: a switched-off layer that a link of the document switches on (SetOCGState)',
      input: () => textContext(hiddenLayer('button'), { withFile: true }),
      reasons: ['hidden_content.hidden_layer_text'],
      check: (findings) => {
        expect(findings[0].strength).toBeLessThanOrEqual(0.15);
        expect(findings[0].evidence.shown_on_demand).toBe('set_ocg_state');
      },
    },
    {
      // LecturerDemo-SimplePresentation.pdf (texlive-plain-generic), suspicious 69 before.
      name: 'context only: a switched-off layer that a presentation step switches on (NavNode /NA)',
      input: () => textContext(hiddenLayer('nav_node'), { withFile: true }),
      reasons: ['hidden_content.hidden_layer_text'],
      check: (findings) => expect(findings[0].strength).toBeLessThanOrEqual(0.15),
    },
    {
      name: 'context only: a print-only layer (view/print auto-states)',
      input: () => textContext(hiddenLayer('auto_state'), { withFile: true }),
      reasons: ['hidden_content.hidden_layer_text'],
      check: (findings) => expect(findings[0].strength).toBeLessThanOrEqual(0.15),
    },
  ],
});
