/**
 * Relations the readers did not model before issue 31's third pass on real layouts and pixel
 * edits: a card charged another amount than the total above it, a letter's breakdown of
 * sentences led by their figures ("$65.00 transfer fees.") under a "Total due", a "Sub Total"
 * written as two words, a payslip's total deductions contradicted by its items and its net pay,
 * and a bill row whose rate was copied over while its line total still adds up to the totals
 * (read by OCR, the other row one slip off). Genuine layouts stay quiet; the edit fires.
 */
import { expect } from 'vitest';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import type { PageLayer } from '../../../../engine/read/pdf/text/types.js';
import type { DocType } from '../../../../engine/types.js';
import { contextFromPages } from '../../context-for-test.js';
import { testDetector } from '../../detector-tester.js';
import { extractedAs, layoutPage, right, row } from '../../read/extract/fixtures.js';

const ctx = (text: string, type: DocType, currency = 'USD') =>
  contextFromPages([layoutPage(text)], { now: '2025-06-01T00:00:00Z', text, extracted: extractedAs(type, currency) });

/** The same page as tesseract gives it: words as runs of the 'ocr' font, each read at `confidence`. */
function ocrCtx(text: string, type: DocType, currency: string) {
  const page = layoutPage(text);
  const ocr: PageLayer = { ...page, source: 'ocr', runs: page.runs.map((r) => ({ ...r, fontId: 'ocr', fontName: 'ocr', confidence: 95 })) };
  return contextFromPages([ocr], { now: '2025-06-01T00:00:00Z', text, extracted: extractedAs(type, currency) });
}

/** A card receipt: 16.41 + 28.80 + 8.15 = 53.36, charged to the card. */
function cardReceipt(total = '£53.36', card = '£53.36', after: string[] = []): string {
  return [
    'Corner Pantry',
    '3 Market Place, Norwich',
    'RECEIPT',
    row([0, 'Date'], right(40, '08 Aug 2023 12:05')),
    row([0, 'Item'], right(40, 'GBP')),
    row([0, '3 x Granola'], right(40, '16.41')),
    row([0, '2 x Cold brew'], right(40, '28.80')),
    row([0, '1 x Flat white'], right(40, '8.15')),
    row([0, 'TOTAL'], right(40, total)),
    row([0, 'Card ****5474'], right(40, card)),
    ...after,
    'Thank you for shopping with us!',
  ].join('\n');
}

/** An association's dues letter: 222.58 + 65.00 + 35.00 = 322.58. */
function duesLetter(total = '$322.58'): string {
  return [
    'Anycompany Village Community Association',
    row([0, 'Account Number: 98292881']),
    'This is in reference to your request for current statement and HOA assessments due.',
    'Below is the breakdown of total dues.',
    '',
    '$222.58 due as of 7/1/2022 (includes previous balance)',
    '$65.00 one-time HOA transfer fees.',
    '$35.00 for clearance letter.',
    '',
    row([0, 'Total due'], [10, total]),
    '',
    'Please write your account number in the memo portion of your check.',
  ].join('\n');
}

/** A web invoice that writes its subtotal as two words: 85.00 + 8.50 = 93.50. */
function twoWordSubtotal(tax = '$8.50'): string {
  return [
    row([0, 'DEMO - Sliced Invoices'], [80, 'Invoice']),
    row([60, 'Invoice Number'], [80, 'INV-3337']),
    '',
    row([0, 'Hrs/Qty'], [10, 'Service'], [60, 'Rate/Price'], [75, 'Sub Total']),
    row([0, '1.00'], [10, 'Web Design'], right(68, '$85.00'), right(84, '$85.00')),
    '',
    row([60, 'Sub Total'], right(84, '$85.00')),
    row([60, 'Tax'], right(84, tax)),
    row([60, 'Total'], right(84, '$93.50')),
  ].join('\n');
}

/** A payslip: 3,500.00 - (450.00 + 250.00 + 175.00) = 2,625.00. */
function payslip(totalDeductions = '875.00'): string {
  return [
    row([0, 'Kestrel Software Ltd'], [80, 'Payslip']),
    row([50, 'Pay date'], right(84, '28/08/2025')),
    'Earnings',
    row([0, 'Basic salary'], right(84, '3,500.00')),
    row([55, 'Gross pay'], right(84, '3,500.00')),
    'Deductions',
    row([0, 'Income tax'], right(84, '450.00')),
    row([0, 'National Insurance'], right(84, '250.00')),
    row([0, 'Pension (5%)'], right(84, '175.00')),
    row([55, 'Total deductions'], right(84, totalDeductions)),
    row([55, 'Net pay'], right(84, '2,625.00')),
  ].join('\n');
}

/** An electricity bill: 465 kWh x 0.32 = 148.80, 30 days x 0.55 = 16.50; tax 5 % 8.27; 173.57. */
function bill(meterRate = '0.32', standingRate = '0.55'): string {
  return [
    row([0, 'Greenvale Energy'], [76, 'Electricity Bill']),
    row([50, 'Bill date'], right(92, '02 Jul 2023')),
    'Charges this period',
    row([0, 'Item'], [52, 'Quantity'], [66, 'Rate'], [80, 'Amount']),
    row([0, 'Meter readings 78922 to 79387'], right(60, '465 kWh'), right(70, meterRate), right(86, '148.80')),
    row([0, 'Standing charge'], right(60, '30 days'), right(70, standingRate), right(86, '16.50')),
    row([62, 'Tax (5%)'], right(86, '£8.27')),
    row([62, 'Total charges'], right(86, '£173.57')),
  ].join('\n');
}

/** A scanned market receipt: 16.41 + 28.80 + 5.60 + 7.75 = 58.56, VAT 5.5 % included (3.05). */
function scannedReceipt(water = '7.75'): string {
  return [
    'Marche Saint-Loup',
    'RECEIPT',
    row([0, 'Item'], right(40, 'EUR')),
    row([0, '3 x Tomatoes'], right(40, '16.41')),
    row([0, '2 x Tomatoes'], right(40, '28.80')),
    row([0, '1 x Apples 1kg'], right(40, '5.60')),
    row([0, '1 x Sparkling water'], right(40, water)),
    row([0, 'Subtotal'], right(40, '58.56')),
    row([0, 'incl. VAT 5.5%'], right(40, '3.05')),
    row([0, 'TOTAL'], right(40, '58.56')),
  ].join('\n');
}

testDetector(arithmeticErrorDetector, {
  valid: [
    { name: 'a card charged the total', input: async () => ctx(cardReceipt(), 'receipt', 'GBP') },
    // Split tenders and tips print a further figure: the card alone need not be the total.
    {
      name: 'a card paying part, cash the rest',
      input: async () => ctx(cardReceipt('£53.36', '£40.00', [row([0, 'Cash'], right(40, '£13.36'))]), 'receipt', 'GBP'),
    },
    { name: "a dues letter's breakdown adding up to its total due", input: async () => ctx(duesLetter(), 'bank_statement') },
    { name: 'a two-word Sub Total, tax and total adding up', input: async () => ctx(twoWordSubtotal(), 'invoice') },
    { name: 'a payslip whose deductions, total and net agree', input: async () => ctx(payslip(), 'payslip', 'GBP') },
    // The standing charge's rate read "0.85" for 0.55: one OCR slip, no finding either way.
    { name: 'a bill read by OCR with one rate misread', input: async () => ocrCtx(bill('0.32', '0.85'), 'utility_bill', 'GBP') },
  ],
  invalid: [
    {
      // The subtotal agrees with its included VAT, and no misread of one item closes the gap.
      name: "a scanned receipt's item covered by another amount of the page",
      input: async () => ocrCtx(scannedReceipt('5.60'), 'receipt', 'EUR'),
      reasons: ['arithmetic_error.items_subtotal'],
      check: (fs) => expect(fs[0].evidence.crossChecked).toBe(true),
    },
    {
      // "7.75" read "1.75": one OCR slip of one item; the confidence guard decides, not the arithmetic.
      name: 'a scanned receipt with one item misread',
      input: async () => ocrCtx(scannedReceipt('1.75'), 'receipt', 'EUR'),
      reasons: ['arithmetic_error.items_subtotal'],
      check: (fs) => expect(fs[0].evidence.crossChecked).toBeUndefined(),
    },
    {
      name: 'a card receipt whose total was retyped',
      input: async () => ctx(cardReceipt('£73.36', '£53.36'), 'receipt', 'GBP'),
      reasons: ['arithmetic_error.change_due'],
      check: (fs) => expect(fs[0].evidence.expected).toBe('73.36'),
    },
    {
      name: "a dues letter's total raised",
      input: async () => ctx(duesLetter('$522.58'), 'bank_statement'),
      reasons: ['arithmetic_error.items_subtotal'],
      check: (fs) => expect(fs[0].evidence.expected).toBe('322.58'),
    },
    {
      name: 'a two-word Sub Total with its tax lowered',
      input: async () => ctx(twoWordSubtotal('$1.50'), 'invoice'),
      reasons: ['arithmetic_error.invoice_total'],
    },
    {
      // Gross minus net confirms the items: the total is the odd figure, not the net pay.
      name: "a payslip's total deductions retyped",
      input: async () => ctx(payslip('1,875.00'), 'payslip', 'GBP'),
      reasons: ['arithmetic_error.payslip_deductions'],
      check: (fs) => expect(fs[0].strength).toBe(0.85),
    },
    {
      name: "a payslip's total deductions covered on a picture",
      input: async () => ocrCtx(payslip('3,500.00'), 'payslip', 'GBP'),
      reasons: ['arithmetic_error.payslip_deductions'],
      check: (fs) => expect(fs[0].evidence.crossChecked).toBe(true),
    },
    {
      name: 'a bill read by OCR whose meter rate was copied over, the other rate one slip off',
      input: async () => ocrCtx(bill('0.55', '0.85'), 'utility_bill', 'GBP'),
      reasons: ['arithmetic_error.line_item'],
      check: (fs) => expect(fs[0].summary).toContain('add up to the totals'),
    },
  ],
});
