import { expect } from 'vitest';
import { PDFArray, PDFDocument, PDFName, PDFNumber, PDFString, type PDFPage } from 'pdf-lib';
import { coveredTextDetector } from '../../../../engine/detectors/overlays/covered-text.js';
import { STRENGTH_CAP } from '../../../../engine/detectors/strengths.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import {
  amountCell,
  amountText,
  drawNewAmount,
  editWithPdfLib,
  genuineStatement,
  grayPng,
  pdfkitBytes,
  rgb,
  StandardFonts,
} from '../../read/pdf/text/fixtures.js';
import { scannedPdf } from '../../read/pdf/text/scan-fixtures.js';

const ROW = 3;

async function whiteBox(retype: boolean): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page, doc) => {
    page.drawRectangle({ ...amountCell(ROW), color: rgb(1, 1, 1) });
    if (retype) await drawNewAmount(page, await doc.embedFont(StandardFonts.Helvetica), ROW, '-1,250.00');
  });
}

/** The statement with its first page repeated, the same white box and new amount at the same place on every page. */
async function sameCoverOnTwoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await genuineStatement());
  const [copy] = await doc.copyPages(doc, [0]);
  doc.addPage(copy);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const page of doc.getPages()) {
    page.drawRectangle({ ...amountCell(ROW), color: rgb(1, 1, 1) });
    await drawNewAmount(page, font, ROW, '-1,250.00');
  }
  return doc.save({ useObjectStreams: false });
}

async function imagePatch(): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page, doc) => {
    const png = await doc.embedPng(await grayPng(40, 10, 250));
    page.drawImage(png, amountCell(ROW));
    await drawNewAmount(page, await doc.embedFont(StandardFonts.Helvetica), ROW, '-1,250.00');
  });
}

/** A FreeText-style annotation whose appearance is a white box with new text, laid over an amount. */
async function annotationPatch(): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page, doc) => {
    addBoxAnnotation(doc, page, '-1,250.00');
  });
}

function addBoxAnnotation(doc: PDFDocument, page: PDFPage, text: string, subtype: 'FreeText' | 'Widget' = 'FreeText'): void {
  const cell = amountCell(ROW);
  const font = doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' });
  const content = `1 1 1 rg 0 0 ${cell.width} ${cell.height} re f` + (text ? ` BT /Helv 10 Tf 0 0 0 rg 8 3 Td (${text}) Tj ET` : '');
  const ap = doc.context.stream(content, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, cell.width, cell.height],
    Resources: { Font: { Helv: doc.context.register(font) } },
  });
  const fields = subtype === 'Widget' ? { FT: 'Tx', T: PDFString.of('clock'), V: PDFString.of(text) } : { Contents: PDFString.of(text) };
  const annot = doc.context.obj({
    Type: 'Annot',
    Subtype: subtype,
    Rect: [cell.x, cell.y, cell.x + cell.width, cell.y + cell.height],
    ...fields,
    DA: PDFString.of('/Helv 10 Tf 0 g'),
    F: PDFNumber.of(4),
    AP: { N: doc.context.register(ap) },
  });
  const ref = doc.context.register(annot);
  const annots = page.node.lookup(PDFName.of('Annots'));
  if (annots instanceof PDFArray) annots.push(ref);
  else page.node.set(PDFName.of('Annots'), doc.context.obj([ref]));
}

/** A form field (tdclock's clock, pdfTeX beamer footer) laid over printed text: empty, or showing a value. */
async function fieldOver(text: string): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page, doc) => {
    addBoxAnnotation(doc, page, text, 'Widget');
  });
}

/**
 * A university seal in a beamer title bar (cqubeamer, XeTeX): the name set in white round the
 * seal on the blue bar, then a white ring drawn round it (an even-odd annulus whose box covers
 * the letters, its shape not).
 */
async function sealRing(ground: string): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    doc.rect(0, 0, 595, 60).fill(ground);
    doc
      .font('Times-Bold')
      .fontSize(4)
      .fillColor(ground === '#ffffff' ? '#000000' : '#ffffff')
      .text('CHONGQING', 288, 22, { lineBreak: false });
    doc.circle(300, 30, 22).circle(300, 30, 21).fill('#ffffff', 'even-odd');
  });
}

/**
 * The statement imported as a graphic cropped to its heading (\includegraphics[trim, clip]),
 * then a framed white box with a caption drawn where the cropped-away rows would be.
 */
async function captionOverCroppedImport(): Promise<Uint8Array> {
  const source = await PDFDocument.load(await genuineStatement());
  const doc = await PDFDocument.create();
  const { width, height } = source.getPage(0).getSize();
  const page = doc.addPage([width, height]);
  const [cropped] = await doc.embedPages([source.getPage(0)], [{ left: 0, bottom: height - 160, right: width, top: height }]);
  page.drawPage(cropped, { x: 0, y: height - 160 });
  const cell = amountCell(ROW);
  page.drawRectangle({ x: cell.x - 20, y: cell.y - 4, width: cell.width + 40, height: cell.height + 8, color: rgb(1, 1, 1) });
  await drawNewAmount(page, await doc.embedFont(StandardFonts.Helvetica), ROW, 'Clip 2: footer');
  return doc.save();
}

/**
 * A TikZ code block (tikzcodeblocks) drawn as pdfTeX draws it: the block's body (a curved
 * outline), a translucent rim and a white rounded number box, then the number in the box. The
 * documentation placed a second block at the first one's place (`unter={wenn3}` for wenn4),
 * so every node is drawn again on top with new numbers, in the same font.
 */
function codeBlock(doc: PDFKit.PDFDocument, value: string, font: string, box = { x: 300, y: 500 }): void {
  doc
    .save()
    .roundedRect(150, box.y - 12, 380, 36, 6)
    .fill('#006970')
    .restore();
  doc
    .save()
    .fillOpacity(0.7)
    .roundedRect(box.x - 3, box.y - 3, 30, 18, 7)
    .fill('#c6a8c7')
    .restore();
  doc.save().roundedRect(box.x, box.y, 24, 12, 5).fill('#ffffff').restore();
  doc
    .fillColor('#000000')
    .font(font)
    .fontSize(8.6)
    .text(value, box.x + 3, box.y + 2.5, { lineBreak: false });
}

async function overlappingCodeBlocks(retypeFont = 'Courier', secondBox = { x: 300, y: 500 }): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      doc.font('Courier').fontSize(8.6).fillColor('#ffffff').text('wenn Lichtstaerke', 160, 502, { lineBreak: false });
      codeBlock(doc, '150', 'Courier');
      codeBlock(doc, '200', retypeFont, secondBox);
    },
    { info: { Producer: 'pdfTeX-1.40.20', Creator: 'TeX' } },
  );
}

/**
 * A version note in the margin as tcolorbox draws it (xassoccnt documentation, pdfTeX): a
 * rounded border path, the box in the border colour, the interior on top, then the lines in a
 * small sans face. Two notes attached to one line are placed at one spot, the later on top.
 */
function marginNote(doc: PDFKit.PDFDocument, lines: string[], border: string, interior: string, top = 640): void {
  const h = 7.5 * lines.length;
  doc
    .save()
    .roundedRect(548, top - 1, 35, h + 2, 1.5)
    .fill(border)
    .restore();
  doc.save().rect(548, top, 35, h).fill(border).restore();
  doc.save().rect(548.5, top, 34, h).fill(interior).restore();
  lines.forEach((l, i) =>
    doc
      .fillColor('#000000')
      .font('Helvetica')
      .fontSize(5.5)
      .text(l, 549, top + 1.5 + 7.5 * i, { lineBreak: false }),
  );
}

async function stackedMarginNotes(second: string[]): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      doc.font('Helvetica').fontSize(11).fillColor('#000000').text('\\DeclareCoupledCounters[name=figures]{figure,table}', 300, 641, { lineBreak: false });
      marginNote(doc, ['v0.5 2016-', '02-27'], '#0000ff', '#ccccff');
      marginNote(doc, second, '#ff9027', '#ffeb3d');
    },
    { info: { Producer: 'pdfTeX-1.40.17', Creator: 'LaTeX with hyperref package' } },
  );
}

/**
 * A web page printed with a modal dialog open (pgf-periodictable's colour-scheme designer, a
 * browser's cairo print): the page under the dialog is dimmed by a translucent black layer over
 * the whole viewport, then the white dialog and its text are drawn on it.
 */
async function modalDialog(veil: 'page' | 'box'): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement(), async (page, doc) => {
    const { width, height } = page.getSize();
    const c = amountCell(ROW);
    const dialog = { x: c.x - 200, y: c.y - 60, width: 260, height: 120 };
    if (veil === 'page') page.drawRectangle({ x: 0, y: 0, width, height, color: rgb(0, 0, 0), opacity: 0.4 });
    else page.drawRectangle({ ...dialog, color: rgb(0, 0, 0), opacity: 0.4 });
    page.drawRectangle({ ...dialog, color: rgb(0.996, 0.996, 0.996) });
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText("Pick color for 'H' then press the set color button...", { x: dialog.x + 10, y: dialog.y + 95, size: 9, font });
    page.drawText('Color picker:   Set color   Set trailing color', { x: dialog.x + 10, y: dialog.y + 70, size: 9, font });
    page.drawText('Recent colors:', { x: dialog.x + 10, y: dialog.y + 45, size: 9, font });
  });
}

/** A shaded cell (painted before its value, as issuers do), then a box of exactly the cell in its colour over the value. */
async function cellSizedCover(): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    doc.rect(380, 495, 100, 18).fill('#dde4ee');
    doc.font('Helvetica').fontSize(10).fillColor('#000000').text('1,250.00', 420, 500, { lineBreak: false });
    doc.rect(380, 495, 100, 18).fill('#dde4ee');
    doc.font('Times-Roman').fontSize(10).fillColor('#000000').text('9,250.00', 420, 500, { lineBreak: false });
  });
}

/**
 * PSTricks' inverse clipping (pst-rputover, `\coverable[inverscl=true]`): labels set on the
 * picture, then one white non-zero fill of the label boxes wound one way and a huge rectangle
 * wound the other, so white paints everything round the labels and nothing on them. With both
 * wound the same way the label box is painted white too: a cover. Where two label boxes overlap,
 * the overlap is painted (wound twice one way, once the other): it hides part of a label only.
 */
async function inverseClip(sameWinding: boolean): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      doc.rect(60, 300, 280, 90).fill('#ccccff');
      doc.font('Helvetica').fontSize(9).fillColor('#000000').text('label', 75, 340, { lineBreak: false });
      doc.moveTo(73, 338).lineTo(98, 338).lineTo(98, 351).lineTo(73, 351).closePath();
      // A second label's box overlapping the first's right end: only the overlap is painted.
      doc.moveTo(88, 330).lineTo(130, 330).lineTo(130, 345).lineTo(88, 345).closePath();
      if (sameWinding) doc.moveTo(-16000, -16000).lineTo(16000, -16000).lineTo(16000, 16000).lineTo(-16000, 16000).closePath();
      else doc.moveTo(-16000, -16000).lineTo(-16000, 16000).lineTo(16000, 16000).lineTo(16000, -16000).closePath();
      doc.fill('#ffffff', 'non-zero');
    },
    { info: { Producer: 'Acrobat Distiller 15.0 (Windows)', Creator: 'dvips' } },
  );
}

/**
 * A geometry figure's grid (pst-eucl documentation, Ghostscript): grid labels set upright under
 * the axis, then a segment's label drawn along the segment, rotated, on a white shape that
 * knocks out the grid behind it, here over the grid label "1".
 */
async function rotatedLabelOverGrid(): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      ['-1', '0', '1', '2', '3'].forEach((l, i) =>
        doc
          .font('Courier')
          .fontSize(8)
          .fillColor('#000000')
          .text(l, 100 + 40 * i, 700, { lineBreak: false }),
      );
      doc.save().rotate(-14, { origin: [150, 700] });
      doc.rect(140, 690, 44, 18).fill('#ffffff');
      doc.font('Times-Italic').fontSize(9).fillColor('#000000').text('a2 + b2', 146, 694, { lineBreak: false });
      doc.restore();
    },
    { info: { Producer: 'GPL Ghostscript 9.54.0', Creator: 'dvips(k) 2021.1' } },
  );
}

/**
 * An optics figure (pst-optic documentation): a mirror's height marked by a vertical label on
 * a white rounded shape, drawn over the tick label "1" of the figure's axis.
 */
async function verticalLabelOverTick(): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      doc.font('Times-Roman').fontSize(11).fillColor('#000000').text('-1', 96, 600, { lineBreak: false });
      doc.font('Times-Roman').fontSize(11).fillColor('#000000').text('1', 102, 620, { lineBreak: false });
      doc.roundedRect(94, 560, 16, 74, 3).fill('#ffffff');
      doc.save().rotate(-90, { origin: [100, 630] });
      doc.font('Times-Roman').fontSize(10).fillColor('#000000').text('mirrorHeight', 100, 630, { lineBreak: false });
      doc.restore();
    },
    { info: { Producer: 'GPL Ghostscript 9.15', Creator: 'dvips(k) 5.995' } },
  );
}

/**
 * A plot's data labels (pst-plot `plotValues`, LuaTeX): every value is set on a white box of
 * exactly its own width, placed at its point; one of them lands on the axis tick label "2",
 * which it overlaps only at its end, a quarter em off the tick label's line, in another size.
 */
async function dataLabelOverTick(): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      doc.font('Times-Roman').fontSize(8.7).fillColor('#000000');
      ['1', '2', '3'].forEach((l, i) => doc.text(l, 212, 300 - 28 * i, { lineBreak: false }));
      [
        ['1.98292', 185, 262],
        ['1.65306', 189, 272.5],
        ['1.35319', 193, 282],
      ].forEach(([value, x, y]) => {
        doc.font('Times-Roman').fontSize(10);
        const w = doc.widthOfString(String(value));
        doc.rect(Number(x), Number(y) + 1, w, 9).fill('#ffffff');
        doc.fillColor('#000000').text(String(value), Number(x), Number(y), { lineBreak: false });
      });
    },
    { info: { Producer: 'LuaTeX-1.15.0', Creator: 'TeX' } },
  );
}

/**
 * A fan chart (genealogytree): each person in a wedge whose lines run along its radius. A
 * wedge's page box reaches over its neighbour's lines, its shape does not.
 */
async function fanWedges(): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      doc.save().rotate(-80, { origin: [319, 441] });
      doc.font('Times-Roman').fontSize(6).fillColor('#000000').text('Michel', 319, 441, { lineBreak: false });
      doc.restore();
      doc.moveTo(318, 430).lineTo(350, 380).lineTo(370, 392).lineTo(338, 442).closePath().fill('#ffffff');
      doc.save().rotate(-58, { origin: [338, 422] });
      doc.font('Times-Roman').fontSize(6).fillColor('#000000').text('Nikolaus', 338, 422, { lineBreak: false });
      doc.restore();
    },
    { info: { Producer: 'MiKTeX pdfTeX-1.40.24', Creator: 'LaTeX with hyperref' } },
  );
}

/** A cover-up on a page whose content is set a quarter turn round (a landscape table printed on a portrait page). */
async function quarterTurnCoverUp(): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    doc.save().rotate(-90, { origin: [300, 500] });
    doc.font('Helvetica').fontSize(10).fillColor('#000000').text('Total due', 300, 500, { lineBreak: false });
    const x = 300 + doc.widthOfString('Total due ');
    doc.text('1,250.00', x, 500, { lineBreak: false });
    doc.rect(x - 2, 498, doc.widthOfString('1,250.00') + 4, 14).fill('#ffffff');
    doc.fillColor('#000000').text('9,850.00', x, 500, { lineBreak: false });
    doc.restore();
  });
}

/** A white box over a value, the new value typed on its line by eye: its start half a thin space off, a point and a half high. */
async function coverUpByEye(): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    doc.font('Helvetica').fontSize(10).fillColor('#000000').text('Invoice date', 60, 300, { lineBreak: false });
    doc.text('12 March 2024', 300, 300, { lineBreak: false });
    doc.rect(297, 297, 80, 15).fill('#ffffff');
    doc.font('Times-Roman').fontSize(10).fillColor('#000000').text('12 March 2025', 301.5, 298.5, { lineBreak: false });
  });
}

testDetector(coveredTextDetector, {
  valid: [
    // xassoccnt documentation p. 38 (texlive-latex-extra-doc), fraudulent 100 before.
    {
      name: 'a margin note of another colour placed over an earlier note of the same size',
      input: () => textContext(stackedMarginNotes(['v0.6', '2016-03-05'])),
    },
    // xassoccnt documentation p. 10: the shorter note leaves the earlier one's last line showing.
    { name: 'a one-line margin note placed over a two-line note of another colour', input: () => textContext(stackedMarginNotes(['Experimental'])) },
    // tdclock-beamer-example.pdf (texlive-latex-extra-doc), suspicious 65 before.
    { name: 'an empty form field laid over printed text', input: () => textContext(fieldOver('')) },
    // cqubeamer.pdf (texlive-xetex), suspicious 65 before.
    { name: "a white ring round a seal's white lettering on a blue bar", input: () => textContext(sealRing('#2448a4')) },
    { name: 'inverse clipping: a white fill round a label, the label box a hole in it (pst-rputover)', input: () => textContext(inverseClip(false)) },
    // pgfPTcolorSchemes_html_color.pdf (texlive-pictures-doc), fraudulent 94 before.
    { name: 'a modal dialog drawn over a page dimmed by a translucent layer', input: () => textContext(modalDialog('page')) },
    {
      // PSTricks / TikZ 3-D solids: each face is a polygon painted over the labels of the
      // vertices behind it, in a shade close to the faces around it.
      name: 'a shaded polygon face drawn over a label, a new label on top',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement(), async (page, doc) => {
            const c = amountCell(ROW);
            page.drawRectangle({ x: c.x - 30, y: c.y - 20, width: c.width + 60, height: c.height + 40, color: rgb(0.8, 0.78, 0.77) });
            page.drawSvgPath(`M 0 0 L ${c.width + 10} -4 L ${c.width} ${c.height + 6} L 6 ${c.height + 2} Z`, {
              x: c.x - 5,
              y: c.y + c.height + 3,
              color: rgb(0.79, 0.78, 0.77),
            });
            await drawNewAmount(page, await doc.embedFont(StandardFonts.Helvetica), ROW, 'D');
          }),
        ),
    },
    { name: 'a captioned box over the cropped-away part of an imported page', input: () => textContext(captionOverCroppedImport()) },
    {
      // TikZ "ball color", gradient bands: a shading has no one colour to blend into the page with.
      name: 'a shaded ball drawn over a small label',
      input: () =>
        textContext(
          genuineStatement({
            extra: (doc) => {
              doc.fillColor('#000000').font('Helvetica').fontSize(4).text('BP', 300, 600, { lineBreak: false });
              const grad = doc.radialGradient(305, 602, 1, 305, 602, 12).stop(0, '#ffffff').stop(1, '#3050c0');
              doc.rect(293, 590, 24, 24).fill(grad);
            },
          }),
        ),
    },
    { name: 'genuine statement: cell backgrounds and a header bar drawn before their text', input: () => textContext(genuineStatement()) },
    { name: 'genuine statement with embedded fonts', input: () => textContext(genuineStatement({ fonts: 'embedded' })) },
    {
      name: 'a box drawn after the table in an empty area',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement(), (page) => {
            page.drawRectangle({ x: 300, y: 80, width: 200, height: 40, color: rgb(0.9, 0.9, 0.9) });
          }),
        ),
    },
    {
      name: 'a translucent highlight over an amount',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement(), (page) => {
            page.drawRectangle({ ...amountCell(ROW), color: rgb(1, 1, 0), opacity: 0.35 });
          }),
        ),
    },
    {
      // pdfTeX thesis figures: labels under coloured bars and fills drawn after them.
      name: 'a coloured bar drawn over a label, standing out from the white page (figure drawing)',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement(), (page) => {
            page.drawRectangle({ ...amountCell(ROW), color: rgb(0.2, 0.4, 0.8) });
          }),
        ),
    },
    { name: 'a scan whose visible text layer lies under the page picture', input: () => textContext(scannedPdf({ textUnder: true })) },
    // tikzcodeblocks documentation (texlive-pictures-doc), page 18: fraudulent 100 before.
    {
      name: 'a TikZ code block drawn again at the same place, its number box over the first one, same font',
      input: () => textContext(overlappingCodeBlocks()),
    },
    // pst-eucl-doc.pdf p. 8 (texlive-pstricks-doc), fraudulent 94 before.
    { name: 'a rotated white label shape over a grid label, its label set along the segment', input: () => textContext(rotatedLabelOverGrid()) },
    // pst-optic-doc.pdf p. 13, fraudulent 100 before.
    { name: 'a vertical label on a white rounded shape over an axis tick label', input: () => textContext(verticalLabelOverTick()) },
    // pst-plot-doc.pdf p. 82, fraudulent 100 before.
    { name: "plot data labels on white boxes of their own width, one overlapping a tick label's end", input: () => textContext(dataLabelOverTick()) },
    // genealogytree.pdf pp. 323-345, fraudulent 100 before.
    { name: "a fan chart's wedge whose page box, not its shape, reaches over the next wedge's lines", input: () => textContext(fanWedges()) },
  ],
  invalid: [
    {
      name: 'the same cover and new text at the same place on two pages: the layout, context only',
      input: () => textContext(sameCoverOnTwoPages()),
      reasons: ['hidden_content.covered_text_replaced'],
      check: (f) => {
        // One finding per page the cover repeats on, each naming them all.
        const pages = f.flatMap((x) => x.pages);
        expect(pages.length).toBeGreaterThanOrEqual(2);
        for (const x of f) {
          expect(x.strength).toBe(STRENGTH_CAP.repeatedLayoutCover);
          expect(x.evidence.repeatedOnPages).toEqual(pages);
        }
      },
    },
    {
      name: 'a form field showing a value of its own over a printed amount',
      input: () => textContext(fieldOver('-1,250.00')),
      reasons: ['hidden_content.annotation_over_text'],
    },
    {
      name: 'the same compound white fill with the label box wound like the rest: the box is painted over the label',
      input: () => textContext(inverseClip(true)),
      reasons: ['hidden_content.covered_text'],
    },
    {
      // On the white page a white ring is as unseen as a box: what lies in its box counts as covered.
      name: 'the same white ring over black lettering on the white page',
      input: () => textContext(sealRing('#ffffff')),
      reasons: ['hidden_content.covered_text'],
    },
    {
      // A translucent tint only under the box dims nothing around it: the box still hides the
      // value. The dialog's lines on it are not set where the amount was: no retype, a cover.
      name: 'a white box over an amount on a translucent tint of its own size, other text on top',
      input: () => textContext(modalDialog('box')),
      reasons: ['hidden_content.covered_text'],
    },
    {
      name: "a cover-up on content set a quarter turn round, the new value in the old one's place",
      input: () => textContext(quarterTurnCoverUp()),
      reasons: ['hidden_content.covered_text_replaced'],
      check: (findings) => expect(findings[0].evidence).toMatchObject({ before: '1,250.00', after: '9,850.00' }),
    },
    {
      name: 'a white box over a date, the new date typed on its line by eye (a little off its start and baseline)',
      input: () => textContext(coverUpByEye()),
      reasons: ['hidden_content.covered_text_replaced'],
    },
    {
      // The plot label's box of its own width, but the value typed where the tick label stood.
      name: "a white box of the new text's own width over a value, the new value typed where the old one started",
      input: () =>
        textContext(
          pdfkitBytes((doc) => {
            doc.font('Helvetica').fontSize(10).fillColor('#000000').text('Amount', 300, 500, { lineBreak: false });
            const x = 300 + doc.widthOfString('Amount ');
            doc.text('250.00', x, 500, { lineBreak: false });
            doc.rect(x, 497, doc.widthOfString('1,980.00'), 16).fill('#ffffff');
            doc.fillColor('#000000').text('1,980.00', x, 500, { lineBreak: false });
          }),
        ),
      reasons: ['hidden_content.covered_text_replaced'],
    },
    {
      // The cell was painted before its value; a box of exactly the cell, painted after it, is a cover in the cell's colour.
      name: 'a box of exactly a shaded cell, in its colour, over the value, retyped in another font',
      input: () => textContext(cellSizedCover()),
      reasons: ['hidden_content.covered_text_replaced'],
    },
    {
      // The node's geometry copied, but the new number typed in another font than the old one.
      name: 'a copy of a labelled box over the original, the new value in another font',
      input: () => textContext(overlappingCodeBlocks('Helvetica')),
      reasons: ['hidden_content.covered_text_replaced'],
    },
    {
      // The typesetter's own font, but a box that is not the one the old value sat on.
      name: 'a white box of its own over a boxed value, retyped in the same font',
      input: () => textContext(overlappingCodeBlocks('Courier', { x: 298, y: 499 })),
      reasons: ['hidden_content.covered_text_replaced'],
    },
    {
      name: 'white box over text on the bare page, retyped in the same font in the same content stream (a re-distilled overlay)',
      input: () =>
        textContext(
          pdfkitBytes((doc) => {
            doc.font('Helvetica').fontSize(10).fillColor('#000000').text('Total 1,250.00', 300, 500, { lineBreak: false });
            doc.rect(296, 497, 90, 16).fill('#ffffff');
            doc.font('Helvetica').fontSize(10).fillColor('#000000').text('Total 9,250.00', 300, 500, { lineBreak: false });
          }),
        ),
      reasons: ['hidden_content.covered_text_replaced'],
    },
    {
      name: 'white box over an amount with a new amount typed on top',
      input: () => textContext(whiteBox(true)),
      reasons: ['hidden_content.covered_text_replaced'],
      check: (findings) => {
        const f = findings.find((x) => x.code === 'hidden_content.covered_text_replaced')!;
        expect(f.strength).toBeGreaterThanOrEqual(0.85);
        expect(f.evidence.before).toBe(amountText(ROW));
        expect(f.evidence.after).toBe('-1,250.00');
        expect(f.pages).toEqual([1]);
        const [x0, y0, x1, y1] = f.evidence.bbox!;
        expect(x0).toBeGreaterThan(0.6);
        expect(x1).toBeLessThan(0.8);
        expect(y1 - y0).toBeLessThan(0.03);
      },
    },
    {
      name: 'white box over an amount, nothing on top',
      input: () => textContext(whiteBox(false)),
      reasons: ['hidden_content.covered_text'],
      check: (findings) => expect(findings.map((f) => f.code)).not.toContain('hidden_content.covered_text_replaced'),
    },
    {
      name: 'a box in the colour of the coloured band it sits on (camouflaged), new text on top',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement(), async (page, doc) => {
            const cell = amountCell(ROW);
            page.drawRectangle({ x: cell.x - 40, y: cell.y - 2, width: cell.width + 80, height: cell.height + 4, color: rgb(0.85, 0.9, 1) });
            page.drawRectangle({ ...cell, color: rgb(0.85, 0.9, 1) });
            await drawNewAmount(page, await doc.embedFont(StandardFonts.Helvetica), ROW, '-1,250.00');
          }),
        ),
      reasons: ['hidden_content.covered_text_replaced'],
    },
    {
      name: 'an image patch over an amount with new text on top',
      input: () => textContext(imagePatch()),
      reasons: ['hidden_content.image_over_text'],
      check: (findings) => expect(findings[0].strength).toBeGreaterThanOrEqual(0.85),
    },
    {
      name: 'a FreeText annotation with a white background laid over an amount',
      input: () => textContext(annotationPatch()),
      reasons: ['hidden_content.annotation_over_text'],
      check: (findings) => expect(findings[0].evidence.after).toBe('-1,250.00'),
    },
  ],
});
