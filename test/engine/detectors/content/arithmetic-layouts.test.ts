/**
 * Arithmetic on layouts that fooled the first reading: left-aligned column labels over
 * right-aligned figures (HTML tables printed by Chromium), and white-box edits that leave the
 * old figure in the text layer under the new one.
 */
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import type { DetectorContext } from '../../../../engine/facts/context.js';
import { contextFromPages } from '../../context-for-test.js';
import type { PaintOp, TextRun } from '../../../../engine/read/pdf/text/types.js';
import { testDetector } from '../../detector-tester.js';
import { contextOf, right, row } from '../../read/extract/fixtures.js';

/**
 * Labels start their columns (left-aligned) while figures end them (right-aligned), so a short
 * debit sits nearer the "Paid in" label than the "Paid out" one (two rows here, few enough that
 * a misreading would look like two altered balances).
 */
function leftLabelledStatement(balanceEdit = 0): string {
  const tx: Array<[string, string, number]> = [
    ['03/01/2023', 'TRANSFER FROM SAVINGS', 414.21],
    ['04/01/2023', 'DIRECT DEBIT INSURANCE', -126.22],
    ['05/01/2023', 'CARD PAYMENT RAIL', -163.04],
    ['11/01/2023', 'SALARY', 2538.27],
    ['11/01/2023', 'CARD PAYMENT RAIL', -9.05],
    ['16/01/2023', 'CARD PAYMENT RAIL', -8.95],
    ['23/01/2023', 'CARD PAYMENT FUEL', -287.12],
    ['31/01/2023', 'DIRECT DEBIT INSURANCE', -371.1],
  ];
  const fmt = (v: number) => Math.abs(v).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const lines = [
    'Northmoor Building Society',
    'Account Statement',
    '',
    row([0, 'Date'], [12, 'Description'], [58, 'Paid out'], [78, 'Paid in'], [92, 'Balance']),
  ];
  let balance = 8753.28;
  lines.push(row([0, '01/01/2023'], [12, 'Opening balance'], right(104, fmt(balance))));
  tx.forEach(([date, text, v], i) => {
    balance += v;
    const shown = i === 6 ? balance + balanceEdit : balance;
    lines.push(row([0, date], [12, text], v < 0 ? right(75, fmt(v)) : right(90, fmt(v)), right(104, fmt(shown))));
  });
  return lines.join('\n');
}

const TOTALS = [row([0, 'Subtotal'], right(60, '100.00')), row([0, 'VAT 20%'], right(60, '20.00')), row([0, 'Total'], right(60, '120.00'))].join('\n');

/**
 * The totals block with the total covered by an opaque box painted after it; `replacement` is
 * drawn on the box. `coverFirst` paints the box before the text instead (a cell background).
 */
function whiteBoxEdit(replacement: string, coverFirst = false): () => Promise<DetectorContext> {
  return async () => {
    const base = contextOf(TOTALS);
    const page = base.pages[0];
    const old = page.runs.find((r) => r.text === '120.00')!;
    const paint: PaintOp[] = page.runs.map((r, i) => ({
      kind: 'text',
      seq: coverFirst ? i + 1 : i,
      bbox: r.bbox,
      clip: null,
      alpha: 1,
      text: r.text,
      fontId: r.fontId,
      size: r.size,
      renderMode: 0,
      fill: '#000000',
      charSpacing: 0,
      wordSpacing: 0,
      hScale: 1,
      rise: 0,
    }));
    const [x0, y0, x1, y1] = old.bbox;
    const cover: PaintOp = {
      kind: 'fill',
      seq: coverFirst ? 0 : paint.length,
      bbox: [x0 - 0.005, y0 - 0.002, x1 + 0.005, y1 + 0.002],
      clip: null,
      alpha: 1,
      fill: '#ffffff',
      rect: true,
    };
    const added: TextRun = { ...old, text: replacement, fontName: 'Times-Roman', bbox: [x1 - replacement.length / 110, y0, x1, y1] };
    const addedPaint: PaintOp = { ...(paint[0] as Extract<PaintOp, { kind: 'text' }>), seq: paint.length + 1, text: replacement, bbox: added.bbox };
    const pages = [{ ...page, runs: coverFirst ? page.runs : [...page.runs, added], paint: coverFirst ? [cover, ...paint] : [...paint, cover, addedPaint] }];
    return contextFromPages(pages, { now: base.now.toISOString(), text: base.text });
  };
}

testDetector(arithmeticErrorDetector, {
  valid: [
    { name: 'left-aligned column labels over right-aligned figures, balances add up', input: async () => contextOf(leftLabelledStatement()) },
    { name: 'a cell background painted before its text hides nothing', input: whiteBoxEdit('', true) },
  ],
  invalid: [
    {
      name: 'left-aligned column labels, one balance raised by 100',
      input: async () => contextOf(leftLabelledStatement(100)),
      reasons: ['arithmetic_error.running_balance'],
    },
    {
      name: 'white box over the total with a new total on top: the visible total is judged',
      input: whiteBoxEdit('150.00'),
      reasons: ['arithmetic_error.invoice_total'],
    },
  ],
});

// The right-aligned header variant (figures under their labels) must still be read the same way.
const rightLabelled = (edit: number) =>
  leftLabelledStatement(edit).replace(/^Date.*$/m, row([0, 'Date'], [12, 'Description'], right(75, 'Paid out'), right(90, 'Paid in'), right(104, 'Balance')));

testDetector(arithmeticErrorDetector, {
  valid: [{ name: 'right-aligned labels, balances add up', input: async () => contextOf(rightLabelled(0)) }],
  invalid: [
    {
      name: 'right-aligned labels, one balance lowered by 40',
      input: async () => contextOf(rightLabelled(-40)),
      reasons: ['arithmetic_error.running_balance'],
    },
  ],
});

// OCR runs short header words together ("Paidout"): the columns are still the statement's.
const joinedHeader = (edit: number) =>
  leftLabelledStatement(edit).replace(/^Date.*$/m, row([0, 'Date'], [12, 'Description'], right(75, 'Paidout'), right(90, 'Paid in'), right(104, 'Balance')));

testDetector(arithmeticErrorDetector, {
  valid: [{ name: 'header words run together, balances add up', input: async () => contextOf(joinedHeader(0)) }],
  invalid: [
    {
      name: 'header words run together, one balance raised by 100',
      input: async () => contextOf(joinedHeader(100)),
      reasons: ['arithmetic_error.running_balance'],
    },
  ],
});

/** A till receipt: items with their line totals, subtotal, VAT included in the total. */
function tillReceipt(o: { subtotal?: string; total?: string; vat?: string; qtyLine?: boolean } = {}): string {
  return [
    'Corner Pantry',
    'RECEIPT',
    row([0, 'Item'], right(60, 'GBP')),
    row([0, '2 x Cold brew'], right(60, '25.86')),
    row([0, '3 x Free-range eggs x6'], right(60, '32.43')),
    ...(o.qtyLine ? ['  2 @ 1.50'] : []),
    row([0, '1 x Butter 250g'], right(60, '2.89')),
    row([0, '2 x Flat white'], right(60, '11.02')),
    row([0, 'Subtotal'], right(60, o.subtotal ?? '£72.20')),
    row([0, 'incl. VAT 20%'], right(60, o.vat ?? '£12.03')),
    row([0, 'TOTAL'], right(60, o.total ?? '£72.20')),
    row([0, 'Card ****0732'], right(60, o.total ?? '£72.20')),
  ].join('\n');
}

/** The same receipt over two pages, its item heading printed again at the top of the second (FPDF page break). */
function twoPageReceipt(subtotal = '£72.20'): string[] {
  const lines = tillReceipt({ subtotal }).split('\n');
  const heading = lines[2];
  return [lines.slice(0, 5).join('\n'), [heading, ...lines.slice(5)].join('\n')];
}

/** A utility bill: account summary, a charges table without a subtotal line, tax, totals. */
function utilityBill(o: { due?: string; charges?: string; adjustment?: boolean; energy?: string } = {}): string {
  return [
    row([0, 'Pacific Crest Power & Light'], right(96, 'Electricity Bill')),
    row([50, 'Bill date'], right(96, '05 Sep 2023')),
    row([50, 'Billing period'], right(96, '01 Aug 2023 - 31 Aug 2023')),
    'Your account',
    row([50, 'Previous balance'], right(96, '$90.46')),
    row([45, 'Payment received, thank you'], right(96, '-$54.20')),
    ...(o.adjustment ? [row([50, 'Late payment fee'], right(96, '$5.00'))] : []),
    'Charges this period',
    row([0, 'Item'], [50, 'Quantity'], [66, 'Rate'], right(96, 'Amount')),
    row([0, 'Meter readings 63100 to 63556'], [50, '456 kWh'], [66, '0.18'], right(96, o.energy ?? '82.08')),
    row([0, 'Standing charge'], [50, '31 days'], [66, '0.58'], right(96, '17.98')),
    row([55, 'Tax (3%)'], right(96, '$3.00')),
    row([55, 'Total charges'], right(96, o.charges ?? '$103.06')),
    row([55, 'Amount due'], right(96, o.due ?? '$139.32')),
  ].join('\n');
}

testDetector(arithmeticErrorDetector, {
  valid: [
    { name: 'receipt items add up to the subtotal, VAT included in the total', input: async () => contextOf(tillReceipt()) },
    { name: 'receipt items over two pages, the item heading repeated at the top of the second', input: async () => contextOf(twoPageReceipt()) },
    {
      name: 'receipt with a quantity line inside the item list (list not fully read) stays quiet',
      input: async () => contextOf(tillReceipt({ qtyLine: true, subtotal: '£75.20', total: '£75.20', vat: '£12.53' })),
    },
    { name: 'bill: amount due = previous balance - payment + charges', input: async () => contextOf(utilityBill()) },
    {
      name: 'bill with an unexplained adjustment between payment and charges stays quiet',
      input: async () => contextOf(utilityBill({ adjustment: true, due: '$144.32' })),
    },
  ],
  invalid: [
    {
      name: 'two-page receipt subtotal raised above its items on both pages',
      input: async () => contextOf(twoPageReceipt('£82.20')),
      reasons: ['arithmetic_error.items_subtotal', 'arithmetic_error.invoice_total'],
    },
    {
      name: 'receipt subtotal raised above its items',
      input: async () => contextOf(tillReceipt({ subtotal: '£82.20' })),
      reasons: ['arithmetic_error.items_subtotal', 'arithmetic_error.invoice_total'],
    },
    {
      name: 'receipt total lowered under VAT-inclusive subtotal',
      input: async () => contextOf(tillReceipt({ total: '£62.20' })),
      reasons: ['arithmetic_error.invoice_total', 'arithmetic_error.tax_rate'],
    },
    { name: 'bill amount due raised', input: async () => contextOf(utilityBill({ due: '$339.32' })), reasons: ['arithmetic_error.amount_due'] },
    {
      // The meter readings in the description times the rate (in cents) must not explain the row.
      name: 'bill energy charge changed, totals left as computed',
      input: async () => contextOf(utilityBill({ energy: '62.08' })),
      reasons: ['arithmetic_error.line_item'],
    },
    {
      name: 'bill charges total does not equal the charges table plus tax',
      input: async () => contextOf(utilityBill({ charges: '$93.06', due: '$129.32' })),
      reasons: ['arithmetic_error.invoice_total'],
    },
  ],
});

/**
 * Stacked totals (summary cards, definition lists as WeasyPrint lays them out): each label alone
 * on its line with its figure alone on the line below. Payslip and invoice arithmetic must pair them.
 */
function stackedPayslip(net = '2,927.88'): string {
  return [
    'Kestrel Software GmbH',
    'Payslip',
    row([0, 'Basic salary'], right(90, '4,083.05')),
    'Gross pay',
    row(right(90, '4,414.43')),
    'Total deductions',
    row(right(90, '1,486.55')),
    'Net pay',
    row(right(90, net)),
  ].join('\n');
}

function stackedInvoice(subtotal = '£300.00'): string {
  return [
    'Fenwick & Hale Consulting Ltd',
    'Invoice',
    row([0, 'Description'], [50, 'Qty'], right(75, 'Unit price'), right(96, 'Amount')),
    row([0, 'Consulting services'], [50, '2'], right(75, '100.00'), right(96, '200.00')),
    row([0, 'Travel expenses'], [50, '1'], right(75, '100.00'), right(96, '100.00')),
    row([60, 'Subtotal']),
    row(right(96, subtotal)),
    row([60, 'Tax (20%)']),
    row(right(96, '£60.00')),
    row([60, 'Total due']),
    row(right(96, '£360.00')),
  ].join('\n');
}

testDetector(arithmeticErrorDetector, {
  valid: [
    { name: 'stacked payslip totals that add up', input: async () => contextOf(stackedPayslip()) },
    { name: 'stacked invoice totals that add up', input: async () => contextOf(stackedInvoice()) },
  ],
  invalid: [
    { name: 'stacked payslip: net pay raised', input: async () => contextOf(stackedPayslip('3,927.88')), reasons: ['arithmetic_error.payslip_net'] },
    {
      name: 'stacked invoice: subtotal from another invoice (page swap)',
      input: async () => contextOf(stackedInvoice('£350.00')),
      reasons: ['arithmetic_error.items_subtotal', 'arithmetic_error.invoice_total', 'arithmetic_error.tax_rate'],
    },
  ],
});

/** A statement table that adds up and a summary whose closing balance it does not end on (a page from another statement). */
function statementWithClosing(closing: string): string {
  return [
    'Harrowgate Bank plc',
    'Account Statement',
    row([0, 'Date'], [12, 'Description'], right(75, 'Paid out'), right(90, 'Paid in'), right(104, 'Balance')),
    row([0, '01/05/2023'], [12, 'CARD PAYMENT'], right(75, '10.00'), right(104, '990.00')),
    row([0, '02/05/2023'], [12, 'SALARY'], right(90, '500.00'), right(104, '1,490.00')),
    row([0, '03/05/2023'], [12, 'RENT'], right(75, '400.00'), right(104, '1,090.00')),
    row([0, '04/05/2023'], [12, 'CAFE'], right(75, '5.00'), right(104, '1,085.00')),
    row([60, 'Closing balance']),
    row(right(104, closing)),
  ].join('\n');
}

testDetector(arithmeticErrorDetector, {
  valid: [{ name: 'closing balance is where the table ends', input: async () => contextOf(statementWithClosing('£1,085.00')) }],
  invalid: [
    {
      name: 'closing balance from another statement (swapped last page)',
      input: async () => contextOf(statementWithClosing('£396.21')),
      reasons: ['arithmetic_error.closing_balance'],
    },
  ],
});

/**
 * Two pages handing a balance over: "Balance carried forward" at the foot of page 1, "Balance
 * brought forward" at the head of page 2. A page 2 taken from another statement of the issuer
 * adds up among its own rows; only the hand-over breaks.
 */
function carriedStatement(broughtForward: string): string[] {
  const header = row([0, 'Date'], [12, 'Description'], right(75, 'Paid out'), right(90, 'Paid in'), right(104, 'Balance'));
  const page1 = [
    'Harrowgate Bank plc',
    'Account Statement',
    header,
    row([0, '01/05/2023'], [12, 'Balance brought forward'], right(104, '1,000.00')),
    row([0, '01/05/2023'], [12, 'CARD PAYMENT'], right(75, '10.00'), right(104, '990.00')),
    row([0, '02/05/2023'], [12, 'SALARY'], right(90, '500.00'), right(104, '1,490.00')),
    row([0, '03/05/2023'], [12, 'RENT'], right(75, '400.00'), right(104, '1,090.00')),
    row([0, '04/05/2023'], [12, 'Balance carried forward'], right(104, '1,090.00')),
    'Page 1 of 2',
  ];
  const b = Number(broughtForward.replace(/,/g, ''));
  const fmt = (v: number) => v.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const page2 = [
    'Harrowgate Bank plc',
    header,
    row([0, '04/05/2023'], [12, 'Balance brought forward'], right(104, broughtForward)),
    row([0, '05/05/2023'], [12, 'CAFE'], right(75, '5.00'), right(104, fmt(b - 5))),
    row([0, '06/05/2023'], [12, 'BOOKSHOP'], right(75, '20.00'), right(104, fmt(b - 25))),
    row([0, '07/05/2023'], [12, 'REFUND'], right(90, '15.00'), right(104, fmt(b - 10))),
    'Page 2 of 2',
  ];
  return [page1.join('\n'), page2.join('\n')];
}

testDetector(arithmeticErrorDetector, {
  valid: [{ name: 'the balance carried forward is the one brought forward', input: async () => contextOf(carriedStatement('1,090.00')) }],
  invalid: [
    {
      name: 'page 2 from another statement brings forward another balance',
      input: async () => contextOf(carriedStatement('2,431.57')),
      reasons: ['arithmetic_error.carried_balance'],
    },
  ],
});

/** A receipt and a bill with stacked totals (label line, then the figure alone). */
const stackedReceipt = (total: string, cheddar = '11,83') =>
  [
    'Marché Saint-Loup',
    'Receipt',
    row([0, 'Item'], right(60, 'EUR')),
    row([0, '1 x Cheddar 200g'], right(60, cheddar)),
    row([0, '2 x Sparkling water'], right(60, '11,76')),
    'Subtotal',
    row(right(60, '23,59 €')),
    'incl. VAT 5.5%',
    row(right(60, '1,23 €')),
    'TOTAL',
    row(right(60, total)),
  ].join('\n');

const stackedBill = (due: string) =>
  [
    row([0, 'Stadtwerke Elbtal'], right(96, 'Electricity Bill')),
    'Previous balance',
    row(right(96, '48,46 €')),
    'Payment received, thank you',
    row(right(96, '-48,46 €')),
    'Charges this period',
    row([0, 'Item'], [50, 'Quantity'], [66, 'Rate'], right(96, 'Amount')),
    row([0, 'Meter readings 20776 to 21253'], [50, '477 kWh'], [66, '0,24'], right(96, '114,48')),
    row([0, 'Standing charge'], [50, '30 days'], [66, '0,41'], right(96, '12,30')),
    'Tax (19%)',
    row(right(96, '24,09 €')),
    'Total charges',
    row(right(96, '150,87 €')),
    'Amount due',
    row(right(96, due)),
  ].join('\n');

testDetector(arithmeticErrorDetector, {
  valid: [
    { name: 'stacked receipt totals, VAT included', input: async () => contextOf(stackedReceipt('23,59 €')) },
    { name: 'stacked bill summary that adds up', input: async () => contextOf(stackedBill('150,87 €')) },
  ],
  invalid: [
    {
      name: 'stacked receipt: total lowered',
      input: async () => contextOf(stackedReceipt('13,59 €')),
      reasons: ['arithmetic_error.invoice_total', 'arithmetic_error.tax_rate'],
    },
    { name: 'stacked bill: amount due lowered', input: async () => contextOf(stackedBill('92,74 €')), reasons: ['arithmetic_error.amount_due'] },
    {
      // The items stand above the "Subtotal" label, not above its figure on the line below.
      name: 'stacked receipt: an item price raised, subtotal and total left alone',
      input: async () => contextOf(stackedReceipt('23,59 €', '31,83')),
      reasons: ['arithmetic_error.items_subtotal'],
    },
  ],
});

/** The same totals with a second, scanned page that OCR did not read (page cap or time budget). */
function withUnreadScan(text: string): () => Promise<DetectorContext> {
  return async () => {
    const base = contextOf(text);
    const unread = { ...base.pages[0], page: 2, runs: [], text: '', imageOnly: true };
    return { ...base, pages: [...base.pages, unread] };
  };
}

testDetector(arithmeticErrorDetector, {
  valid: [{ name: 'a total that disagrees while a scanned page is unread: no cross-page sums', input: withUnreadScan(TOTALS.replace('120.00', '150.00')) }],
  invalid: [
    {
      name: 'a line item that disagrees is still judged with an unread page',
      input: withUnreadScan(
        [
          row([0, 'Description'], [50, 'Qty'], right(75, 'Unit price'), right(96, 'Amount')),
          row([0, 'Consulting'], [50, '2'], right(75, '100.00'), right(96, '200.00')),
          row([0, 'Travel'], [50, '3'], right(75, '10.00'), right(96, '30.00')),
          row([0, 'Printing'], [50, '4'], right(75, '5.00'), right(96, '90.00')),
        ].join('\n'),
      ),
      reasons: ['arithmetic_error.line_item'],
    },
  ],
});
