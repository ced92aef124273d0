/**
 * Font fixtures the shared text fixtures do not build: a page drawn from its own subset of the
 * body font in a multi-page document, a figure drawn with a Type3 font among embedded fonts, and
 * the producers' habits the font detectors must know (GDI face names, dvips's resident fonts, a
 * recogniser's text over a scan).
 */
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, setFillingGrayscaleColor, StandardFonts, type PDFFont } from 'pdf-lib';
import { appendIncrementalUpdate } from '../../../lab/pdf/incremental.js';
import {
  amountCell,
  editWithPdfLib,
  genuineStatement,
  grayPng,
  LIBERATION,
  LIBERATION_BOLD,
  pdfkitBytes,
  rawText,
  rgb,
  standardPageFont,
} from '../../read/pdf/text/fixtures.js';

const BODY = ['Account statement', 'Opening balance 1,204.50', 'Card payment 23.10', 'Transfer received 450.00', 'Closing balance 1,631.40'];

/**
 * Three pages of one report: pages 1 and 2 share a subset of the body font, page 3 draws the same
 * kind of lines from a second subset of that font (a page made in another run and slipped in).
 */
export async function pageWithOwnSubset(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = readFileSync(LIBERATION);
  const shared = await doc.embedFont(bytes, { subset: true });
  const own = await doc.embedFont(bytes, { subset: true });
  const draw = (font: PDFFont, page: number) => {
    const p = doc.addPage([595, 842]);
    BODY.forEach((line, i) => p.drawText(`${line} (page ${page})`, { x: 60, y: 760 - i * 22, size: 11, font }));
  };
  draw(shared, 1);
  draw(shared, 2);
  draw(own, 3);
  return withSubsetTags(await doc.save({ useObjectStreams: false }));
}

/**
 * pdf-lib names a subset `LiberationSans-1234`; writers that subset name it `ABCDEF+LiberationSans`
 * (PDF 32000 9.6.4), which is what the engine reads as a subset. Renamed as such, one tag per subset.
 */
async function withSubsetTags(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const tags = new Map<string, string>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    for (const key of ['BaseFont', 'FontName']) {
      const m = /^\/(\w+)-(\d+)$/.exec(obj.get(PDFName.of(key))?.toString() ?? '');
      if (!m) continue;
      if (!tags.has(m[2])) tags.set(m[2], String.fromCharCode(65 + tags.size).repeat(6));
      obj.set(PDFName.of(key), PDFName.of(`${tags.get(m[2])}+${m[1]}`));
    }
  }
  return doc.save({ useObjectStreams: false });
}

/** The glyph names a Type3 font needs to draw an amount, by character code (WinAnsi). */
const GLYPHS: Record<string, string> = { ',': 'comma', '-': 'hyphen', '.': 'period', '0': 'zero', '1': 'one', '2': 'two', '5': 'five' };

/** The all-embedded statement with one amount retyped in a Type3 font (glyphs drawn as boxes). */
export async function amountInType3(amount = '-1,250.00', row = 2): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement({ fonts: 'embedded', bodyFontEverywhere: true }), async (page, doc) => {
    page.drawRectangle({ ...amountCell(row), color: rgb(1, 1, 1) });
    const procs: Record<string, unknown> = {};
    for (const name of Object.values(GLYPHS)) procs[name] = doc.context.register(doc.context.flateStream('500 0 0 0 450 700 d1 50 0 400 700 re f'));
    const codes = Object.keys(GLYPHS)
      .map((ch) => ch.charCodeAt(0))
      .sort((a, b) => a - b);
    const first = codes[0];
    const last = codes[codes.length - 1];
    const differences: unknown[] = [];
    for (const code of codes) differences.push(code, PDFName.of(GLYPHS[String.fromCharCode(code)]));
    const dict = doc.context.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, 0, 500, 700],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: doc.context.obj(procs as never),
      Encoding: doc.context.obj({ Type: 'Encoding', Differences: differences as never }),
      FirstChar: first,
      LastChar: last,
      Widths: Array.from({ length: last - first + 1 }, () => 500),
      Resources: doc.context.obj({}),
    });
    const key = page.node.newFontDictionary('T3Figures', doc.context.register(dict));
    // Codes written through Helvetica's WinAnsi encoder: the same bytes the Type3 encoding maps.
    const helv = await doc.embedFont(StandardFonts.Helvetica);
    rawText(page, { key: PDFName.of(key.asString().slice(1)), font: helv }, [{ x: 402, y: amountCell(row).y + 3, text: amount }]);
  });
}

/**
 * An invoice set in one embedded face whose grand total alone is drawn in an embedded bold face,
 * renamed `boldName` (subset-tagged) the way GDI-based writers name a face: by its Windows name,
 * the style after a space (`TAHOMA Bold`). The bold face is the body's own (Liberation Sans Bold)
 * whatever it is called: the name is what the detectors read.
 */
export async function invoiceWithBoldTotal(boldName: string): Promise<Uint8Array> {
  const made = await pdfkitBytes((doc) => {
    doc.registerFont('Body', LIBERATION);
    doc.registerFont('Total', LIBERATION_BOLD);
    doc.font('Body').fontSize(10).text('Example Supplies Ltd, 4 Sample Road, Exampletown', 50, 50);
    doc.text('Invoice 2024-118 for Jane Doe, delivered to 12 Example Lane, Exampletown', 50, 66);
    const items = ['Paper, 20 reams', 'Toner cartridges', 'Delivery', 'Desk lamps', 'Archive boxes', 'Labels'];
    const prices = ['84.00', '126.50', '12.00', '59.90', '22.40', '8.60'];
    items.forEach((item, i) => {
      doc.text(item, 50, 120 + i * 16);
      doc.text(prices[i], 400, 120 + i * 16, { width: 80, align: 'right' });
    });
    doc.text('Total due', 50, 230);
    doc.font('Total').fontSize(10).text('313.40', 400, 230, { width: 80, align: 'right' });
    doc.font('Body').fontSize(8).text('Payable within 30 days to account 12345678, sort code 00-00-00. Thank you for your order.', 50, 300);
  });
  const lib = await PDFDocument.load(made);
  for (const [, obj] of lib.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    for (const key of ['BaseFont', 'FontName']) {
      const name = obj.get(PDFName.of(key))?.toString() ?? '';
      if (/LiberationSans-Bold$/.test(name)) obj.set(PDFName.of(key), PDFName.of(`AAAAAB+${boldName}`));
      else if (/LiberationSans$/.test(name)) obj.set(PDFName.of(key), PDFName.of('AAAAAA+LiberationSans'));
    }
  }
  return lib.save({ useObjectStreams: false });
}

/**
 * A paper typeset by TeX and printed through dvips and Ghostscript: the body in an embedded face,
 * the title in Helvetica-Bold and the copyright line in Times-Italic, which dvips's font map
 * leaves to the printer and Ghostscript does not embed. `edited` appends an incremental update
 * that writes a figure in Helvetica, the way an editor adds text.
 */
export async function dvipsPaper(edited = false): Promise<Uint8Array> {
  const paper = await pdfkitBytes(
    (doc) => {
      doc.registerFont('Body', LIBERATION);
      doc.font('Helvetica-Bold').fontSize(18).text('Scheduling Jobs on Cluster Platforms', 72, 72);
      const para =
        'We study the scheduling of parallel jobs on clusters of identical machines and give an algorithm that bounds both the makespan and the mean completion time. ';
      doc.font('Body').fontSize(10);
      for (let i = 0; i < 12; i++) doc.text(para, 72, 130 + i * 44, { width: 450 });
      doc.font('Times-Italic').fontSize(8).text('SPAA 04, Barcelona, Spain.', 72, 740);
    },
    { info: { Creator: 'dvips(k) 5.92b Copyright 2002 Radical Eye Software (www.radicaleye.com)', Producer: 'GPL Ghostscript 8.01' } },
  );
  if (!edited) return paper;
  const doc = await PDFDocument.load(paper, { updateMetadata: false });
  const page = doc.getPage(0);
  page.drawText('Grant 1,250.00', { x: 400, y: 60, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) });
  return (await appendIncrementalUpdate(paper, doc)).bytes;
}

/**
 * A scanned statement with a text layer on the picture: a column of amounts, one of them set in
 * Helvetica among Times-Roman. Drawn invisibly (Tr 3) it is the OCR layer a scanner or Acrobat's
 * Paper Capture lays over the picture, its fonts the recogniser's guess per word (PdfPig's
 * SmallCropbox.pdf: pending 53 on a footnote number); drawn visibly it is text on the page.
 */
export async function scanWithTextLayer(mode: 0 | 3, ink: 'one' | 'measured per word' = 'one'): Promise<Uint8Array> {
  const png = await grayPng(300, 424, 235);
  const scan = await pdfkitBytes((doc) => void doc.image(Buffer.from(png), 0, 0, { width: 595.28, height: 841.89 }), {
    info: { Producer: 'Scanner Suite 3' },
  });
  return editWithPdfLib(scan, async (page, doc) => {
    const times = await standardPageFont(doc, page, StandardFonts.TimesRoman);
    const helvetica = await standardPageFont(doc, page, StandardFonts.Helvetica);
    const rows = ['1,250.00', '310.45', '88.10', '1,045.90', '72.35', '19.99', '430.00', '6.50', '2,310.75', '54.20', '118.00', '97.45'];
    // A recogniser's "editable text" export inks each word with the shade it measured in the scan.
    let word = 0;
    const inked = () => void (ink === 'one' ? null : page.pushOperators(setFillingGrayscaleColor(0.1 + ((word++ * 7) % 13) * 0.012)));
    rows.forEach((text, i) => {
      inked();
      rawText(page, i === 2 ? helvetica : times, [{ x: 400, y: 780 - i * 20, text, mode }]);
      inked();
      rawText(page, times, [{ x: 80, y: 780 - i * 20, text: `${String(i + 1).padStart(2, '0')}.03.2024 Card payment`, mode }]);
    });
  });
}
