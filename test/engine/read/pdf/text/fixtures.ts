/**
 * PDFs for text-layer, font and overlay tests, made the way real ones are: a genuine statement
 * written by pdfkit (several fonts, cell backgrounds, white header text on a dark bar, a logo),
 * and forgeries made from it with pdf-lib the way editing tools do (boxes, new text, new fonts).
 * Positions are in pdfkit's top-left points; pdf-lib works bottom-up, hence `fromTop`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument as LibDocument,
  PDFName,
  PDFOperator,
  StandardFonts,
  beginText,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFontAndSize,
  setTextRenderingMode,
  showText,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import sharp from 'sharp';

export const PAGE_H = 841.89;
export const AMOUNT_RIGHT = 445;
export const ROW_Y = (i: number): number => 172 + i * 18;
export const ROWS = 8;

const standardFonts = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
export const LIBERATION = path.join(standardFonts, 'LiberationSans-Regular.ttf');
export const LIBERATION_BOLD = path.join(standardFonts, 'LiberationSans-Bold.ttf');

export function fromTop(y: number, height = 0): number {
  return PAGE_H - y - height;
}

export function amountText(i: number): string {
  return `-${(12.5 + i * 3.25).toFixed(2)}`;
}

export function balanceText(i: number): string {
  return (1000 - i * 10.75).toFixed(2);
}

export interface StatementOptions {
  /** 'standard': base-14 fonts (not embedded); 'embedded': Liberation subsets. */
  fonts?: 'standard' | 'embedded';
  pages?: number;
  /** Hook to draw extra content on page 1 after the table (genuine variations or edits). */
  extra?: (doc: PDFKit.PDFDocument, f: { regular: string; bold: string }) => void;
  /** Draw the account number and footer in the body font too (a document with embedded fonts only). */
  bodyFontEverywhere?: boolean;
  /** Font name for one amount cell (row index), to simulate an edited value. */
  oddAmount?: { row: number; font: string; size?: number; characterSpacing?: number; horizontalScaling?: number; dy?: number };
}

export async function pdfkitBytes(draw: (doc: PDFKit.PDFDocument) => void, opts: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: true,
    compress: true,
    info: { Producer: 'Statement Engine 4.2', Title: 'Statement' },
    ...opts,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  draw(doc);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** A genuine two-font statement with the traps that must not fire. */
export function genuineStatement(opts: StatementOptions = {}): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    let f = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
    if (opts.fonts === 'embedded') {
      doc.registerFont('Body', LIBERATION);
      doc.registerFont('BodyBold', LIBERATION_BOLD);
      // The same file under another name: pdfkit embeds it as a second subset, like an editor would.
      doc.registerFont('Retyped', LIBERATION);
      f = { regular: 'Body', bold: 'BodyBold' };
    }
    const pages = opts.pages ?? 2;
    for (let p = 0; p < pages; p++) {
      if (p > 0) doc.addPage();
      drawStatementPage(doc, f, p, opts);
      if (p === 0) opts.extra?.(doc, f);
    }
  });
}

function drawStatementPage(doc: PDFKit.PDFDocument, f: { regular: string; bold: string }, p: number, opts: StatementOptions): void {
  doc.circle(530, 62, 16).fill('#e07b00');
  doc.fillColor('#000000').font(f.bold).fontSize(18).text('First Example Bank', 50, 50);
  doc
    .font(f.regular)
    .fontSize(12)
    .text(`Account statement, page ${p + 1}`, 50, 76);
  doc.fontSize(10).text('Account holder: Jane Doe', 50, 96);
  doc
    .font(opts.bodyFontEverywhere ? f.regular : 'Courier')
    .fontSize(10)
    .text('DE89 3704 0044 0532 0130 00', 50, 112);
  // Header bar first, then white text on it: a painted-over look that is perfectly normal.
  doc.rect(50, 150, 495, 18).fill('#1f3a68');
  doc.fillColor('#ffffff').font(f.bold).fontSize(10);
  doc.text('Date', 55, 154).text('Description', 130, 154).text('Value date', 255, 154);
  doc.text('Amount', 365, 154, { width: 80, align: 'right' }).text('Balance', 460, 154, { width: 80, align: 'right' });
  for (let i = 0; i < ROWS; i++) {
    const y = ROW_Y(i);
    if (i % 2 === 0) doc.rect(50, y - 3, 495, 18).fill('#f2f2f2');
    doc.fillColor('#000000').font(f.regular).fontSize(10);
    doc
      .text(`0${i + 1}.03.2024`, 55, y)
      .text(`Card payment SHOP ${i + 1}`, 130, y)
      .text(`0${i + 2}.03.2024`, 255, y);
    const odd = p === 0 ? opts.oddAmount : undefined;
    if (odd && odd.row === i) {
      doc.font(odd.font).fontSize(odd.size ?? 10);
      doc.text(amountText(i), 365, y + (odd.dy ?? 0), {
        width: 80,
        align: 'right',
        characterSpacing: odd.characterSpacing,
        horizontalScaling: odd.horizontalScaling,
      } as PDFKit.Mixins.TextOptions);
      doc.font(f.regular).fontSize(10);
    } else {
      doc.text(amountText(i), 365, y, { width: 80, align: 'right' });
    }
    doc.text(balanceText(i), 460, y, { width: 80, align: 'right' });
  }
  const totalY = ROW_Y(ROWS) + 6;
  doc
    .moveTo(50, totalY - 4)
    .lineTo(545, totalY - 4)
    .stroke('#000000');
  doc
    .fillColor('#000000')
    .font(f.bold)
    .fontSize(10)
    .text('Closing balance', 130, totalY)
    .text(balanceText(ROWS - 1), 460, totalY, { width: 80, align: 'right' });
  doc
    .font(opts.bodyFontEverywhere ? f.regular : 'Times-Italic')
    .fontSize(8)
    .text('First Example Bank plc, 1 Example Street, registered in England no. 0000001.', 50, 800);
}

/** Opens bytes with pdf-lib, lets `edit` change page 1, saves (appended like an editor would, or rewritten). */
export async function editWithPdfLib(bytes: Uint8Array, edit: (page: PDFPage, doc: LibDocument) => Promise<void> | void): Promise<Uint8Array> {
  const doc = await LibDocument.load(bytes, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  await edit(doc.getPage(0), doc);
  return doc.save({ useObjectStreams: false });
}

/** The box of amount cell `row` on page 1 of `genuineStatement`, in pdf-lib coordinates. */
export function amountCell(row: number): { x: number; y: number; width: number; height: number } {
  const y = ROW_Y(row);
  return { x: 382, y: fromTop(y + 11), width: 66, height: 13 };
}

export async function drawNewAmount(page: PDFPage, font: PDFFont, row: number, text: string): Promise<void> {
  const size = 10;
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: AMOUNT_RIGHT - width, y: fromTop(ROW_Y(row) + 7.2), size, font });
}

/** A font registered on a page: what raw content operators need to write text with it. */
export interface PageFont {
  key: PDFName;
  font: PDFFont;
}

/** Writes raw text operators (render modes, odd fonts) the way low-level editors do. */
export function rawText(page: PDFPage, f: PageFont, ops: Array<{ x: number; y: number; text: string; mode?: number; size?: number }>): void {
  const operators: PDFOperator[] = [pushGraphicsState()];
  for (const o of ops) {
    operators.push(
      beginText(),
      setFontAndSize(f.key, o.size ?? 10),
      setTextRenderingMode(o.mode ?? 0),
      moveText(o.x, o.y),
      showText(f.font.encodeText(o.text)),
      endText(),
    );
  }
  operators.push(popGraphicsState());
  page.pushOperators(...operators);
}

/** Registers a standard font on the page for `rawText`. */
export async function standardPageFont(doc: LibDocument, page: PDFPage, name: StandardFonts = StandardFonts.Helvetica): Promise<PageFont> {
  const font = await doc.embedFont(name);
  return { key: page.node.newFontDictionary(name, font.ref), font };
}

export async function grayPng(width: number, height: number, level = 230): Promise<Uint8Array> {
  const buf = await sharp({ create: { width, height, channels: 3, background: { r: level, g: level, b: level } } })
    .png()
    .toBuffer();
  return new Uint8Array(buf);
}

export async function embedLiberation(doc: LibDocument): Promise<PDFFont> {
  return doc.embedFont(readFileSync(LIBERATION), { subset: true });
}

export { StandardFonts, rgb };
