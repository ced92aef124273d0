/**
 * Documents the engine bench analyses, generated the same way on every run: statements of any
 * length (pdfkit, base-14 fonts) in a few layouts, and a 12-megapixel phone photo of a printed
 * page (text drawn by librsvg through sharp, camera EXIF).
 */
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

const LAYOUTS = [
  { bank: 'Northbank plc', font: 'Helvetica', bold: 'Helvetica-Bold', rows: 30 },
  { bank: 'Meridian Savings', font: 'Times-Roman', bold: 'Times-Bold', rows: 36 },
  { bank: 'Harbour Credit Union', font: 'Courier', bold: 'Courier-Bold', rows: 26 },
] as const;

/** `reference` is printed under the bank's name: a soak needs every document distinct, as real traffic is. */
export function statementPdf(pages: number, layout = 0, reference = ''): Promise<Buffer> {
  const style = LAYOUTS[layout % LAYOUTS.length];
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Producer: 'Bench Report Engine', Creator: 'Core Banking 7', CreationDate: new Date(Date.UTC(2025, 2, 31)) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    let balance = 1000;
    for (let p = 0; p < pages; p++) {
      if (p > 0) doc.addPage();
      doc.font(style.bold).fontSize(16).text(style.bank, 50, 50);
      doc
        .font(style.font)
        .fontSize(9)
        .text(`${reference ? `Statement of account ${reference}` : 'Statement of account'}  page ${p + 1} of ${pages}`, 50, 72);
      doc.text('Date', 50, 110).text('Description', 120, 110).text('Amount', 380, 110).text('Balance', 470, 110);
      for (let row = 0; row < style.rows; row++) {
        const amount = ((row * 37 + p * 11 + layout * 5) % 200) - 80;
        balance += amount;
        const y = 128 + row * 18;
        doc.text(`0${(row % 9) + 1}/03/2025`, 50, y).text(`Card payment ${p}-${row}`, 120, y);
        doc.text(amount.toFixed(2), 380, y).text(balance.toFixed(2), 470, y);
      }
    }
    doc.end();
  });
}

/** The fixed set behind the ratio to pdftotext: ten files of 1 to 6 pages in three layouts. */
export const SMALL_PDF_SET: ReadonlyArray<{ pages: number; layout: number }> = [
  { pages: 1, layout: 0 },
  { pages: 1, layout: 1 },
  { pages: 2, layout: 2 },
  { pages: 2, layout: 0 },
  { pages: 3, layout: 1 },
  { pages: 3, layout: 2 },
  { pages: 4, layout: 0 },
  { pages: 5, layout: 1 },
  { pages: 6, layout: 2 },
  { pages: 6, layout: 0 },
];

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A JPEG of a printed statement on a desk with a phone camera's EXIF: by default 4032x3024
 * (12.2 MP); the soak passes a smaller size and a `reference` that makes each photo distinct.
 */
export async function phonePhotoJpeg(W = 4032, H = 3024, reference = ''): Promise<Buffer> {
  const lines = [
    'Northbank plc',
    reference ? `Statement of account ${reference}` : 'Statement of account',
    '',
    'Date        Description                 Amount     Balance',
  ];
  let balance = 1000;
  for (let row = 0; row < 24; row++) {
    const amount = ((row * 37) % 200) - 80;
    balance += amount;
    lines.push(`0${(row % 9) + 1}/03/2025  Card payment ${String(row).padEnd(14)} ${amount.toFixed(2).padStart(9)}  ${balance.toFixed(2).padStart(9)}`);
  }
  const text = lines
    .map((l, i) => `<text x="560" y="${330 + i * 92}" font-family="DejaVu Sans Mono, monospace" font-size="${i === 0 ? 84 : 56}">${escapeXml(l)}</text>`)
    .join('');
  // Drawn on a 4032x3024 canvas and scaled to the asked size, so every size shows the same page.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 4032 3024">
    <defs><linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6b5a48"/><stop offset="1" stop-color="#3e3328"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#desk)"/>
    <rect x="420" y="140" width="3200" height="2760" fill="#f4f1ea"/>
    <g fill="#1d1d1d">${text}</g>
  </svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 13', Software: '17.1', DateTime: '2025:03:31 10:12:00' } })
    .toBuffer();
}
