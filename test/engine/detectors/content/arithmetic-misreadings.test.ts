/**
 * Genuine layouts the arithmetic readers misread before issue 30's fourth round: a statement
 * summary that lists several kinds of money out between its opening and closing balances, an
 * OCR'd statement whose last balance ran into the next words, and an OCR'd invoice whose
 * subtotal came out with two digits swapped. Each genuine layout stays quiet; its forged twin
 * still fires.
 */
import { describe, expect, it } from 'vitest';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import { subtotalMisread } from '../../../../engine/detectors/content/arithmetic/totals-cross-check.js';
import { parseAmount } from '../../../../engine/read/extract/numbers.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';
import type { Extracted, Finding } from '../../../../engine/types.js';
import { contextFromPages } from '../../context-for-test.js';
import { extractedAs, layoutPage, right, row } from '../../read/extract/fixtures.js';

const EXTRACTED = extractedAs('bank_statement', 'USD');

const codes = (fs: Finding[]) => fs.map((f) => f.code);

/** A US checking statement's summary: one line per kind of money moved, each signed. */
function breakdownSummary(ending = '$10,521.19', checks = '-200.00'): string {
  return [
    'Commerce Bank',
    'Bank Statement  Statement Date: June 5, 2003',
    'Account Summary  Account # 000009752',
    row([0, 'Beginning Balance on May 3, 2003'], right(70, '$7,126.11')),
    row([0, 'Deposits & Other Credits'], right(70, '+3,615.08')),
    row([0, 'ATM Withdrawals & Debits'], right(70, '-20.00')),
    row([0, 'VISA Check Card Purchases & Debits'], right(70, '-0.00')),
    row([0, 'Withdrawals & Other Debits'], right(70, '-0.00')),
    row([0, 'Checks Paid'], right(70, checks)),
    row([0, 'Ending Balance on June 5, 2003'], right(70, ending)),
  ].join('\n');
}

function run(text: string, docType: Extracted['doc_type'] = 'bank_statement') {
  const ctx = contextFromPages([layoutPage(text)], { now: '2025-06-01T00:00:00Z', text, extracted: { ...EXTRACTED, doc_type: docType } });
  return arithmeticErrorDetector.run(ctx);
}

describe('a statement summary with several kinds of money in and out', () => {
  it('adds every signed line between the opening and the closing balance', async () => {
    // 7,126.11 + 3,615.08 - 20.00 - 0.00 - 0.00 - 200.00 = 10,521.19: taking one money-out line
    // (a "-0.00") for all of them gave 10,741.19.
    expect(await run(breakdownSummary())).toEqual([]);
  });

  it('still reports a closing balance retyped over the summary', async () => {
    expect(codes(await run(breakdownSummary('$10,821.19')))).toEqual(['arithmetic_error.statement_summary']);
  });

  it('still reports a kind of money out retyped in the summary', async () => {
    expect(codes(await run(breakdownSummary('$10,521.19', '-500.00')))).toEqual(['arithmetic_error.statement_summary']);
  });
});

/** Pictures as tesseract returns them: one run per word. */
const ROW_PITCH = 0.018;
const CHAR = 0.0072;

function word(text: string, x0: number, y: number, confidence = 95): TextRun {
  return { page: 1, text, fontId: 'ocr', fontName: 'ocr', size: 6, bbox: [x0, y, x0 + text.length * CHAR, y + 0.009], baseline: 0, confidence };
}

function words(runs: TextRun[], s: string, x: number, y: number, confidence = 95): void {
  for (const w of s.split(' ')) {
    runs.push(word(w, x, y, confidence));
    x += w.length * CHAR + 0.006;
  }
}

type Tx = [date: string, text: string, debit: string, credit: string, balance: string];

const TXS: Tx[] = [
  ['10/02', 'POS PURCHASE', '4.23', '', '65.73'],
  ['10/03', 'PREAUTHORIZED CREDIT', '', '763.01', '828.74'],
  ['10/04', 'POS PURCHASE', '11.68', '', '817.06'],
  ['10/05', 'CHECK 1234', '9.98', '', '807.08'],
  ['10/05', 'POS PURCHASE', '25.50', '', '781.58'],
  ['10/08', 'POS PURCHASE', '59.08', '', '722.50'],
];

/**
 * A statement picture whose transactions by date (with balances) are followed by the same
 * transactions listed by type, one amount column printed where the balance column was.
 */
function ocrStatement(closing: string): PageLayer {
  const runs: TextRun[] = [];
  let y = 0.1;
  words(runs, 'Statement of Account', 0.09, y);
  y += ROW_PITCH;
  words(runs, 'Ending balance on November 9', 0.09, y);
  words(runs, closing, 0.5, y, 90);
  y += ROW_PITCH * 2;
  const header = (labels: ReadonlyArray<readonly [string, number]>) => {
    y += ROW_PITCH;
    for (const [label, x] of labels) words(runs, label, x, y);
  };
  header([
    ['Date', 0.09],
    ['Description', 0.2],
    ['Debit', 0.62],
    ['Credit', 0.74],
    ['Balance', 0.86],
  ]);
  for (const [date, text, debit, credit, balance] of TXS) {
    y += ROW_PITCH;
    words(runs, date, 0.09, y);
    words(runs, text, 0.2, y);
    if (debit) words(runs, debit, 0.7 - debit.length * CHAR, y, 90);
    if (credit) words(runs, credit, 0.82 - credit.length * CHAR, y, 90);
    words(runs, balance, 0.93 - balance.length * CHAR, y, 90);
  }
  y += ROW_PITCH * 2;
  words(runs, 'Withdrawals and Other Debits', 0.09, y);
  header([
    ['Date', 0.09],
    ['Description', 0.2],
    ['Amount', 0.86],
  ]);
  for (const [date, text, debit] of TXS.filter((t) => t[2])) {
    y += ROW_PITCH;
    words(runs, date, 0.09, y);
    words(runs, `${text} TERMINAL 24349201`, 0.2, y);
    words(runs, debit, 0.93 - debit.length * CHAR, y, 90);
  }
  return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
}

function runPage(page: PageLayer) {
  return arithmeticErrorDetector.run(contextFromPages([page], { mime: 'image/jpeg', extracted: EXTRACTED, text: '' }));
}

describe('an OCR-read statement followed by its transactions listed by type', () => {
  it('ends the balance table at a table without a balance column', async () => {
    // The listing's amounts under the balance column were read as balances (the table "ended on" 30.18).
    expect(await runPage(ocrStatement('$722.50'))).toEqual([]);
  });

  it('still reports a closing balance that is not the one the transactions end on', async () => {
    expect(codes(await runPage(ocrStatement('$922.50')))).toEqual(['arithmetic_error.closing_balance']);
  });
});

describe('an OCR-read subtotal with two digits swapped', () => {
  const amount = (s: string) => parseAmount(s)!;

  it('is explained by the tax and total agreeing at the printed rate', () => {
    // 8,372.97 read as 8,327.97; 20 % of 8,372.97 is 1,674.59 and the total 10,047.56 follows.
    expect(subtotalMisread(amount('8,327.97'), 1674.59, 20, 10047.56)).toBe(true);
    // A total raised by 900 no longer agrees with its tax at the rate.
    expect(subtotalMisread(amount('8,327.97'), 1674.59, 20, 10947.56)).toBe(false);
  });

  it('without a printed rate, only by a swap a one-digit retyping of the total cannot make', () => {
    // 1,428.00 read as 1,248.00: 1,428.00 + 99.60 = 1,527.60.
    expect(subtotalMisread(amount('1,248.00'), 99.6, null, 1527.6)).toBe(true);
    // 1,435.00 against 1,345.00: digits one apart swapped move the figure by 90, what retyping a
    // digit of the total by 9 does; that stays reported, as does any other difference.
    expect(subtotalMisread(amount('1,345.00'), 99.6, null, 1534.6)).toBe(false);
    expect(subtotalMisread(amount('1,248.00'), 99.6, null, 1627.6)).toBe(false);
  });

  it('leaves a picture of an invoice quiet, and still reports its retyped total', async () => {
    const invoice = (subtotal: string, total: string): PageLayer => {
      const runs: TextRun[] = [];
      let y = 0.1;
      words(runs, 'Atelier Lumen SARL Invoice 2025-114', 0.09, y);
      y += ROW_PITCH * 2;
      words(runs, 'Consulting and design services, March 2025', 0.09, y);
      for (const [label, value] of [
        ['Subtotal', subtotal],
        ['Tax (20%)', '1,674.59'],
        ['Total due', total],
      ] as const) {
        y += ROW_PITCH;
        words(runs, label, 0.6, y);
        words(runs, value, 0.93 - value.length * CHAR, y, 95);
      }
      return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
    };
    const read = (page: PageLayer) =>
      arithmeticErrorDetector.run(contextFromPages([page], { mime: 'image/jpeg', extracted: { ...EXTRACTED, doc_type: 'invoice' }, text: '' }));
    expect(await read(invoice('8,327.97', '10,047.56'))).toEqual([]);
    expect(codes(await read(invoice('8,327.97', '10,947.56')))).toContain('arithmetic_error.invoice_total');
  });
});

describe('a picture of a receipt whose subtotal came out with two digits swapped', () => {
  /** A till receipt: a heading, items with their price at the right, the subtotal under them. */
  const receipt = (subtotal: string): PageLayer => {
    const runs: TextRun[] = [];
    let y = 0.1;
    words(runs, 'BLUEBIRD COFFEE ROASTERS', 0.2, y);
    y += ROW_PITCH * 2;
    words(runs, 'ITEMS', 0.2, y);
    for (const [item, price] of [
      ['Cold brew', '4.85'],
      ['Almond croissant', '3.90'],
      ['Beans Ethiopia 250g', '14.50'],
    ] as const) {
      y += ROW_PITCH;
      words(runs, item, 0.2, y);
      words(runs, price, 0.8 - price.length * CHAR, y, 90);
    }
    y += ROW_PITCH;
    words(runs, 'Subtotal', 0.2, y);
    words(runs, subtotal, 0.8 - subtotal.length * CHAR, y, 90);
    return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
  };
  const read = (page: PageLayer) =>
    arithmeticErrorDetector.run(contextFromPages([page], { mime: 'image/jpeg', extracted: { ...EXTRACTED, doc_type: 'receipt' }, text: '' }));

  it('takes 23.52 for the 23.25 the items add up to', async () => {
    expect(await read(receipt('23.52'))).toEqual([]);
  });

  it('still reports a subtotal changed otherwise', async () => {
    expect(codes(await read(receipt('28.25')))).toEqual(['arithmetic_error.items_subtotal']);
  });
});
