import { describe, expect, it } from 'vitest';
import { findDates, inferDateOrder, isoDate, leadingDate } from '../../../../engine/read/extract/dates.js';
import { detectCurrency } from '../../../../engine/read/extract/locale.js';
import { findMoney, inferNumberStyle, parseAmount } from '../../../../engine/read/extract/numbers.js';

describe('parseAmount', () => {
  const dot = { decimal: '.', spaceGrouping: false } as const;
  const comma = { decimal: ',', spaceGrouping: true } as const;
  it.each([
    ['1,234.56', dot, 1234.56],
    ['1.234,56', comma, 1234.56],
    ['1 234,56', comma, 1234.56],
    ['1\u202f234,56', dot, 1234.56],
    ["1'234.56", dot, 1234.56],
    ['(1,234.56)', dot, -1234.56],
    ['1,234.56 CR', dot, 1234.56],
    ['45.20 DR', dot, -45.2],
    ['45.20-', dot, -45.2],
    ['-£45.20', dot, -45.2],
    ['£1,234.56', dot, 1234.56],
    ['1.234,56 €', comma, 1234.56],
    ['USD 100.00', dot, 100],
    ['41,1765 €', comma, 41.1765],
    ['1,234', dot, 1234],
    ['0,025', comma, 0.025],
  ])('%s -> %d', (raw, style, value) => {
    expect(parseAmount(raw, style)?.value).toBeCloseTo(value, 6);
  });

  it('reads currency and sign markers', () => {
    expect(parseAmount('£12.00')?.currency).toBe('GBP');
    expect(parseAmount('12,00 €', { decimal: ',', spaceGrouping: false })?.currency).toBe('EUR');
    expect(parseAmount('(12.00)')?.sign).toBe('neg');
    expect(parseAmount('15.00%')?.percent).toBe(true);
  });

  it('reads a euro sign a Latin-1 tool garbled (enscript prints "¬", Windows-1252 "â‚¬"), "¬" before a figure only before its decimals', () => {
    const comma = { decimal: ',', spaceGrouping: true } as const;
    expect(parseAmount('271 578,28 ¬', comma)).toMatchObject({ value: 271578.28, currency: 'EUR' });
    expect(parseAmount('â‚¬12.50')).toMatchObject({ value: 12.5, currency: 'EUR' });
    expect(parseAmount('1.234,56 â‚¬', comma)?.currency).toBe('EUR');
    expect(parseAmount('¬1,160.90')).toMatchObject({ value: 1160.9, currency: 'EUR' });
    expect(parseAmount('-¬12.00')).toMatchObject({ value: -12, currency: 'EUR' });
    expect(parseAmount('¬1')).toBeNull();
    expect(parseAmount('¬5.000')).toBeNull();
    expect(findMoney('Total due  1.346,01 ¬', comma).map((a) => [a.value, a.currency])).toEqual([[1346.01, 'EUR']]);
    expect(detectCurrency('Subtotal  271 578,28 ¬\nTotal  325 893,94 ¬')).toBe('EUR');
    expect(detectCurrency('if ¬p then q; total 12.00 $')).toBe('USD');
    expect(detectCurrency('Net pay  ¬4,713.37')).toBe('EUR');
    expect(findMoney('Net pay ¬4,713.37').map((a) => a.currency)).toEqual(['EUR']);
  });

  it('reads a token the same way whatever was read before, in either style, and hands out its own copy', () => {
    const first = parseAmount('1.234', { decimal: ',', spaceGrouping: false })!;
    expect(first.value).toBe(1234);
    first.value = 0;
    expect(parseAmount('1.234', { decimal: ',', spaceGrouping: false })?.value).toBe(1234);
    expect(parseAmount('1.234', { decimal: '.', spaceGrouping: false })?.value).toBe(1.234);
  });

  it('rejects what is not a single figure', () => {
    for (const t of ['12.00 45.00', 'abc', '1,23,4.00', '(12.00', 'XYZ 12.00', '3 125.00']) expect(parseAmount(t)).toBeNull();
  });

  it('infers the decimal mark of a document', () => {
    expect(inferNumberStyle('Total 1.234,56 EUR  Netto 87,39').decimal).toBe(',');
    expect(inferNumberStyle('Total 1,234.56  Net 87.39').decimal).toBe('.');
    expect(inferNumberStyle('Total 1 234,56').spaceGrouping).toBe(true);
  });

  it('finds money inside text', () => {
    const found = findMoney('Tax 15% on $ 112.90 is $ 16.94, refund (12.00)');
    expect(found.map((a) => a.value)).toEqual([112.9, 16.94, -12]);
  });
});

describe('dates', () => {
  const one = (s: string, order: 'dmy' | 'mdy' = 'dmy') => {
    const d = findDates(s, order)[0];
    return d ? isoDate(d) : undefined;
  };
  it.each([
    ['03/04/2025', 'dmy', '2025-04-03'],
    ['03/04/2025', 'mdy', '2025-03-04'],
    ['13/04/2025', 'mdy', '2025-04-13'],
    ['3 April 2025', 'dmy', '2025-04-03'],
    ['Thursday, 3rd April 2025', 'dmy', '2025-04-03'],
    ['Apr 3, 2025', 'dmy', '2025-04-03'],
    ['2025-04-03', 'mdy', '2025-04-03'],
    ['03.04.2025', 'dmy', '2025-04-03'],
    ['03-APR-25', 'dmy', '2025-04-03'],
    ['3. März 2025', 'dmy', '2025-03-03'],
    ['12 février 2024', 'dmy', '2024-02-12'],
  ] as const)('%s (%s) -> %s', (raw, order, iso) => {
    expect(one(raw, order)).toBe(iso);
  });

  it('flags days that do not exist instead of rolling them over', () => {
    const [a] = findDates('31 April 2025');
    expect(a.valid).toBe(false);
    expect(findDates('29/02/2023')[0].valid).toBe(false);
    expect(findDates('29/02/2024')[0].valid).toBe(true);
    expect(findDates('04/31/2025', 'mdy')[0].valid).toBe(false);
  });

  it('ignores IP addresses, versions and references', () => {
    expect(findDates('IP 78.46.77.79 version 1.2.3 ref RE-20201121/508')).toEqual([]);
  });

  it('reads yearless dates at the start of statement rows', () => {
    expect(leadingDate('03 Apr', 'dmy')).toMatchObject({ month: 4, day: 3, year: null });
    expect(leadingDate('14/03', 'dmy')).toMatchObject({ month: 3, day: 14 });
  });

  it('infers day/month order from the document, then from region', () => {
    expect(inferDateOrder('Paid 03/14/2025 and 03/02/2025', null)).toBe('mdy');
    expect(inferDateOrder('Paid 14/03/2025', 'mdy')).toBe('dmy');
    expect(inferDateOrder('Paid 03/02/2025', 'mdy')).toBe('mdy');
    expect(inferDateOrder('Paid 03/02/2025', null)).toBe('dmy');
  });
});

describe('OCR-dropped date separators', () => {
  it('reads "04/272024" as 27 April 2024, and never makes an impossible date of one', () => {
    expect(findDates('Pay date 04/272024', 'mdy').map((d) => [d.year, d.month, d.day])).toEqual([[2024, 4, 27]]);
    expect(findDates('Pay date 04/312024', 'mdy')).toEqual([]);
  });
});
