/**
 * Layouts the arithmetic readers did not follow before issue 31: a short statement with no
 * running-balance column (opening + transactions = closing), totals and VAT breakdowns printed
 * as a table (labels side by side, figures in the row below), and a tax line that prints its
 * rate before its name. Each genuine layout must now be checked (not "not checked") and stay
 * quiet; its forged twin must fire.
 */
import { describe, expect, it } from 'vitest';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import type { Extracted } from '../../../../engine/types.js';
import { contextFromPages } from '../../context-for-test.js';
import { testDetector } from '../../detector-tester.js';
import { layoutPage, right, row } from '../../read/extract/fixtures.js';

const EXTRACTED: Extracted = { doc_type: 'invoice', issuer: null, name: null, address: null, document_date: null, account_number: null, currency: null };

function ctx(text: string, docType: Extracted['doc_type']) {
  return contextFromPages([layoutPage(text)], { now: '2025-06-01T00:00:00Z', text, extracted: { ...EXTRACTED, doc_type: docType } });
}

/** The renderer's e2e statement: an opening balance, one credit, a closing balance, no balance column. */
function shortStatement(closing = '1,250.00', moves: Array<[string, string]> = [['Salary', '250.00']]): string {
  return [
    'ACME BANK',
    'Account statement  March 2025',
    'Account holder: Jane Example',
    '',
    row([0, 'Opening balance'], right(70, '1,000.00')),
    ...moves.map(([what, amount]) => row([0, what], right(70, amount))),
    row([0, 'Closing balance'], right(70, closing)),
  ].join('\n');
}

/** Transactions in both directions, printed without signs: 1,000 + 250 - 400 + 35.10 = 885.10. */
const MIXED: Array<[string, string]> = [
  ['Salary', '250.00'],
  ['Rent', '400.00'],
  ['Refund', '35.10'],
];

/** A French invoice's totals as a table: "TOTAL HT | TOTAL TVA | TOTAL TTC" over their figures. */
function frenchTotals(ttc = '120,00', tva = '20,00'): string {
  return [
    'FACTURE N° F2025-001',
    row([0, 'Désignation'], [40, 'Qté'], right(70, 'Total HT')),
    row([0, 'Prestation de conseil'], [40, '2'], right(70, '100,00')),
    '',
    row([0, 'Détail TVA'], [44, 'Taux'], right(64, 'Base TVA'), right(84, 'Montant TVA')),
    row([0, 'S'], [44, '20,00%'], right(64, '100,00'), right(84, tva)),
    '',
    row([50, 'TOTAL HT'], [64, 'TOTAL TVA'], [78, 'TOTAL TTC']),
    row([0, 'Paiement à 30 jours.']),
    row(right(58, '100,00'), right(72, tva), right(87, ttc)),
  ].join('\n');
}

/** German totals with the rate in the row's label: "19,00% MwSt.: | Netto | MwSt. | Brutto". */
function germanTotals(brutto = '447,88', mwst = '71,51', summe?: string): string {
  return [
    'Rechnung 2015738820',
    row([0, 'Finanzrate vom 01.11.2024 bis 30.11.2024']),
    row([0, 'Gesamtbeträge'], right(68, 'Netto EUR'), right(84, 'MwSt. EUR'), right(99, 'Brutto EUR')),
    row([36, '19,00% MwSt.:'], right(68, '376,37'), right(84, mwst), right(99, brutto)),
    ...(summe ? [row([36, 'Summe gesamt'], right(99, summe))] : []),
  ].join('\n');
}

/** A totals column whose tax line prints its rate first ("19% VAT"). */
function rateFirst(total = '681.87'): string {
  return [
    'Invoice 103767',
    row([0, 'No.'], [8, 'Description'], [50, 'Quantity'], right(96, 'Line Amount')),
    row([0, '1908-S'], [8, 'Office chair'], [50, '3 Piece'], right(96, '573.00')),
    row([60, 'Subtotal'], right(96, '573.00')),
    row([60, '19% VAT'], right(96, '108.87')),
    row([60, 'Total EUR Incl. VAT'], right(96, total)),
  ].join('\n');
}

/** Totals as EN 16931 invoice viewers name them (BT-109, BT-110, BT-112), in German or English. */
function en16931Totals(gross = '235,62', english = false): string {
  const [net, tax, total] = english
    ? ['Invoice total amount without VAT', 'Invoice total VAT amount', 'Invoice total amount with VAT']
    : ['Rechnungssumme ohne USt.', 'Steuerbetrag in EUR', 'Bruttosumme'];
  const fig = (v: string) => (english ? v.replace(',', '.') : v);
  return [
    'Handelsrechnung (380) Nr. 471102 vom 05.03.2020',
    'Belegsummen',
    row([40, 'Positionssumme'], right(96, fig('198,00'))),
    row([40, net], right(96, fig('198,00'))),
    row([40, tax], right(96, fig('37,62'))),
    row([40, total], right(96, fig(gross))),
    row([40, english ? 'Amount due for payment' : 'Zahlbetrag'], right(96, fig(gross))),
  ].join('\n');
}

/** A VAT breakdown whose first figure column has a label no check uses (goods value before charges). */
function breakdown(tax = '37,62'): string {
  return [
    'Umsatzsteueraufschlüsselung:',
    row([0, 'Art (Kategorie)'], right(40, 'Warenwert'), right(58, 'Basisbetrag'), right(76, 'Steuersatz [%]'), right(96, 'Steuerbetrag')),
    row([0, 'VAT (S)'], right(40, '198,00'), right(58, '198,00'), right(74, '19'), right(96, tax)),
  ].join('\n');
}

/** The amount due under the total: gross less an advance payment (EN 16931 BT-115), or a French "net à payer". */
function amountDue(due = '35,62', paid = '-200,00'): string {
  return [...en16931Totals().split('\n').slice(0, -1), row([40, 'Erhaltene Anzahlungen'], right(96, paid)), row([40, 'Zahlbetrag'], right(96, due))].join('\n');
}

function netAPayer(net = '100,00'): string {
  return [
    frenchTotals(),
    row([0, "Les règlements reçus avant l'échéance ne donnent pas lieu à escompte."]),
    row([60, 'Acompte :'], right(87, '20,00')),
    row([0, "Date d'échéance :"], [18, '30/01/2019'], [55, 'NET A PAYER'], right(90, `${net} EUR`)),
  ].join('\n');
}

/** Totals whose tax line starts with the word that adds it: "zuzüglich 19% MwSt.". */
function plusTax(brutto = '1.005,55'): string {
  return [
    'Rechnung 2014-03',
    row([20, 'Pos. Artikelbeschreibung'], [60, 'Menge'], right(80, 'Preis'), right(96, 'Betrag')),
    row([20, '1 Superdrachen'], right(64, '2'), right(80, '20,00'), right(96, '40,00')),
    row([20, '2 Turbo Flyer'], right(64, '5'), right(80, '161,00'), right(96, '805,00')),
    row([58, 'Rechnungssumme netto'], right(96, '845,00')),
    row([60, 'zuzüglich 19% MwSt.'], right(96, '160,55')),
    row([58, 'Rechnungssumme brutto'], right(96, brutto)),
  ].join('\n');
}

/** A totals column that ends on "Balance due" with no "Total" line above it. */
function balanceDue(due = '$2,140.00'): string {
  return [
    'INVOICE NO. 001',
    row([51, 'Subtotal'], right(77, '$2,000.00')),
    row([51, 'Tax'], right(77, '$140.00')),
    row([51, 'BALANCE DUE'], right(77, due)),
  ].join('\n');
}

testDetector(arithmeticErrorDetector, {
  valid: [
    { name: 'statement without a balance column: opening + credit = closing', input: async () => ctx(shortStatement(), 'bank_statement') },
    { name: 'statement without a balance column, unsigned moves both ways', input: async () => ctx(shortStatement('885.10', MIXED), 'bank_statement') },
    { name: 'French totals and VAT breakdown as tables, adding up', input: async () => ctx(frenchTotals(), 'invoice') },
    { name: 'German totals row with the rate in its label, adding up', input: async () => ctx(germanTotals(), 'invoice') },
    { name: 'tax line with its rate first, adding up', input: async () => ctx(rateFirst(), 'invoice') },
    { name: 'EN 16931 totals named in German, adding up', input: async () => ctx(en16931Totals(), 'invoice') },
    { name: 'EN 16931 totals named in English, adding up', input: async () => ctx(en16931Totals('235,62', true), 'invoice') },
    { name: 'VAT breakdown with an unused column, adding up', input: async () => ctx(breakdown(), 'invoice') },
    { name: 'amount due = gross less the advance payment', input: async () => ctx(amountDue(), 'invoice') },
    { name: 'totals ending on a balance due, adding up', input: async () => ctx(balanceDue(), 'invoice') },
    { name: 'tax line introduced by "zuzüglich", adding up', input: async () => ctx(plusTax(), 'invoice') },
    { name: 'German totals row and its sum line, adding up', input: async () => ctx(germanTotals('447,88', '71,51', '447,88'), 'invoice') },
    { name: 'net à payer = TTC less the deposit', input: async () => ctx(netAPayer(), 'invoice') },
    {
      // The viewer prints 70,00 as "70": a figure the walk cannot read must not be left out of the sum.
      name: 'EN 16931 totals whose tax is printed without decimals',
      input: async () =>
        ctx(
          en16931Totals('448,99')
            .replace(/198,00/g, '378,99')
            .replace('37,62', '70'),
          'invoice',
        ),
    },
    {
      // A credit note's tax whose minus sign the reading order left on the line above its label.
      name: 'EN 16931 totals whose tax sign stands apart from its figure',
      input: async () =>
        ctx(
          [
            'Rechnungskorrektur',
            row([40, 'Rechnungssumme ohne USt.'], right(96, '-7,67')),
            row([70, 'EUR'], right(96, '-')),
            row([40, 'Steuerbetrag in']),
            row(right(96, '1,12')),
            row([40, 'Bruttosumme'], right(96, '-8,79')),
          ].join('\n'),
          'invoice',
        ),
    },
    {
      name: 'EN 16931 totals whose tax cell holds two figures run together',
      input: async () => ctx(en16931Totals('235,62').replace('37,62', '37,6242,15'), 'invoice'),
    },
  ],
  invalid: [
    {
      name: 'statement without a balance column: closing 1,250.00 forged to 9,250.00',
      input: async () => ctx(shortStatement('9,250.00'), 'bank_statement'),
      reasons: ['arithmetic_error.statement_summary'],
    },
    {
      name: 'statement without a balance column: no choice of directions reaches the closing balance',
      input: async () => ctx(shortStatement('985.10', MIXED), 'bank_statement'),
      reasons: ['arithmetic_error.statement_summary'],
    },
    {
      name: 'French totals table: TOTAL TTC raised',
      input: async () => ctx(frenchTotals('150,00'), 'invoice'),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'French VAT breakdown and totals: the tax changed in both places',
      input: async () => ctx(frenchTotals('125,00', '25,00'), 'invoice'),
      reasons: ['arithmetic_error.tax_rate'],
    },
    {
      name: 'German totals row: gross raised',
      input: async () => ctx(germanTotals('547,88'), 'invoice'),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'German totals row: tax and gross raised together',
      input: async () => ctx(germanTotals('457,88', '81,51'), 'invoice'),
      reasons: ['arithmetic_error.tax_rate'],
    },
    {
      name: 'rate-first tax line: total raised',
      input: async () => ctx(rateFirst('781.87'), 'invoice'),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'EN 16931 totals named in German: gross raised',
      input: async () => ctx(en16931Totals('335,62'), 'invoice'),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'EN 16931 totals named in English: gross raised',
      input: async () => ctx(en16931Totals('335,62', true), 'invoice'),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'amount due raised, the totals above it left alone',
      input: async () => ctx(amountDue('235,62'), 'invoice'),
      reasons: ['arithmetic_error.amount_due'],
    },
    {
      name: 'totals ending on a balance due: balance due raised',
      input: async () => ctx(balanceDue('$4,140.00'), 'invoice'),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'tax line introduced by "zuzüglich": gross raised',
      input: async () => ctx(plusTax('3.005,55'), 'invoice'),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'German totals row: the sum line under it raised',
      input: async () => ctx(germanTotals('447,88', '71,51', '647,88'), 'invoice'),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      name: 'net à payer raised under a totals table',
      input: async () => ctx(netAPayer('300,00'), 'invoice'),
      reasons: ['arithmetic_error.amount_due'],
    },
    {
      name: 'VAT breakdown with an unused column: tax changed',
      input: async () => ctx(breakdown('47,62'), 'invoice'),
      reasons: ['arithmetic_error.tax_rate'],
    },
  ],
});

describe('layouts now read are checked, not "not checked"', () => {
  const unchecked = async (text: string, docType: Extracted['doc_type']) => {
    const c = ctx(text, docType);
    await arithmeticErrorDetector.run(c);
    return arithmeticErrorDetector.unchecked!(c);
  };

  it('reads a statement whose balances frame a few transactions', async () => {
    expect(await unchecked(shortStatement(), 'bank_statement')).toBeNull();
    expect(await unchecked(shortStatement('885.10', MIXED), 'bank_statement')).toBeNull();
  });

  it('reads totals and tax printed as tables', async () => {
    expect(await unchecked(frenchTotals(), 'invoice')).toBeNull();
    expect(await unchecked(germanTotals(), 'invoice')).toBeNull();
  });

  it('reads a tax line whose rate comes first', async () => {
    expect(await unchecked(rateFirst(), 'invoice')).toBeNull();
  });

  it('reads totals named as EN 16931 viewers name them, and a breakdown with a column no check uses', async () => {
    expect(await unchecked(en16931Totals(), 'invoice')).toBeNull();
    expect(await unchecked(en16931Totals('235,62', true), 'invoice')).toBeNull();
    expect(await unchecked(breakdown(), 'invoice')).toBeNull();
  });

  it('reads a totals column ending on a balance due', async () => {
    expect(await unchecked(balanceDue(), 'invoice')).toBeNull();
  });

  it('stays unread when a subtotal or a second balance stands between the balances', async () => {
    const summary = shortStatement('1,250.00', [
      ['Salary', '250.00'],
      ['Total credits', '250.00'],
    ]);
    expect(await unchecked(summary, 'bank_statement')).not.toBeNull();
  });
});
