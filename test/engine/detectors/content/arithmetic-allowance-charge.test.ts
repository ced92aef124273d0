/**
 * Document-level allowances and charges (arithmetic/allowance-charge.ts): the rows of an
 * allowance/charge block ("Zu- und Abschläge", "Allowances/Charges") against the totals printed
 * for them, and line total − allowances + charges = tax basis (EN 16931 BT-106..BT-109).
 */
import { describe, expect, it } from 'vitest';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import { testDetector } from '../../detector-tester.js';
import { right, row } from '../../read/extract/fixtures.js';
import { invoiceContext, uncheckedOf } from './invoice-layout.js';

const ctx = (text: string) => invoiceContext(text);

/** A German viewer's document totals over its allowance/charge block (no gross: nothing else checks it). */
function german(o: { rabatt?: string; abschlaege?: string; basis?: string } = {}): string {
  return [
    'Rechnung 2025-118',
    'Belegsummen',
    row([40, 'Positionssumme'], right(90, '1.250,00')),
    row([40, 'Gesamtbetrag der Zuschläge'], right(90, '12,50')),
    row([40, 'Gesamtbetrag der Abschläge'], right(90, o.abschlaege ?? '62,50')),
    row([40, 'Rechnungssumme ohne USt.'], right(90, o.basis ?? '1.200,00')),
    'Zu- und Abschläge',
    row([2, 'Art'], [30, 'Prozent'], [45, 'Basisbetrag'], [65, 'Steuer'], right(90, 'Betrag')),
    row([2, 'Abschlag Treuerabatt'], [30, '4 %'], right(55, '1.250,00'), [65, '19 % USt (S)'], right(90, o.rabatt ?? '50,00')),
    row([2, 'Abschlag Sonderaktion'], [65, '19 % USt (S)'], right(90, '12,50')),
    row([2, 'Zuschlag Verpackung'], [65, '19 % USt (S)'], right(90, '12,50')),
    'Zahlungsbedingungen',
  ].join('\n');
}

/** Rows whose name wraps, the figure on the next line and a detail line after it. */
function wrapped(second = '12,50'): string {
  return [
    row([40, 'Gesamtbetrag der Abschläge'], right(90, '62,50')),
    'Zu- und Abschläge',
    row([2, 'Art'], [65, 'Steuer'], right(90, 'Betrag')),
    row([2, 'Abschlag Treuerabatt 1']),
    row([2, '-4,00% Basisbetrag: 1.250,00,'], [65, '19% USt(S)'], right(90, '50,00')),
    row([2, 'MwSt. % 19,0']),
    row([2, 'Abschlag Sonderaktion']),
    row([2, 'Basisbetrag: 1.250,00,'], [65, '19% USt(S)'], right(90, second)),
    'Seite 2 von 2',
  ].join('\n');
}

/** Allowances printed negative, a charge named by its reason alone printed positive. */
function byReason(second = '-12,50'): string {
  return [
    row([40, 'Gesamtbetrag der Zuschläge'], right(90, '9,00')),
    row([40, 'Gesamtbetrag der Abschläge'], right(90, '-62,50')),
    'Zu- und Abschläge',
    row([2, 'Abschlag Treuerabatt'], [65, '19% USt(S)'], right(90, '-50,00')),
    row([2, 'Abschlag Sonderaktion'], [65, '19% USt(S)'], right(90, second)),
    row([2, 'Transportkosten'], [65, '19% USt(S)'], right(90, '9,00')),
    'Rechnungsbegleitende Unterlagen',
  ].join('\n');
}

/** An English rendering: line total, allowances, charges, tax basis, and the block under them. */
function english(basis = '980.00', discount = '30.00'): string {
  return [
    'Invoice 5531',
    row([40, 'Line total'], right(90, '1,000.00')),
    row([40, 'Allowances'], right(90, '30.00')),
    row([40, 'Charges'], right(90, '10.00')),
    row([40, 'Tax basis'], right(90, basis)),
    'Allowances/Charges',
    row([2, 'Discount early order'], right(90, discount)),
    row([2, 'Surcharge freight'], right(90, '10.00')),
  ].join('\n');
}

describe('allowance and charge totals', () => {
  it('are checked, where they were left "not checked"', async () => {
    expect(await uncheckedOf(german())).toBeNull();
    expect(await uncheckedOf(english())).toBeNull();
    expect(await uncheckedOf(wrapped())).toBeNull();
    expect(await uncheckedOf(byReason())).toBeNull();
  });
});

testDetector(arithmeticErrorDetector, {
  valid: [
    { name: 'German totals and block, adding up', input: async () => ctx(german()) },
    { name: 'wrapped rows, adding up', input: async () => ctx(wrapped()) },
    { name: 'English totals and block, adding up', input: async () => ctx(english()) },
    { name: 'negative allowances and a charge named by its reason, adding up', input: async () => ctx(byReason()) },
    {
      // A charge printed by its reason alone between two allowances: the block is not read, not cut short.
      name: 'block with a figure no row label names, between its rows',
      input: async () => ctx(german().replace(/^(.*Abschlag Sonderaktion.*)$/m, `${row([2, 'Transportkosten: Fracht'], right(90, '9,00'))}\n$1`)),
    },
    {
      // A credit note: lines negative, allowances printed positive, reducing the amount credited.
      name: 'credit note: line total and basis negative, allowances positive',
      input: async () => ctx(german().replace('1.250,00', '-1.250,00').replace('1.200,00', '-1.200,00')),
    },
  ],
  invalid: [
    { name: 'German: one allowance row raised', input: async () => ctx(german({ rabatt: '70,00' })), reasons: ['arithmetic_error.invoice_total'] },
    { name: 'German: tax basis raised', input: async () => ctx(german({ basis: '1.400,00' })), reasons: ['arithmetic_error.invoice_total'] },
    { name: 'German: allowance total lowered', input: async () => ctx(german({ abschlaege: '42,50' })), reasons: ['arithmetic_error.invoice_total'] },
    { name: 'wrapped rows: the second figure raised', input: async () => ctx(wrapped('32,50')), reasons: ['arithmetic_error.invoice_total'] },
    {
      name: 'negative allowances and a charge named by its reason: an allowance raised',
      input: async () => ctx(byReason('-32,50')),
      reasons: ['arithmetic_error.invoice_total'],
    },
    { name: 'English: tax basis raised', input: async () => ctx(english('990.00')), reasons: ['arithmetic_error.invoice_total'] },
    { name: 'English: a discount row raised', input: async () => ctx(english('980.00', '50.00')), reasons: ['arithmetic_error.invoice_total'] },
  ],
});
