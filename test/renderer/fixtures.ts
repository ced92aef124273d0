/**
 * Documents for the end-to-end test, made here with pdf-lib: a genuine one-page statement and
 * the same file with an appended incremental update that paints a white box over the total
 * and writes a new amount (the classic edit of a bank statement).
 */
import { PDFArray, PDFDocument, PDFName, PDFRef, StandardFonts, rgb } from 'pdf-lib';

export const PAGE = { width: 612, height: 792 };
/** Where the total is drawn, in PDF user space (bottom-left origin). */
export const AMOUNT = { x: 430, y: 560, size: 12, original: '1,250.00', forged: '9,250.00' };

export async function genuineStatement(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Statement');
  doc.setProducer('Acme Core Banking Print 4.2');
  doc.setCreator('Acme Statements');
  const created = new Date('2025-03-01T09:00:00Z');
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const line = (text: string, x: number, y: number, size = 11) => page.drawText(text, { x, y, size, font, color: rgb(0, 0, 0) });
  line('ACME BANK', 60, 720, 20);
  line('Account statement  March 2025', 60, 690);
  line('Account holder: Jane Example', 60, 670);
  line('Opening balance', 60, 620);
  line('1,000.00', 430, 620);
  line('Salary', 60, 600);
  line('250.00', 443, 600);
  line('Closing balance', 60, 560, AMOUNT.size);
  line(AMOUNT.original, AMOUNT.x, AMOUNT.y, AMOUNT.size);
  return doc.save({ useObjectStreams: false });
}

function lastStartXref(bytes: Uint8Array): number {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString('latin1');
  const all = [...tail.matchAll(/startxref\s+(\d+)/g)];
  return Number(all.at(-1)![1]);
}

/** Appends an incremental update: new content stream (white box + new amount) and a new font. */
export async function tamperedStatement(original: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const ctx = doc.context;
  const page = doc.getPage(0);
  const pageRef = page.ref;
  const fontRef = PDFRef.of(ctx.largestObjectNumber + 1);
  const contentRef = PDFRef.of(ctx.largestObjectNumber + 2);

  const w = Math.round(AMOUNT.size * 4.4);
  const ops = [
    'q 1 1 1 rg',
    `${AMOUNT.x - 2} ${AMOUNT.y - 3} ${w + 6} ${AMOUNT.size + 5} re f`,
    'Q',
    `BT /FEdit ${AMOUNT.size} Tf ${AMOUNT.x} ${AMOUNT.y} Td (${AMOUNT.forged}) Tj ET`,
  ].join('\n');

  const node = page.node;
  const oldContents = node.get(PDFName.of('Contents'))!;
  if (oldContents instanceof PDFArray) oldContents.push(contentRef);
  else node.set(PDFName.of('Contents'), ctx.obj([oldContents, contentRef]));
  const resources = node.Resources()!;
  const fonts = resources.lookup(PDFName.of('Font')) as ReturnType<typeof ctx.obj> & { set(k: PDFName, v: unknown): void };
  fonts.set(PDFName.of('FEdit'), fontRef);

  const objects: Array<[number, string]> = [
    [pageRef.objectNumber, node.toString()],
    [fontRef.objectNumber, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'],
    [contentRef.objectNumber, `<< /Length ${Buffer.byteLength(ops, 'latin1')} >>\nstream\n${ops}\nendstream`],
  ];
  let body = '\n';
  const offsets = new Map<number, number>();
  for (const [num, text] of objects) {
    offsets.set(num, original.length + Buffer.byteLength(body, 'latin1'));
    body += `${num} 0 obj\n${text}\nendobj\n`;
  }
  const xrefAt = original.length + Buffer.byteLength(body, 'latin1');
  const sorted = [...offsets.entries()].sort((a, b) => a[0] - b[0]);
  let xref = 'xref\n0 1\n0000000000 65535 f \n';
  for (const [num, off] of sorted) xref += `${num} 1\n${String(off).padStart(10, '0')} 00000 n \n`;
  const size = contentRef.objectNumber + 1;
  const root = ctx.trailerInfo.Root as PDFRef;
  const info = ctx.trailerInfo.Info as PDFRef | undefined;
  const trailer = `trailer\n<< /Size ${size} /Root ${root.toString()}${info ? ` /Info ${info.toString()}` : ''} /Prev ${lastStartXref(original)} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(original), Buffer.from(body + xref + trailer, 'latin1')]);
}

/** The forged amount's box as page fractions, top-left origin (what evidence bboxes use). */
export function amountBoxFraction(): [number, number, number, number] {
  const w = Math.round(AMOUNT.size * 4.4);
  return [AMOUNT.x / PAGE.width, 1 - (AMOUNT.y + AMOUNT.size) / PAGE.height, (AMOUNT.x + w) / PAGE.width, 1 - AMOUNT.y / PAGE.height];
}
