import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import type { Finding } from '../../../../engine/types.js';
import type { MetadataFacts } from '../../../../engine/read/metadata/facts.js';
import { contextOf, row } from '../../read/extract/fixtures.js';
import { bankStatement, invoice, payslip, receipt } from '../../read/extract/generate-docs.js';
import { testDetector } from '../../detector-tester.js';
import { corpusPath, type Need } from '../../../support/environment.js';

/** Info of a file Word saved as PDF (Creator names the app, Title the .docx). */
const officeMetadata: MetadataFacts = {
  info: { Creator: 'Word', Title: 'Microsoft Word - Rechnung 42.docx', Producer: 'Mac OS X 10.9 Quartz PDFContext' },
  xmp: null,
  readable: true,
};

const ctx =
  (text: string, runs = true) =>
  async () =>
    contextOf(text, { runs });

/** Real invoices from the shared corpus, as `pdftotext -layout` reads them. */
const corpus = (rel: string) =>
  Object.assign(
    async () =>
      contextOf(
        execFileSync('pdftotext', ['-layout', corpusPath(`invoices/${rel}`), '-'], { stdio: ['ignore', 'pipe', 'ignore'] })
          .toString()
          .split('\f')
          .filter((t) => t.trim()),
        { runs: false },
      ),
    { needs: ['corpus', 'pdftotext'] as Need[] },
  );

const decisiveAt = (text: string) => (fs: Finding[]) => {
  const f = fs.find((x) => x.code === 'arithmetic_error.running_balance')!;
  expect(f.strength).toBeGreaterThanOrEqual(0.85);
  expect(f.evidence.bbox).toHaveLength(4);
  expect(String(f.evidence.text)).toContain(text);
};

testDetector(arithmeticErrorDetector, {
  valid: [
    ...(['uk', 'us', 'de', 'fr'] as const).flatMap((locale, i) => [
      { name: `${locale} statement, paid in/out columns`, input: ctx(bankStatement(10 + i, { locale, layout: 'split' }).text) },
      { name: `${locale} statement, signed amounts`, input: ctx(bankStatement(20 + i, { locale, layout: 'signed' }).text) },
      { name: `${locale} invoice`, input: ctx(invoice(30 + i, { locale }).text) },
      { name: `${locale} receipt`, input: ctx(receipt(40 + i, { locale }).text) },
    ]),
    { name: 'statement read from plain layout text', input: ctx(bankStatement(50, { locale: 'uk', layout: 'split' }).text, false) },
    { name: 'uk payslip', input: ctx(payslip(60, { locale: 'uk' }).text) },
    { name: 'us payslip', input: ctx(payslip(61, { locale: 'us' }).text) },
    {
      name: 'table too garbled to read (most rows disagree) stays quiet',
      input: ctx(
        [
          'Date  Description  Amount  Balance',
          ...[1, 2, 3, 4, 5].map((d) => row([0, `0${d}/03/2025`], [12, 'Payment'], [40, `${d * 7}.00`], [60, `${d * 13}.50`])),
        ].join('\n'),
      ),
    },
    { name: 'Hetzner invoice (corpus, 4-decimal unit prices)', input: corpus('zugferd/RE-E-974-Hetzner_2016-01-19_R0005532486.pdf') },
    { name: 'Odoo invoice with discounts and partial tax base (corpus)', input: corpus('invoice2data/AzureInterior.pdf') },
    { name: 'ZUGFeRD invoice with tax base line (corpus)', input: corpus('zugferd/ZUGFeRD_1p0_BASIC_Einfach.pdf') },
    { name: 'invoice with mixed VAT rates and tax table (corpus)', input: corpus('zugferd/MustangGnuaccountingBeispielRE-20201121_508.pdf') },
    { name: 'invoice with net+tax per row (corpus)', input: corpus('invoice2data/FlipkartInvoice.pdf') },
  ],
  invalid: [
    {
      name: 'invoice typed in a word processor with a wrong total: suspicious weight, not decisive',
      input: async () => contextOf(invoice(32, { locale: 'de', tamper: 'total' }).text, { metadata: officeMetadata }),
      reasons: ['arithmetic_error.invoice_total'],
      check: (fs) => {
        expect(fs[0].strength).toBeLessThanOrEqual(0.7);
        expect(fs[0].evidence.authoredIn).toBe('Microsoft Word');
      },
    },
    {
      name: 'the same wrong total from an invoicing system stays decisive',
      input: async () =>
        contextOf(invoice(32, { locale: 'de', tamper: 'total' }).text, {
          metadata: { ...officeMetadata, info: { Creator: 'Odoo', Producer: 'ReportLab PDF Library' } },
        }),
      reasons: ['arithmetic_error.invoice_total'],
      check: (fs) => expect(fs[0].strength).toBeGreaterThanOrEqual(0.85),
    },
    {
      name: 'statement: one transaction amount changed',
      input: ctx(bankStatement(11, { locale: 'uk', layout: 'split', tamper: 'amount' }).text),
      reasons: ['arithmetic_error.running_balance'],
    },
    {
      name: 'statement: one balance changed (signed layout)',
      input: ctx(bankStatement(12, { locale: 'us', layout: 'signed', tamper: 'balance' }).text),
      reasons: ['arithmetic_error.running_balance'],
    },
    {
      name: 'statement: EUR formatting, amount changed',
      input: ctx(bankStatement(13, { locale: 'de', layout: 'split', tamper: 'amount' }).text),
      reasons: ['arithmetic_error.running_balance'],
    },
    {
      name: 'statement: space-grouped French figures, balance changed',
      input: ctx(bankStatement(14, { locale: 'fr', layout: 'signed', tamper: 'balance' }).text, false),
      reasons: ['arithmetic_error.running_balance'],
    },
    {
      name: 'statement: closing balance in the summary',
      input: ctx(bankStatement(15, { locale: 'uk', layout: 'split', tamper: 'summary' }).text),
      reasons: ['arithmetic_error.statement_summary'],
    },
    {
      name: 'statement without header: amount/balance rows, evidence points at the row',
      input: ctx(
        [
          row([0, '01/03/2025'], [12, 'Opening'], [60, '1,000.00']),
          row([0, '02/03/2025'], [12, 'Coffee'], [40, '3.50'], [60, '996.50']),
          row([0, '04/03/2025'], [12, 'Salary'], [40, '2,000.00'], [60, '2,996.50']),
          row([0, '05/03/2025'], [12, 'Rent'], [40, '900.00'], [60, '2,096.50']),
          // 2,096.50 - 55.10 is 2,041.40: this balance was raised by 100.
          row([0, '07/03/2025'], [12, 'Groceries'], [40, '55.10'], [60, '2,141.40']),
          row([0, '09/03/2025'], [12, 'Fuel'], [40, '40.00'], [60, '2,101.40']),
        ].join('\n'),
      ),
      reasons: ['arithmetic_error.running_balance'],
      check: decisiveAt('Groceries'),
    },
    {
      name: 'invoice: line total not qty x unit',
      input: ctx(invoice(31, { locale: 'uk', tamper: 'line_item' }).text),
      reasons: ['arithmetic_error.line_item'],
    },
    { name: 'invoice: total not subtotal + tax', input: ctx(invoice(32, { locale: 'de', tamper: 'total' }).text), reasons: ['arithmetic_error.invoice_total'] },
    { name: 'invoice: tax not at the stated rate', input: ctx(invoice(33, { locale: 'fr', tamper: 'tax_rate' }).text), reasons: ['arithmetic_error.tax_rate'] },
    {
      name: 'receipt: change does not match cash - total',
      input: ctx(receipt(41, { locale: 'uk', tamper: 'change' }).text),
      reasons: ['arithmetic_error.change_due'],
    },
    { name: 'payslip: net pay changed', input: ctx(payslip(62, { locale: 'uk', tamper: 'net' }).text), reasons: ['arithmetic_error.payslip_net'] },
    {
      name: 'payslip: total deductions lowered below the itemised deductions',
      input: ctx(
        [
          'Payslip',
          'Employee: Jane Example          Pay date: 28/03/2024',
          'Gross pay                      3,000.00',
          'Income tax                       500.00',
          'National Insurance               250.00',
          'Pension                          150.00',
          'Total deductions                 700.00',
          'Net pay                        2,300.00',
        ].join('\n'),
      ),
      reasons: ['arithmetic_error.payslip_deductions'],
    },
    {
      name: 'payslip: basic pay raised, gross, deductions and net left as they were',
      input: ctx(
        [
          'Payslip',
          'Employee: Jane Example          Pay date: 28.03.2023',
          'Description                 Units      Rate      Amount',
          'Basic salary                                   7.675,07',
          'Overtime                        3     30,72       92,16',
          'Gross pay                                    7.267,23 €',
          'Lohnsteuer                                     1.230,61',
          'Sozialversicherung                               750,59',
          'Pension (5%)                                     363,36',
          'Total deductions                             2.344,56 €',
          'Net pay                                      4.922,67 €',
        ].join('\n'),
      ),
      reasons: ['arithmetic_error.payslip_gross'],
      check: (fs: Finding[]) => {
        const f = fs.find((x) => x.code === 'arithmetic_error.payslip_gross')!;
        expect(f.evidence.expected).toBe('7767.23');
        expect(f.evidence.found).toBe('7267.23');
      },
    },
    {
      name: 'payslip: earnings that add up to gross pay (a line of another block above them) stay quiet',
      input: ctx(
        [
          'Payslip',
          'Tax code                                        1257L',
          'Employee no.                                    12.00',
          'Basic salary                                 3,000.00',
          'Bonus                                          449.41',
          'Gross pay                                    3,449.41',
          'Income tax                                     500.00',
          'Total deductions                               500.00',
          'Net pay                                      2,949.41',
        ].join('\n'),
      ),
      reasons: [],
    },
    { name: 'payslip: YTD below this period', input: ctx(payslip(63, { locale: 'de', tamper: 'ytd' }).text), reasons: ['arithmetic_error.payslip_ytd'] },
    {
      name: 'corpus invoice whose total really is wrong (1,420.00 + 269.80 printed as 1,589.80)',
      input: corpus('zugferd/acme_invoice-42_ZUGFeRD.pdf'),
      reasons: ['arithmetic_error.invoice_total'],
    },
  ],
});
