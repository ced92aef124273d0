/**
 * Printed dates that cannot be (issue 31): a day no calendar has, a document or its rows dated
 * ahead of the analysis clock (injected, so the cases are fixed), a statement dated before its
 * period ends or before the rows it lists. Layouts as other producers set them: the date beside
 * the title, under an "issued"/"printed"/"erstellt am" label, in a header table.
 */
import { expect } from 'vitest';
import { contentInconsistencyDetector } from '../../../../engine/detectors/content/content-inconsistency.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';
import { contextFromPages } from '../../context-for-test.js';
import { testDetector } from '../../detector-tester.js';
import { contextOf, row } from '../../read/extract/fixtures.js';

const NOW = '2026-11-29T12:00:00Z';
const ctx = (text: string) => async () => contextOf(text, { now: NOW });

/** A statement's transaction table, rows in `year`, closing balance after it. */
const rows = (year: string, days = [2, 9, 15, 22], month = '05') =>
  [
    row([0, 'Date'], [14, 'Description'], [50, 'Paid out'], [64, 'Paid in'], [78, 'Balance']),
    ...days.map((d, i) =>
      row(
        [0, `${String(d).padStart(2, '0')}.${month}.${year}`],
        [14, i % 2 ? 'SALARY ACME LTD' : 'CARD PAYMENT TESCO'],
        [50, `${(12.4 + i).toFixed(2)}`],
        [78, `${(1187.6 - i * 10).toFixed(2)}`],
      ),
    ),
    row([0, 'Closing balance'], [78, '1,157.60']),
  ].join('\n');

const statement =
  (...head: string[]) =>
  (body: string) =>
    ctx(['Northmoor Bank plc', ...head, '', body].join('\n'));

/** The same on a picture: one OCR run per word, confidence high. */
function ocrPage(lines: string[]): PageLayer {
  const runs: TextRun[] = [];
  lines.forEach((line, row) => {
    let x = 0.08;
    for (const w of line.split(' ')) {
      runs.push({
        page: 1,
        text: w,
        fontId: 'ocr',
        fontName: 'ocr',
        size: 9,
        bbox: [x, 0.08 + row * 0.02, x + w.length * 0.008, 0.09 + row * 0.02],
        baseline: 0,
        confidence: 96,
      });
      x += w.length * 0.008 + 0.007;
    }
  });
  return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
}
const ocr = (lines: string[]) => async () => contextFromPages([ocrPage(lines)], { mime: 'image/png', now: NOW });

testDetector(contentInconsistencyDetector, {
  valid: [
    { name: 'a statement dated beside its title, in the past', input: statement(row([0, 'ACCOUNT STATEMENT'], [60, '28.05.2025']))(rows('2025')) },
    {
      name: 'a statement dated on the last day of its period',
      input: statement('Statement date: 31.05.2025', 'Statement period: 01.05.2025 - 31.05.2025')(rows('2025')),
    },
    { name: 'a statement dated a day ahead (time zones, a night run)', input: statement('Issued: 30.11.2026')(rows('2026', [2, 9, 15, 22], '11')) },
    // USA-Passport-2020.jpeg (GoogleCloudPlatform/document-ai-samples): suspicious 60 before.
    {
      name: "a passport's date of expiration years ahead",
      input: ctx(['USA', 'Date of issue/Date de délivrance', '15 OCT 2020', "Date of expiration/Date d'expiration", '14 OCT 2030'].join('\n')),
    },
    // The same as OCR read it: the issue date garbled, the expiry date alone on its line under its label.
    {
      name: "a passport's expiry date, the only date read, under its label",
      input: ctx(
        [
          'USA',
          'Date of issue/Date de délivr  a de',
          'T50CT000  oa 8 op  Mh',
          "Date of expiration/Date d'  de cadBIAS",
          '14 OCT 2030',
          'Authority/Autorité/Autoridad',
        ].join('\n'),
      ),
    },
    {
      name: "a loan's repayment schedule dated ahead",
      input: ctx(['Northmoor Bank plc', 'Loan statement', 'Statement date: 28.11.2026', 'Repayment schedule', rows('2027')].join('\n')),
    },
    { name: 'a due date two years ahead on an invoice', input: ctx('Invoice\nInvoice date: 01/11/2026\nPayment due: 01/11/2028') },
    { name: 'a day past 31 with a two-digit year is no date (a reference)', input: ctx('Reference: 32.01.26\nStatement date: 01.11.2026') },
  ],
  invalid: [
    {
      name: 'a statement dated 28.05.2029 beside its title (2.5 years ahead)',
      input: statement(row([0, 'ACCOUNT STATEMENT'], [60, '28.05.2029']))(rows('2025')),
      reasons: ['content_inconsistency.future_date', 'content_inconsistency.date_outside_period'],
      check: (f) => {
        const future = f.find((x) => x.code === 'content_inconsistency.future_date')!;
        expect(future.strength).toBe(0.8);
        expect(future.evidence.value).toBe('28.05.2029');
        expect(future.evidence.bbox).toHaveLength(4);
      },
    },
    {
      name: '"Erstellt am" a year and a half ahead',
      input: statement('Kontoauszug', 'Erstellt am 28.05.2028')(rows('2028')),
      reasons: ['content_inconsistency.future_date', 'content_inconsistency.future_transaction'],
    },
    {
      name: '"Statement No. 5" and its date in a cell of the same line, two months ahead',
      input: statement(row([0, 'Statement No. 5'], [30, '28.01.2027'], [60, 'Page 1 of 2']))(rows('2026', [2, 9, 15, 22], '11')),
      reasons: ['content_inconsistency.future_date'],
      check: (f) => expect(f[0].strength).toBe(0.6),
    },
    {
      name: 'a statement without a date whose rows are all booked in 2029',
      input: statement('Account statement')(rows('2029')),
      reasons: ['content_inconsistency.future_transaction'],
      check: (f) => expect(f.every((x) => x.strength === 0.8)).toBe(true),
    },
    {
      name: '32/01/2026: January has no day 32',
      input: ctx('Invoice\nInvoice date: 32/01/2026\nTotal 10,00 €'),
      reasons: ['content_inconsistency.impossible_date'],
      check: (f) => expect(f[0].evidence.value).toBe('32/01/2026'),
    },
    {
      name: '29/02/2026: 2026 is no leap year',
      input: statement('Statement date: 29/02/2026')(rows('2026', [2, 9, 15, 22], '02')),
      reasons: ['content_inconsistency.impossible_date'],
      check: (f) => expect(f[0].strength).toBe(0.75),
    },
    {
      name: 'a statement dated before its period ends',
      input: statement('Statement date: 12.05.2025', 'Statement period: 01.05.2025 - 31.05.2025')(rows('2025', [2, 5, 8, 11])),
      reasons: ['content_inconsistency.date_outside_period'],
      check: (f) => expect(f[0].summary).toContain('before the end of'),
    },
    {
      name: "a row booked after the statement's own date (no period line)",
      input: statement('Statement date: 31.05.2025')(rows('2025', [2, 9, 15, 22, 25, 14], '05').replace('14.05.2025', '14.06.2025')),
      reasons: ['content_inconsistency.outside_period'],
    },
    {
      name: 'a statement dated before every row it lists',
      input: statement('Statement date: 30.04.2025')(rows('2025', [2, 9, 15, 22], '06')),
      reasons: ['content_inconsistency.date_outside_period'],
    },
    {
      name: 'read from a picture, one slip from a real day: a hint, not proof',
      input: ocr(['Northmoor Bank plc', 'Statement date: 29/02/2026', 'Thank you']),
      reasons: ['content_inconsistency.impossible_date'],
      check: (f) => {
        expect(f[0].strength).toBe(0.35);
        expect(f[0].evidence.ocrSlip).toBe(true);
      },
    },
    {
      name: 'read from a picture twice the same way: the readings confirm each other',
      input: ocr(['Northmoor Bank plc', 'Statement date: 29/02/2026', 'Closing balance on 29/02/2026']),
      reasons: ['content_inconsistency.impossible_date'],
      check: (f) => expect(f.every((x) => x.strength === 0.75)).toBe(true),
    },
  ],
});
