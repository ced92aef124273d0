/**
 * VAT breakdowns (arithmetic/tax-breakdown.ts): one row per rate (rate | net base | tax [| gross])
 * under a header or under a line that announces them ("plus VAT", "zuzüglich Umsatzsteuer").
 * The rows' bases must add up to the net total, their taxes to the tax total, a printed gross to
 * base + tax. A row edited by less than the rate check's rounding tolerance breaks the sums.
 * And a hybrid e-invoice's XML excuses a finding only when it states every figure the relation
 * was computed from (einvoice.ts `agreeingWithInvoice`).
 */
import { describe, expect, it } from 'vitest';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import { agreeingWithInvoice } from '../../../../engine/detectors/content/einvoice.js';
import type { EInvoice } from '../../../../engine/read/pdf/structure/embedded-invoice.js';
import { testDetector } from '../../detector-tester.js';
import { right, row } from '../../read/extract/fixtures.js';
import { invoiceContext, uncheckedOf } from './invoice-layout.js';

const ctx = invoiceContext;

/** An English breakdown under "plus VAT", its header naming no column the totals table knows, and no grand total. */
function english(base7 = '160.00', tax19 = '63.84'): string {
  return [
    'Invoice R-2020-0620',
    row([0, 'Net total: 496.00 €']),
    '',
    row([0, 'plus VAT']),
    row([0, 'VAT'], [22, 'Net amount'], [44, 'VAT amount']),
    row([0, '7%'], [22, `${base7} €`], [44, '11.20 €']),
    row([0, '19%'], [22, '336.00 €'], [44, `${tax19} €`]),
    '',
    row([24, 'VAT total: 75.04 €']),
    row([0, 'Please remit until 2020-07-11.']),
  ].join('\n');
}

/** A German breakdown headed "MwSt.-Satz | Netto | MwSt.", between the net sum and the tax total. */
function german(tax19 = '63,84', gross?: string): string {
  return [
    'Rechnung 2017-505',
    row([50, 'Nettobetrag:'], right(96, '496,00 €')),
    row([0, 'zuzüglich Umsatzsteuer']),
    row([0, 'MwSt.-Satz'], right(40, 'Netto'), right(60, 'MwSt.'), ...(gross ? [right(80, 'Brutto')] : [])),
    row([0, '7%'], right(40, '160,00'), right(60, '11,20'), ...(gross ? [right(80, '171,20')] : [])),
    row([0, '19%'], right(40, '336,00'), right(60, tax19), ...(gross ? [right(80, gross)] : [])),
    row([50, 'USt. Gesamt:'], right(96, '75,04 €')),
    row([50, 'Gesamtbetrag:'], right(96, '571,04 €')),
  ].join('\n');
}

/** Headerless rows with their gross: "19 %  336,00  63,84  399,84". */
function withGross(gross19 = '399,84'): string {
  return [
    'Rechnung 42',
    row([0, 'Summe netto'], right(60, '496,00')),
    row([0, 'USt.-Aufstellung']),
    row([0, '7 %'], right(30, '160,00'), right(45, '11,20'), right(60, '171,20')),
    row([0, '19 %'], right(30, '336,00'), right(45, '63,84'), right(60, gross19)),
  ].join('\n');
}

/** An EN 16931 viewer's breakdown whose first labels, a single space apart, run into one cell. */
function runTogether(tax55 = '29,87', rate = '5,5'): string {
  return [
    'Umsatzsteueraufschlüsselung:',
    row([0, 'Art (Kategorie) Warenwert Zu-/Abschlag Steuerbasisbetrag'], [58, 'USt. %'], right(80, 'USt.-Betrag')),
    row([0, 'VAT (S)'], right(56, '81,90'), right(66, '20'), right(80, '16,38')),
    row([0, 'VAT (S)'], right(56, '543,00'), right(66, rate), right(80, tax55)),
    'Belegsummen:',
    row([40, 'Rechnungssumme ohne USt.'], right(80, '624,90')),
    row([40, 'Steuerbetrag'], right(80, '46,25')),
    row([40, 'Bruttosumme'], right(80, '671,15')),
  ].join('\n');
}

describe('a VAT breakdown with no grand total under it', () => {
  it('is checked (the rows against the net and tax totals), where it was left "not checked"', async () => {
    expect(await uncheckedOf(english())).toBeNull();
  });
});

testDetector(arithmeticErrorDetector, {
  valid: [
    { name: 'English breakdown under "plus VAT", adding up', input: async () => ctx(english()) },
    { name: 'German breakdown headed MwSt.-Satz / Netto / MwSt., adding up', input: async () => ctx(german()) },
    { name: 'German breakdown with a gross column, adding up', input: async () => ctx(german('63,84', '399,84')) },
    { name: 'headerless rows with their gross, adding up', input: async () => ctx(withGross()) },
    { name: 'breakdown whose header labels run into one cell, adding up', input: async () => ctx(runTogether()) },
    { name: 'breakdown whose rate prints two decimals, adding up', input: async () => ctx(runTogether('29,87', '5,50')) },
    {
      // A credit note: the rows are negative, the tax total's minus printed on the line above it.
      name: 'credit note whose tax total lost its minus to the line above',
      input: async () =>
        ctx(
          runTogether('-29,87')
            .replace('81,90', '-81,90')
            .replace('16,38', '-16,38')
            .replace('543,00', '-543,00')
            .replace(/624,90/, '-624,90')
            .replace('671,15', '-671,15')
            .replace(/^.*Steuerbetrag.*$/m, [row([70, 'EUR'], right(80, '-')), row([40, 'Steuerbetrag in']), row(right(80, '46,25'))].join('\n')),
        ),
    },
  ],
  invalid: [
    {
      // 7 % of 161.00 is 11.27: within the rate check's rounding of 11.20, not within the net total's cent.
      name: 'English breakdown: one base raised by 1.00',
      input: async () => ctx(english('161.00')),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'English breakdown: one tax raised by 0.10',
      input: async () => ctx(english('160.00', '63.94')),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'German breakdown: one tax raised by 0.10',
      input: async () => ctx(german('63,94')),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      // The row's tax against 5.5 % of 543,00, and the taxes against the Steuerbetrag.
      name: 'breakdown whose header labels run into one cell: the tax of a row raised',
      input: async () => ctx(runTogether('49,87')),
      reasons: ['arithmetic_error.tax_rate', 'arithmetic_error.invoice_total'],
    },
    {
      // "5,50" under "USt. %" reads as money: it is still the row's rate.
      name: 'breakdown whose rate prints two decimals: the tax of a row raised',
      input: async () => ctx(runTogether('49,87', '5,50')),
      reasons: ['arithmetic_error.tax_rate', 'arithmetic_error.invoice_total'],
    },
    {
      name: 'headerless rows: a gross raised',
      input: async () => ctx(withGross('409,84')),
      reasons: ['arithmetic_error.invoice_total'],
    },
  ],
});

describe('the e-invoice XML excuses an arithmetic finding', () => {
  const invoice: EInvoice = {
    file: 'factur-x.xml',
    ibans: new Set(),
    cents: new Set([19800, 3762, 23562]),
    payable: 23562,
    amounts: new Set([19800, 3762, 23562]),
    summation: new Set([19800, 3762, 23562]),
  };
  const total = {
    flag: 'arithmetic_error' as const,
    summary: 'Total 235.62 does not equal subtotal, tax and charges (435.62).',
    evidence: { found: '235.62' },
    strength: 0.85,
  };

  it('when it states every figure the relation was computed from', () => {
    expect(agreeingWithInvoice([total], invoice, () => [198, 37.62, 235.62])[0].strength).toBeLessThan(0.1);
  });

  it('not when the figure found agrees but another operand (an edited net) does not', () => {
    expect(agreeingWithInvoice([total], invoice, () => [398, 37.62, 235.62])[0].strength).toBe(0.85);
  });
});

describe('the e-invoice XML excuses an amount-due finding only with its own totals', () => {
  // TOTAL TTC 110,00, Acompte 10,00, NET A PAYER 100,00; an item's line total is 30,00.
  const invoice: EInvoice = {
    file: 'factur-x.xml',
    ibans: new Set(),
    cents: new Set([11000, 1000, 10000, 3000, 6000]),
    payable: 10000,
    amounts: new Set([11000, 1000, 10000, 3000, 6000]),
    summation: new Set([11000, 1000, 10000]),
  };
  const due = (paid: number) => ({
    flag: 'arithmetic_error' as const,
    code: 'arithmetic_error.amount_due',
    summary: `Amount due 100.00 does not equal the total 110.00 less the amounts already paid (${(110 - paid).toFixed(2)}).`,
    evidence: { found: '100.00' },
    strength: 0.85,
  });

  it("an edited deposit equal to an item line total of the XML is not the XML's prepaid amount: still a finding", () => {
    expect(agreeingWithInvoice([due(30)], invoice, () => [110, 30, 100])[0].strength).toBe(0.85);
  });

  it("figures all among the XML's totals are the issuer's", () => {
    expect(agreeingWithInvoice([due(10)], invoice, () => [110, 10, 100])[0].strength).toBeLessThan(0.1);
  });
});
