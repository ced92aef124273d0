/**
 * Tables as WebKit/Qt printers (wkhtmltopdf) lay them out: a row split by a page break drawn on
 * both pages, and a tall row whose date cell sits on a line of its own above its figures. The
 * printed arithmetic is right; reading must not make it wrong.
 */
import { readFileSync } from 'node:fs';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import { testDetector } from '../../detector-tester.js';
import { contextOf, right, row } from '../../read/extract/fixtures.js';

const item = (d: string, q: string, p: string, a: string) => row([0, d], right(44, q), right(58, p), right(72, a));

function invoicePages(repeat: 'same' | 'other'): string[] {
  const head = [
    'Summit Office Supply Co',
    'Invoice number: INV-2024-14079',
    'Invoice date: 07/23/2024',
    '',
    row([0, 'Description'], [41, 'Qty'], [48, 'Unit price'], [66, 'Amount']),
  ];
  const page1 = [
    ...head,
    item('Photography session', '9', '44.07', '396.63'),
    item('Copy editing (pages)', '9', '237.25', '2,135.25'),
    item('On-site support visit', '12', '103.72', '1,244.64'),
  ];
  const top = repeat === 'same' ? item('On-site support visit', '12', '103.72', '1,244.64') : item('Toner cartridge black', '1', '1,244.64', '1,244.64');
  const page2 = [
    top,
    item('Training workshop (day)', '8', '334.83', '2,678.64'),
    '',
    row([40, 'Subtotal'], right(72, '$6,455.16')),
    row([40, 'Tax (10%)'], right(72, '$645.52')),
    row([40, 'Total due'], right(72, '$7,100.68')),
  ];
  return [page1.join('\n'), page2.join('\n')];
}

const tx = (date: string, what: string, out: string, bal: string) => row([0, date], [14, what], right(60, out), right(84, bal));

function statementPages(split: 'date_alone' | 'row_repeated'): string[] {
  const head = [
    'Northmoor Building Society',
    'Statement date 30 Apr 2024',
    '',
    row([0, 'Date'], [14, 'Description'], [52, 'Paid out'], [64, 'Paid in'], [77, 'Balance']),
  ];
  const rows = [tx('06 Apr 2024', 'CARD PAYMENT TO PETROL STATION', '154.87', '4,238.63'), tx('07 Apr 2024', 'CARD PAYMENT TO BOOKSHOP', '67.91', '4,170.72')];
  if (split === 'date_alone') {
    const page = [
      ...head,
      ...rows,
      '07 Apr 2024',
      row([14, 'CARD PAYMENT TO RAILWAY TICKETS'], right(60, '2.57'), right(84, '4,168.15')),
      tx('07 Apr 2024', 'CARD PAYMENT TO GREENLEAF GROCERS', '367.48', '3,800.67'),
      tx('08 Apr 2024', 'DIRECT DEBIT CITY COUNCIL TAX', '398.54', '3,402.13'),
    ];
    return [page.join('\n')];
  }
  const last = tx('07 Apr 2024', 'CARD PAYMENT TO RAILWAY TICKETS', '2.57', '4,168.15');
  return [
    [...head, ...rows, last].join('\n'),
    [
      last,
      tx('07 Apr 2024', 'CARD PAYMENT TO GREENLEAF GROCERS', '367.48', '3,800.67'),
      tx('08 Apr 2024', 'DIRECT DEBIT CITY COUNCIL TAX', '398.54', '3,402.13'),
    ].join('\n'),
  ];
}

/**
 * A lab statement printed by Chromium, its text laid out again by a crude ReportLab script: the
 * second page sets its figures further left than the first page's header, so read with those
 * columns row after row breaks (20 of ~80 balances). A misread table, not twenty edits.
 */
function misreadColumns(): string[] {
  const text = readFileSync(new URL('./fixtures/statement-misread-columns.txt', import.meta.url), 'utf8');
  return text.split('\f').filter((t) => t.trim());
}

/**
 * TCPDF's rendering of an HTML statement: figures left-aligned in their columns, so a paid-out
 * amount follows a long description by one space and the two read as one cell. With `retyped`
 * a balance further down is changed (4,839.08 for 4,939.08).
 */
function gluedAmounts(retyped = false): string[] {
  const head = ['Quaymark Bank', 'Statement date: 04/30/2023', '', row([0, 'Date'], [14, 'Description'], [36, 'Paid out'], [52, 'Paid in'], [66, 'Balance'])];
  const lines = [
    row([0, '04/12/2023'], [14, 'STANDING ORDER'], [36, '283.69'], [66, '6,212.04']),
    row([0, '04/14/2023'], [14, 'SALARY QUAYMARK'], [52, '3,603.40'], [66, '9,815.44']),
    row([0, '04/16/2023'], [14, 'DIRECT DEBIT MOBILE 414.78'], [66, '9,400.66']),
    row([0, '04/25/2023'], [14, 'CARD PAYMENT'], [36, '52.02'], [66, '9,348.64']),
    row([0, '04/26/2023'], [14, 'RENT'], [36, '4,409.56'], [66, retyped ? '4,839.08' : '4,939.08']),
    row([0, '04/28/2023'], [14, 'ATM WITHDRAWAL'], [36, '393.28'], [66, '4,545.80']),
    row([0, '04/29/2023'], [14, 'CARD PAYMENT'], [36, '45.80'], [66, '4,500.00']),
    row([0, '04/29/2023'], [14, 'BOOKSHOP'], [36, '100.00'], [66, '4,400.00']),
    row([0, '04/30/2023'], [14, 'ONLINE PAYMENT GYM 6.91'], [66, '4,393.09']),
  ];
  return [[...head, ...lines].join('\n')];
}

testDetector(arithmeticErrorDetector, {
  valid: [
    {
      name: 'an invoice row split by the page break, drawn at the foot of one page and the head of the next',
      input: async () => contextOf(invoicePages('same')),
    },
    { name: 'a statement row split by the page break, drawn on both pages', input: async () => contextOf(statementPages('row_repeated')) },
    { name: "a tall statement row: its date on a line of its own above the row's figures", input: async () => contextOf(statementPages('date_alone')) },
    { name: 'amounts glued to their descriptions by a left-aligned column (TCPDF)', input: async () => contextOf(gluedAmounts()) },
    { name: "a second page whose figures stand left of the first page's header: a misread table", input: async () => contextOf(misreadColumns()) },
  ],
  invalid: [
    {
      name: 'the same statement with a balance retyped between rows read whole',
      input: async () => contextOf(gluedAmounts(true)),
      reasons: ['arithmetic_error.running_balance'],
    },
    {
      name: 'another row at the head of the next page, not a repeat: the subtotal leaves it out',
      input: async () => contextOf(invoicePages('other')),
      reasons: ['arithmetic_error.items_subtotal'],
    },
  ],
});
