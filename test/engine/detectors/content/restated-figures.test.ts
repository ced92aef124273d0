import { expect } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { restatedFiguresDetector } from '../../../../engine/detectors/content/restated-figures.js';
import { testDetector } from '../../detector-tester.js';
import { buildContextForTest, contextFromPages } from '../../context-for-test.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';

/** Text drawn at (x, y); `right` right-aligns it at x, as figures are set. */
type Item = { x: number; y: number; text: string; right?: boolean };

async function pdf(pages: Item[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const items of pages) {
    const page = doc.addPage([595, 842]);
    for (const it of items) page.drawText(it.text, { x: it.right ? it.x - font.widthOfTextAtSize(it.text, 10) : it.x, y: it.y, size: 10, font });
  }
  return doc.save({ useObjectStreams: false });
}

/** A label on the left of a block and its figure right-aligned, one row. */
const row = (label: string, figure: string, y: number, x = 330, right = 540): Item[] => [
  { x, y, text: label },
  { x: right, y, text: figure, right: true },
];
const text = (t: string, y: number, x = 50): Item => ({ x, y, text: t });

/** An invoice printing its total due in the header box and as the bottom line of its totals. */
const invoice = (header: string, bottom: string, extra: Item[][] = []): Item[] => [
  text('Invoice', 800, 480),
  ...row('Invoice Number', 'INV-3337', 770),
  text('DEMO Trading Ltd', 750),
  ...row('Invoice Date', 'January 25, 2026', 750),
  text('Suite 5A-1204', 735),
  ...row('Due Date', 'February 24, 2026', 735),
  text('Your City AZ 12345', 700),
  ...row('Total Due', header, 700),
  text('Bill to: Test Business, 123 Somewhere St', 660),
  text('Qty', 600),
  text('Description', 600, 100),
  text('Amount', 520),
  text('1.00', 580),
  text('Web design', 580, 100),
  { x: 560, y: 580, text: '$1,285.00', right: true },
  text('1.00', 565),
  text('Hosting', 565, 100),
  { x: 560, y: 565, text: '$150.00', right: true },
  ...row('Sub Total', '$1,435.00', 500, 400, 560),
  ...row('Tax', '$143.50', 485, 400, 560),
  ...row('Total', bottom, 470, 400, 560),
  ...extra.flat(),
  text('Payment is due within 30 days from date of invoice.', 400),
];

/** One account's statement page: a summary box at the top, transactions, the closing balance again at the end. */
const statementPage = (account: string, summary: string, end: string): Item[] => [
  text('Monthly statement', 800),
  ...row('Account number', account, 780),
  ...row('Opening balance', '1,000.00', 760),
  ...row('Total credits', '500.00', 745),
  ...row('Total debits', '265.44', 730),
  ...row('Closing balance', summary, 715),
  text('Date', 650),
  text('Description', 650, 120),
  text('Amount', 650, 400),
  text('Balance', 650, 480),
  text('03/01', 630),
  text('Salary', 630, 120),
  { x: 440, y: 630, text: '500.00', right: true },
  { x: 540, y: 630, text: '1,500.00', right: true },
  text('03/09', 615),
  text('Card payment', 615, 120),
  { x: 440, y: 615, text: '-265.44', right: true },
  { x: 540, y: 615, text: '1,234.56', right: true },
  text('Thank you for banking with us.', 560),
  text('Customer service 0800 123 456', 545),
  text('Statement reference 2026-03', 530),
  ...row('Closing balance', end, 500),
];

/** A payslip: net pay in the summary and again on the payment line. */
const payslip = (summary: string, payment: string): Item[] => [
  text('Payslip March 2026', 800),
  ...row('Gross pay', '3,500.00', 770),
  ...row('Total deductions', '572.12', 755),
  ...row('Net pay', summary, 740),
  text('Earnings', 700),
  text('Basic salary', 685),
  { x: 540, y: 685, text: '3,500.00', right: true },
  text('Deductions', 660),
  text('Income tax', 645),
  { x: 540, y: 645, text: '412.00', right: true },
  text('National insurance', 630),
  { x: 540, y: 630, text: '160.12', right: true },
  text('Paid by bank transfer to account ending 4321', 580),
  text('Employer: DEMO Trading Ltd', 565),
  ...row('Net pay', payment, 540, 50),
];

/** The invoice as OCR reads it from a picture: words as runs, boxes in page fractions. */
function ocrInvoice(header: string, bottom: string) {
  const words: Array<[string, number, number]> = [
    ['Invoice', 0.08, 0.05],
    ['Total', 0.55, 0.1],
    ['Due', 0.6, 0.1],
    [header, 0.8, 0.1],
    ...['Bill', 'Web', 'Hosting', 'Support', 'Terms', 'Notes'].map((w, i): [string, number, number] => [w, 0.08, 0.2 + i * 0.05]),
    ['Total', 0.55, 0.6],
    [bottom, 0.8, 0.6],
  ];
  const runs: TextRun[] = words.map(([text, x, y]) => ({
    page: 1,
    text,
    fontId: 'ocr',
    fontName: 'ocr',
    size: 10,
    bbox: [x, y, x + text.length * 0.009, y + 0.012],
    baseline: 0,
    confidence: 90,
  }));
  const page: PageLayer = { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
  return () => Promise.resolve(contextFromPages([page], { mime: 'image/png' }));
}

const input = (pages: Item[][]) => async () => buildContextForTest(await pdf(pages), { now: '2026-11-29T00:00:00Z' });

/**
 * An online receipt: the amount paid said in a sentence under the header and in the footer, and
 * as "Amount paid" under the total (the payment sentences of several dates: a payment plan).
 */
const paidReceipt = (paid: string, sentences: Array<[string, string]> = [['$10.00', 'July 19, 2024']]): Item[] => [
  text('Receipt', 800),
  ...row('Receipt number', '2721-5058', 770),
  ...sentences.map(([amount, date], i) => text(`${amount} paid on ${date}`, 720 - i * 15)),
  text('Description', 650),
  text('Qty', 650, 400),
  text('Amount', 650, 500),
  text('$10 / month', 630),
  text('1', 630, 400),
  { x: 540, y: 630, text: '$10.00', right: true },
  ...row('Subtotal', '$10.00', 590),
  ...row('Total', '$10.00', 575),
  ...row('Amount paid', paid, 560),
  ...sentences.map(([amount, date], i) => text(`2721-5058 · ${amount} paid on ${date}`, 60 - i * 15)),
];

testDetector(restatedFiguresDetector, {
  valid: [
    { name: 'an invoice whose header total due and bottom total agree', input: input([invoice('$1,578.50', '$1,578.50')]) },
    { name: 'a statement whose summary and last line state one closing balance', input: input([statementPage('12345678', '1,234.56', '1,234.56')]) },
    { name: 'a payslip whose summary and payment line state one net pay', input: input([payslip('2,927.88', '2,927.88')]) },
    {
      // Two accounts in one file, a digit apart by chance: two figures, not two copies of one.
      name: 'a statement of two accounts, one closing balance each',
      input: input([statementPage('12345678', '1,234.56', '1,234.56').slice(0, 12), statementPage('87654321', '1,934.56', '1,934.56').slice(0, 12)]),
    },
    {
      name: 'two accounts, each closing balance printed in its summary and at its end',
      input: input([statementPage('12345678', '1,234.56', '1,234.56'), statementPage('12345678', '1,934.56', '1,934.56')]),
    },
    {
      // The bottom "Total" is the current charges; the header's amount due carries the previous balance.
      name: 'a bill with a previous balance and a payment',
      input: input([
        invoice('$1,778.50', '$1,578.50', [
          [text('Previous balance', 440, 330), { x: 560, y: 440, text: '$300.00', right: true }],
          [text('Payment received, thank you', 425, 330), { x: 560, y: 425, text: '-$100.00', right: true }],
        ]),
      ]),
    },
    {
      name: 'a minimum payment due beside the balance',
      input: input([[text('Card statement', 800), ...row('New balance', '1,250.00', 760), ...row('Minimum payment due', '1,050.00', 560)]]),
    },
    {
      name: 'an instalment table',
      input: input([
        [text('Payment plan', 800), ...row('Amount due', '300.00', 700), ...row('Amount due', '300.00', 685), ...row('Amount due', '500.00', 670)],
      ]),
    },
    {
      name: 'the amount due in two currencies',
      input: input([
        [
          text('Invoice', 800),
          ...row('Amount due', '$1,200.00', 760),
          text('Converted at 0.92: €1,100.00', 600),
          ...[580, 560, 540, 520].map((y) => text(`Terms line ${y}`, y)),
          ...row('Amount due', '1,100.00', 500),
        ],
      ]),
    },
    {
      // Same account, two monthly statements in one file: the date in the label tells the figures apart.
      name: 'two periods, each closing balance stated at its own date',
      input: input([
        [text('Statement', 800), ...row('Ending balance on 8/11', '$1,273.70', 760), text('Activity', 600), ...row('Ending balance on 8/11', '$1,273.70', 400)],
        [text('Statement', 800), ...row('Ending balance on 9/11', '$1,973.70', 760), text('Activity', 600), ...row('Ending balance on 9/11', '$1,973.70', 400)],
      ]),
    },
    {
      name: 'copies a few cents apart (the issuer rounding twice)',
      input: input([invoice('$1,578.50', '$1,578.51')]),
    },
    { name: 'a receipt whose amount paid is the one its payment sentences state', input: input([paidReceipt('$10.00')]) },
    {
      name: 'payment sentences of two dates (a plan paid in parts) beside the amount paid',
      input: input([
        paidReceipt('$40.00', [
          ['$20.00', 'June 19, 2024'],
          ['$20.00', 'July 19, 2024'],
        ]),
      ]),
    },
    // "$1,578.50" read as "$1,573.50": OCR takes an 8 for a 3; the picture says nothing about the document.
    { name: 'a picture whose two copies differ by one OCR misread', input: ocrInvoice('$1,578.50', '$1,573.50') },
  ],
  invalid: [
    {
      name: 'a picture whose bottom total was changed beyond a misread',
      input: ocrInvoice('$1,578.50', '$3,578.50'),
      reasons: ['content_inconsistency.restated_figure'],
    },
    {
      name: "an invoice's bottom total changed, the header box left",
      input: input([invoice('$1,578.50', '$3,578.50')]),
      reasons: ['content_inconsistency.restated_figure'],
      check: (fs) => {
        expect(fs).toHaveLength(1);
        expect(fs[0].evidence.value).toBe('$3,578.50');
        expect(fs[0].evidence.expected).toBe('$1,578.50');
        expect(fs[0].evidence.regions).toHaveLength(2);
      },
    },
    {
      name: "a statement's closing balance changed at the end, the summary left",
      input: input([statementPage('12345678', '1,234.56', '3,234.56')]),
      reasons: ['content_inconsistency.restated_figure'],
      check: (fs) => expect(fs[0].evidence.regions).toHaveLength(2),
    },
    {
      name: 'a closing balance stated at its date, the copy at the end changed',
      input: input([
        [
          text('Statement', 800),
          ...row('Ending balance on 8/11', '$1,273.70', 760),
          ...[600, 580, 560, 540, 520].map((y) => text(`Activity line ${y}`, y)),
          ...row('Ending balance on 8/11', '$1,278.70', 400),
        ],
      ]),
      reasons: ['content_inconsistency.restated_figure'],
      check: (fs) => expect(fs[0].summary).toContain('ending balance on 8/11'),
    },
    {
      // The footer's sentence sits within a few lines of "Amount paid": a copy of another form, not a list row.
      name: "a receipt's amount paid changed, its payment sentences left",
      input: input([paidReceipt('$30.00')]),
      reasons: ['content_inconsistency.restated_figure'],
      check: (fs) => expect(fs[0].summary).toContain('amount paid'),
    },
    {
      name: "a payslip's net pay changed in the summary, the payment line left",
      input: input([payslip('4,927.88', '2,927.88')]),
      reasons: ['content_inconsistency.restated_figure'],
    },
  ],
});
