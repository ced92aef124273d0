/**
 * Totals blocks printed in whole numbers above a money total (invoice templates that keep
 * whole-number prices: "SUBTOTAL 1440", "DISCOUNT 4", "SUBTOTAL LESS DISCOUNT 1436", "TAX RATE
 * 7.00%", "TOTAL TAX 100.52", "BALANCE DUE $1,536.52"). Before issue 31's second pass these were
 * "not checked": the whole numbers were not read as money, the restated sum after the discount had
 * no name, and a rate printed on its own line was not the tax's. Genuine layouts must now be
 * checked and stay quiet; an edited total or rate must fire. Likewise a retail receipt's
 * deductions named by whom they are for ("Member Discount (10%)", "Coupon", "Rewards Applied"),
 * with the tax charged after the discount above it.
 */
import { describe, expect, it } from 'vitest';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import { testDetector } from '../../detector-tester.js';
import { right, row } from '../../read/extract/fixtures.js';
import { invoiceContext, uncheckedOf } from './invoice-layout.js';

const ctx = (text: string) => invoiceContext(text, 'USD');

/** A plumber's invoice: 6 x 85 + 3 x 110 = 840, less 15 = 825, 6.50 % tax = 53.63, due 878.63. */
function wholeInvoice(opts: { rate?: string; tax?: string; due?: string; restatedOnTwoLines?: boolean } = {}): string {
  const { rate = '6.50%', tax = '53.63', due = '$878.63', restatedOnTwoLines = true } = opts;
  return [
    row([0, 'Northside Pipe Works'], [80, 'INVOICE']),
    row([0, '48 Harbour Road, Portland'], [60, 'Invoice No:'], [80, '#A-2291']),
    row([60, 'Invoice Date:'], [80, '03/14/25']),
    '',
    row([0, 'DESCRIPTION'], [50, 'QTY/HR'], [64, 'UNIT PRICE'], [84, 'TOTAL']),
    row([0, 'Boiler service (hours)'], right(54, '6'), right(72, '85'), right(89, '510')),
    row([0, 'Pressure valve'], right(54, '3'), right(72, '110'), right(89, '330')),
    '',
    row([60, 'SUBTOTAL'], right(89, '840')),
    row([60, 'DISCOUNT'], right(89, '15')),
    ...(restatedOnTwoLines ? [row([60, 'SUBTOTAL']), row([60, 'LESS DISCOUNT'], right(89, '825'))] : [row([60, 'SUBTOTAL LESS DISCOUNT'], right(89, '825'))]),
    row([60, 'TAX RATE'], right(89, rate)),
    row([60, 'TOTAL TAX'], right(89, tax)),
    row([60, 'BALANCE DUE'], right(89, due)),
  ].join('\n');
}

/** The same in German: 1250 less 50 = 1200, 19 % = 228,00, 1.428,00 €. */
function germanWhole(opts: { rate?: string; gross?: string } = {}): string {
  const { rate = '19 %', gross = '1.428,00 €' } = opts;
  return [
    row([0, 'Haustechnik Berger GmbH'], [80, 'RECHNUNG']),
    row([0, 'Rechnungsnummer: 2025-118'], [60, 'Datum: 14.03.2025']),
    '',
    row([0, 'Leistung'], [50, 'Menge'], [64, 'Preis'], [84, 'Betrag']),
    row([0, 'Heizkörper montiert'], right(54, '5'), right(72, '150'), right(89, '750')),
    row([0, 'Anfahrt und Material'], right(54, '2'), right(72, '250'), right(89, '500')),
    '',
    row([60, 'Zwischensumme'], right(89, '1250')),
    row([60, 'Rabatt'], right(89, '50')),
    row([60, 'Summe nach Rabatt'], right(89, '1200')),
    row([60, 'Steuersatz'], right(89, rate)),
    row([60, 'Steuerbetrag'], right(89, '228,00')),
    row([60, 'Gesamtbetrag'], right(89, gross)),
  ].join('\n');
}

/** 120.00 less a 10 % member discount = 108.00, 8 % tax 8.64, a 5.00 coupon: 111.64. */
function receipt(total = '$111.64'): string {
  return [
    'CORNER HARDWARE',
    'Store 17  02/11/2025 10:42',
    '--------------------------------',
    row([0, 'Cordless drill'], right(40, '$95.00')),
    row([0, 'Drill bits 2 @ $12.50'], right(40, '$25.00')),
    '--------------------------------',
    row([0, 'SUBTOTAL'], right(40, '$120.00')),
    row([0, 'Member Discount (10%)'], right(40, '-$12.00')),
    row([0, 'Sales Tax (8%)'], right(40, '$8.64')),
    row([0, 'Coupon'], right(40, '-$5.00')),
    row([0, 'TOTAL'], right(40, total)),
    row([0, 'Visa ending 1234'], right(40, total)),
  ].join('\n');
}

testDetector(arithmeticErrorDetector, {
  valid: [
    { name: 'whole-number subtotal and discount, the sum restated on two lines', input: async () => ctx(wholeInvoice()) },
    { name: 'the restated sum on one line', input: async () => ctx(wholeInvoice({ restatedOnTwoLines: false })) },
    { name: 'German whole-number totals, Steuersatz on its own line', input: async () => ctx(germanWhole()) },
    // A whole-number block whose total is not money either (a count, say) is not checked at all.
    { name: 'total printed as a whole number too', input: async () => ctx(wholeInvoice({ due: '879' })) },
    { name: 'receipt with a member discount taken before the tax and a coupon after it', input: async () => ctx(receipt()) },
  ],
  invalid: [
    {
      name: 'balance due raised',
      input: async () => ctx(wholeInvoice({ due: '$1,878.63' })),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'tax rate changed on its own line',
      input: async () => ctx(wholeInvoice({ rate: '8.50%' })),
      reasons: ['arithmetic_error.tax_rate'],
    },
    {
      name: 'German Gesamtbetrag raised',
      input: async () => ctx(germanWhole({ gross: '1.628,00 €' })),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'German Steuersatz changed',
      input: async () => ctx(germanWhole({ rate: '7 %' })),
      reasons: ['arithmetic_error.tax_rate'],
    },
    {
      name: 'receipt total raised',
      input: async () => ctx(receipt('$131.64')),
      reasons: ['arithmetic_error.invoice_total'],
    },
  ],
});

describe('whole-number totals blocks are checked, not "not checked"', () => {
  const unchecked = (text: string) => uncheckedOf(text, 'USD');

  it('reads the totals of a whole-number invoice', async () => {
    const u = await unchecked(wholeInvoice());
    expect(JSON.stringify(u ?? '')).not.toContain('invoice_total');
    expect(JSON.stringify((await unchecked(germanWhole())) ?? '')).not.toContain('invoice_total');
    expect(JSON.stringify((await unchecked(receipt())) ?? '')).not.toContain('invoice_total');
  });
});
