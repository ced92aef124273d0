import { describe, expect, it } from 'vitest';
import { lostDecimalMark } from '../../../../engine/detectors/content/amounts.js';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import { confirmedByRate, confirmedIncluded, judgeTotal, moneyReadings } from '../../../../engine/detectors/content/arithmetic/totals-cross-check.js';
import { parseAmount } from '../../../../engine/read/extract/numbers.js';
import { withoutUncertainOcrFindings } from '../../../../engine/read/ocr/confidence.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';
import type { Extracted, Finding } from '../../../../engine/types.js';
import { contextFromPages } from '../../context-for-test.js';

/**
 * An invoice picture as tesseract returns it: one run per word, labels read confidently, every
 * figure doubted (tesseract reports correctly read figures in a comma-decimal face at 0-40).
 */
const ROW_PITCH = 0.018;
const CHAR = 0.0072;

function word(text: string, x0: number, y: number, confidence: number): TextRun {
  return { page: 1, text, fontId: 'ocr', fontName: 'ocr', size: 6, bbox: [x0, y, x0 + text.length * CHAR, y + 0.009], baseline: 0, confidence };
}

function words(runs: TextRun[], s: string, x: number, y: number, confidence = 95): void {
  for (const w of s.split(' ')) {
    runs.push(word(w, x, y, confidence));
    x += w.length * CHAR + 0.006;
  }
}

/** Right-aligned figure (its words one space apart) ending at `right`. */
function figure(runs: TextRun[], s: string, right: number, y: number, confidence = 30): void {
  words(runs, s, right - s.length * CHAR - 0.006 * (s.split(' ').length - 1), y, confidence);
}

type Item = [description: string, qty: string, unit: string, amount: string];

const ITEMS: Item[] = [
  ['Stapler heavy duty', '1', '393,29', '393,29'],
  ['Consulting services', '12', '83,07', '996,84'],
  ['On-site support visit', '10', '309,72', '3097,20'],
  ['Printer paper A4', '2', '370,18', '740,36'],
  ['Toner cartridge black', '5', '106,03', '530,15'],
  ['Photography session', '3', '316,71', '950,13'],
  ['Copy editing pages', '5', '333,00', '1665,00'],
];

function invoicePage(totals: { subtotal: string; tax: string; total: string }, items: Item[] = ITEMS, figureConfidence = 30): PageLayer {
  const runs: TextRun[] = [];
  let y = 0.1;
  words(runs, 'Atelier Lumen SARL Invoice', 0.09, y);
  y += ROW_PITCH * 2;
  for (const [label, x] of [
    ['Description', 0.09],
    ['Qty', 0.55],
    ['Unit price', 0.66],
    ['Amount', 0.84],
  ] as const)
    words(runs, label, x, y);
  for (const [d, q, u, a] of items) {
    y += ROW_PITCH;
    words(runs, d, 0.09, y);
    figure(runs, q, 0.58, y);
    figure(runs, u, 0.75, y);
    figure(runs, a, 0.93, y);
  }
  for (const [label, value] of [
    ['Subtotal', totals.subtotal],
    ['Tax (20%)', totals.tax],
    ['Total due', totals.total],
  ] as const) {
    y += ROW_PITCH;
    words(runs, label, 0.6, y);
    figure(runs, value, 0.93, y, figureConfidence);
  }
  return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
}

const EXTRACTED: Extracted = { doc_type: 'invoice', issuer: null, name: null, address: null, document_date: null, account_number: null, currency: 'EUR' };

async function published(page: PageLayer): Promise<Finding[]> {
  const ctx = contextFromPages([page], { mime: 'image/jpeg', extracted: EXTRACTED, text: '' });
  return withoutUncertainOcrFindings(await arithmeticErrorDetector.run(ctx), [page]);
}

const codes = (fs: Finding[]) => fs.map((f) => f.code);

describe('invoice totals read by OCR, judged by the subtotal and tax the printed rate confirms', () => {
  it('stays quiet on a genuine invoice, also when OCR dropped the decimal marks of its totals', async () => {
    expect(await published(invoicePage({ subtotal: '8372,97 €', tax: '1674,59 €', total: '10047,56 €' }))).toEqual([]);
    expect(await published(invoicePage({ subtotal: '837297 €', tax: '167459 €', total: '1004756 €' }))).toEqual([]);
  });

  it('reports a total the confirmed subtotal and tax contradict, whatever the word confidence', async () => {
    // The total was pasted over; the subtotal and tax (marks dropped by OCR) still agree at 20 %.
    const found = await published(invoicePage({ subtotal: '837297 €', tax: '167459 €', total: '5385,19 €' }));
    expect(codes(found)).toEqual(['arithmetic_error.invoice_total']);
    expect(found[0].evidence).toMatchObject({ expected: '10047.56', found: '5385.19', crossChecked: true });
  });

  it('leaves a total one misread digit off, or missing its leading digits, to the confidence guard', async () => {
    expect(await published(invoicePage({ subtotal: '8372,97 €', tax: '1674,59 €', total: '10041,56 €' }))).toEqual([]);
    expect(await published(invoicePage({ subtotal: '8372,97 €', tax: '1674,59 €', total: '047,56 €' }))).toEqual([]);
  });

  it('confirms nothing when a line between subtotal and total carries a figure OCR could not read', async () => {
    const page = invoicePage({ subtotal: '8372,97 €', tax: '1674,59 €', total: '5385,19 €' });
    // A second charge whose figure came out as "27:13": it may be part of the total.
    const tax = page.runs.find((r) => r.text === '1674,59')!;
    const y = tax.bbox[1] + ROW_PITCH / 2;
    words(page.runs, 'Delivery', 0.6, y);
    words(page.runs, '27:13', 0.88, y, 30);
    expect(await published(page)).toEqual([]);
  });

  it('blames OCR, not the document, for a tax line one look-alike digit from the tax the subtotal and total agree on', async () => {
    // A Chromium screenshot of a genuine invoice read "6,593.24" as "6,503.24" with confidence:
    // the subtotal and the total agree at the rate; only the tax as read does not.
    expect(await published(invoicePage({ subtotal: '8372,97 €', tax: '1674,50 €', total: '10047,56 €' }, ITEMS, 95))).toEqual([]);
    // A total raised over a correct subtotal and tax is still reported.
    expect(codes(await published(invoicePage({ subtotal: '8372,97 €', tax: '1674,59 €', total: '10947,56 €' }, ITEMS, 95)))).toEqual([
      'arithmetic_error.invoice_total',
    ]);
  });

  it('blames one misreading once: a subtotal read with two neighbouring digits swapped, that its items and the total agree on', async () => {
    // A scanned invoice's subtotal 8,372.97 read as 8,327.97 with confidence: the items add up to
    // the printed figure and the total follows from it, so neither check blames the document.
    expect(await published(invoicePage({ subtotal: '8327,97 €', tax: '1674,59 €', total: '10047,56 €' }, ITEMS, 95))).toEqual([]);
    // A subtotal changed by another digit (not a misreading) is still reported.
    expect(codes(await published(invoicePage({ subtotal: '2372,97 €', tax: '1674,59 €', total: '10047,56 €' }, ITEMS, 95)))).toEqual([
      'arithmetic_error.invoice_total',
      'arithmetic_error.tax_rate',
    ]);
  });

  it('confirms nothing when the tax does not follow from the subtotal at the printed rate', async () => {
    expect(await published(invoicePage({ subtotal: '8372,97 €', tax: '1574,59 €', total: '5385,19 €' }))).toEqual([]);
  });
});

describe('a line item read by OCR, judged by the quantity x unit price the subtotal confirms', () => {
  /** ITEMS with the consulting row's line total printed as `amount`. */
  const withConsulting = (amount: string): Item[] => ITEMS.map((it) => (it[0] === 'Consulting services' ? [it[0], it[1], it[2], amount] : it));
  const totals = { subtotal: '8372,97 €', tax: '1674,59 €', total: '10047,56 €' };

  it('stays quiet on the genuine table, whatever the word confidence', async () => {
    expect(await published(invoicePage(totals))).toEqual([]);
  });

  it('reports a line total its quantity x unit price and the subtotal both contradict, whatever the word confidence', async () => {
    // 12 x 83,07 = 996,84, and the subtotal is the other rows plus 996,84: the row printed 696,84.
    const found = await published(invoicePage(totals, withConsulting('696,84')));
    expect(found.map((f) => [f.code, f.evidence.expected, f.evidence.crossChecked])).toEqual([['arithmetic_error.line_item', '996.84', true]]);
  });

  it('leaves the row to the confidence guard when the subtotal does not confirm the product, or the reading is one look-alike digit off', async () => {
    // A subtotal that agrees with neither reading confirms nothing.
    expect(await published(invoicePage({ ...totals, subtotal: '8072,97 €' }, withConsulting('696,84')))).toEqual([]);
    // An 8 read for the 9 is one of OCR's look-alike slips (misread.ts), not a changed figure.
    expect(await published(invoicePage(totals, withConsulting('896,84')))).toEqual([]);
  });
});

describe('a receipt total read by OCR, judged by the subtotal its included tax confirms', () => {
  function receiptPage(total: string, vat = '3,02'): PageLayer {
    const runs: TextRun[] = [];
    let y = 0.1;
    words(runs, 'Marché Saint-Loup Receipt', 0.09, y);
    y += ROW_PITCH * 2;
    words(runs, 'Item', 0.09, y);
    words(runs, 'EUR', 0.66, y);
    for (const [d, a] of [
      ['2 x Olive oil 500ml', '15,88'],
      ['3 x Granola', '17,49'],
      ['2 x Apples 1kg', '24,54'],
    ]) {
      y += ROW_PITCH;
      words(runs, d, 0.09, y);
      figure(runs, a, 0.93, y);
    }
    for (const [label, value] of [
      ['Subtotal', '57,91'],
      ['incl. VAT 5.5%', vat],
      ['TOTAL', total],
    ]) {
      y += ROW_PITCH;
      words(runs, label, 0.6, y);
      figure(runs, value, 0.93, y, 5);
    }
    return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
  }
  const receipt = async (page: PageLayer) => {
    const ctx = contextFromPages([page], { mime: 'image/jpeg', extracted: { ...EXTRACTED, doc_type: 'receipt' }, text: '' });
    return withoutUncertainOcrFindings(await arithmeticErrorDetector.run(ctx), [page]);
  };

  it('stays quiet on the genuine receipt', async () => {
    expect(await receipt(receiptPage('57,91 €'))).toEqual([]);
  });

  it('reports a total the subtotal and its included tax contradict', async () => {
    const found = await receipt(receiptPage('97,91 €'));
    expect(found.map((f) => [f.code, f.evidence.expected, f.evidence.crossChecked])).toEqual([['arithmetic_error.invoice_total', '57.91', true]]);
  });

  it('leaves the total to the confidence guard when the included tax does not confirm the subtotal, or the total is one slip off', async () => {
    expect(await receipt(receiptPage('97,91 €', '3,12'))).toEqual([]);
    expect(await receipt(receiptPage('57,97 €'))).toEqual([]);
  });
});

describe('included tax confirms a gross subtotal', () => {
  it('to the cent at the printed rate, never with a zero tax', () => {
    expect(confirmedIncluded([57.91], [3.02], 5.5)).toEqual({ subtotal: 57.91, tax: 3.02 });
    expect(confirmedIncluded([57.91], [3.03], 5.5)).toBeNull();
    expect(confirmedIncluded([1.0], [0.0], 20)).toBeNull();
  });
});

describe('bill amounts due read by OCR, judged by the charges the rows and tax rate confirm', () => {
  /** Label at the left, figure right-aligned; the charges table in the middle. */
  function billPage(due: string, payment = '-201,46 €', tax = '19,78 €', energy = '86,13'): PageLayer {
    const runs: TextRun[] = [];
    let y = 0.1;
    const line = (label: string, value: string | null) => {
      y += ROW_PITCH;
      words(runs, label, 0.09, y);
      if (value) figure(runs, value, 0.93, y);
    };
    line('Stadtwerke Elbtal Electricity Bill', null);
    line('Previous balance', '201,46 €');
    line('Payment received, thank you', payment);
    line('Charges this period', null);
    y += ROW_PITCH;
    for (const [label, x] of [
      ['Item', 0.09],
      ['Quantity', 0.5],
      ['Rate', 0.66],
      ['Amount', 0.84],
    ] as const)
      words(runs, label, x, y);
    for (const [d, q, r, a] of [
      ['Meter readings 20776 to 21073', '297 kWh', '0,29', energy],
      ['Standing charge', '31 days', '0,58', '17,98'],
    ]) {
      y += ROW_PITCH;
      words(runs, d, 0.09, y);
      figure(runs, q, 0.58, y);
      figure(runs, r, 0.75, y);
      figure(runs, a, 0.93, y);
    }
    line('Tax (19%)', tax);
    line('Total charges', '123,89 €');
    line('Amount due', due);
    return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
  }
  const bill = async (page: PageLayer) => {
    const ctx = contextFromPages([page], { mime: 'image/jpeg', extracted: { ...EXTRACTED, doc_type: 'utility_bill' }, text: '' });
    return withoutUncertainOcrFindings(await arithmeticErrorDetector.run(ctx), [page]);
  };

  it('stays quiet on the genuine bill, also with the amount due missing its decimal mark', async () => {
    expect(await bill(billPage('123,89 €'))).toEqual([]);
    expect(await bill(billPage('12389 €'))).toEqual([]);
  });

  it('reports an amount due the confirmed charges and settled balance contradict', async () => {
    const found = await bill(billPage('67,92 €'));
    expect(found.map((f) => [f.code, f.evidence.expected, f.evidence.crossChecked])).toEqual([['arithmetic_error.amount_due', '123.89', true]]);
  });

  it('reports an energy charge that the tax and total under the table contradict, whatever the word confidence', async () => {
    // 297 x 0,29 = 86,13; the tax (19 % of 104,11) and the charges total were computed with it.
    const found = await bill(billPage('123,89 €', '-201,46 €', '19,78 €', '26,13'));
    expect(found.map((f) => [f.code, f.evidence.expected, f.evidence.crossChecked])).toEqual([['arithmetic_error.line_item', '86.13', true]]);
    // One look-alike digit off (an 8 read as a 5) stays with the confidence guard.
    expect(await bill(billPage('123,89 €', '-201,46 €', '19,78 €', '56,13'))).toEqual([]);
  });

  it('leaves the amount due to the confidence guard when the tax or the previous balance is unconfirmed', async () => {
    expect(await bill(billPage('67,92 €', '-201,46 €', '18,78 €'))).toEqual([]);
    expect(await bill(billPage('67,92 €', '-101,46 €'))).toEqual([]);
  });
});

describe('OCR figure readings', () => {
  it('reads a figure without decimal mark also as cents, only on a picture', () => {
    expect(moneyReadings(parseAmount('837297 €', { decimal: ',', spaceGrouping: false })!, true)).toEqual([837297, 8372.97]);
    expect(moneyReadings(parseAmount('837297 €', { decimal: ',', spaceGrouping: false })!, false)).toEqual([837297]);
    expect(moneyReadings(parseAmount('12 €', { decimal: ',', spaceGrouping: false })!, true)).toEqual([12]);
  });

  it('confirms a subtotal and tax by the rate to the cent, never by a zero tax', () => {
    expect(confirmedByRate([837297, 8372.97], [167459, 1674.59], 20)).toEqual({ subtotal: 8372.97, tax: 1674.59 });
    expect(confirmedByRate([8372.97], [1674.0], 20)).toBeNull();
    expect(confirmedByRate([0.01], [0], 20)).toBeNull();
  });

  it('judges a total against the required one', () => {
    expect(judgeTotal([1004756, 10047.56], 10047.56)).toBe('adds_up');
    expect(judgeTotal([5385.19], 10047.56)).toBe('contradicts');
    expect(judgeTotal([10041.56], 10047.56)).toBe('unsure');
    expect(judgeTotal([47.56], 10047.56)).toBe('unsure');
    // One digit changed: a 9 for a 1 is no OCR slip, a 7 for a 1 may be.
    expect(judgeTotal([923.89], 123.89)).toBe('contradicts');
    expect(judgeTotal([723.89], 123.89)).toBe('unsure');
  });

  it('reads a thousands group run into its decimals as cents', () => {
    expect(lostDecimalMark('1.97282 €', { decimal: ',', spaceGrouping: false })).toMatchObject({ value: 1972.82, decimals: 2, currency: 'EUR' });
    expect(lostDecimalMark('$4,14561', { decimal: '.', spaceGrouping: false })).toMatchObject({ value: 4145.61, currency: 'USD' });
    expect(lostDecimalMark('25.04.2024', { decimal: ',', spaceGrouping: false })).toBeNull();
    expect(lostDecimalMark('1.972,82 €', { decimal: ',', spaceGrouping: false })).toBeNull();
  });
});
