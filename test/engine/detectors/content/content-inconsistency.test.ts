import { expect } from 'vitest';
import { contentInconsistencyDetector } from '../../../../engine/detectors/content/content-inconsistency.js';
import { contextOf, row } from '../../read/extract/fixtures.js';
import { bankStatement, invoice, payslip } from '../../read/extract/generate-docs.js';
import { testDetector } from '../../detector-tester.js';
import { buildContextForTest } from '../../context-for-test.js';
import { pdfkitBytes } from '../../read/pdf/text/fixtures.js';

const ctx =
  (text: string, now = '2025-06-01T00:00:00Z') =>
  async () =>
    contextOf(text, { now });

/**
 * The title page of a thesis template as its class documentation ships it (toptesi,
 * FrontespizioScudo.pdf, LuaTeX, made 6 September 2020): the placeholder date "February 29,
 * 2123" under the university and beside the declaration's signature line.
 */
const titlePage = (date: string, created: Date) => async () =>
  buildContextForTest(
    await pdfkitBytes(
      (doc) => {
        doc.font('Helvetica').fontSize(14).text('Writing your Doctoral Thesis with LaTeX', 150, 200, { lineBreak: false });
        doc.fontSize(12).text('Mario Rossi', 250, 260, { lineBreak: false });
        doc.text('Supervisors  Prof. A.B., Supervisor', 200, 320, { lineBreak: false });
        doc.text('Politecnico di Torino', 235, 720, { lineBreak: false });
        doc.text(date, 240, 740, { lineBreak: false });
        doc.addPage();
        doc.fontSize(11).text('I hereby declare that the contents of this dissertation constitute my own original work.', 72, 200, { lineBreak: false });
        doc.text(`Turin, ${date}`, 340, 700, { lineBreak: false });
      },
      { info: { Producer: 'LuaTeX-1.12.0', Creator: 'LaTeX with hyperref', CreationDate: created, ModDate: created } },
    ),
    { now: '2026-11-26T00:00:00Z' },
  );

testDetector(contentInconsistencyDetector, {
  valid: [
    { name: 'a page without any text (nothing read from it)', input: ctx('') },
    ...(['uk', 'us', 'de', 'fr'] as const).map((locale, i) => ({
      name: `${locale} statement`,
      input: ctx(bankStatement(80 + i, { locale, layout: i % 2 ? 'signed' : 'split' }).text),
    })),
    { name: 'uk invoice', input: ctx(invoice(85, { locale: 'uk' }).text) },
    { name: 'us payslip', input: ctx(payslip(86, { locale: 'us' }).text) },
    { name: 'leap day in a leap year', input: ctx('Statement date: 29/02/2024') },
    // lie-hasse documentation (texlive-science-doc): "Date: 5 February 4242." under the title.
    {
      name: 'a joke date centuries ahead under a manual title',
      input: ctx('The lie-hasse package\nBen McKay\nDate: 5 February 4242.\nAbstract: draws Hasse diagrams'),
    },
    { name: "a thesis template's placeholder date a century after the file was made", input: titlePage('February 29, 2123', new Date('2020-09-06T11:26:47Z')) },
    // datenumber documentation (texlive-latex-extra-doc), English and German: fraudulent 90 before.
    {
      name: 'a manual showing that 29.2.1900 is no valid date',
      input: ctx('Test for a valid date\nThe 29.2.1900 is\n\\ifvaliddate{1900}{2}{29} valid\\else no valid\\fi date.\nResult: The 29.2.1900 is no valid date.'),
    },
    {
      name: 'the German manual, its diaeresis a glyph of its own',
      input: ctx('Test auf gültiges Datum\nDas Datum 29.2.1900 ist\nErgebnis: Das Datum 29.2.1900 ist nicht g¨ultig.'),
    },
    // thmtools-manual.pdf (texlive-latex-extra-doc), its printed source: a changelog comment with
    // a day September does not have, between numbered lines of code.
    {
      name: "a changelog comment's impossible date in a printed, numbered source listing",
      input: ctx(
        [
          '927 \\define@key{thmt-listof}{ignoreall}[true]{\\ignoretheorems{\\thmt@allenvs}}',
          '928 \\define@key{thmt-listof}{showall}[true]{\\showtheorems{\\thmt@allenvs}}',
          '929 %   FMi 2019-09-31 allow local title',
          '930 \\define@key{thmt-listof}{title}{\\def\\listtheoremname{#1}}',
          '931 %   -- FMi',
        ].join('\n'),
      ),
    },
    // l2kurz.pdf (lshort-german): a LaTeX primer prints the markup of a title with a date
    // February 1998 does not have.
    {
      name: 'a printed markup command quoting an impossible date as its argument',
      input: ctx(['\\title{Die kurze Einführung}', '\\author{Hubert Partl}', '\\date{29. Februar 1998}', '\\begin{document}'].join('\n')),
    },
    // titlepage-TU-HH.pdf (uni-titlepage): the sample title page still shows its fields.
    {
      name: 'a sample title page whose fields are unfilled placeholders',
      input: ctx(
        [
          'Titel im Stil TU-HH',
          'genehmigte Dissertation',
          'von',
          'Vorname und Name',
          'aus',
          '(Geburtsort)',
          '(aktuelles Jahr)',
          '1. Gutachter: Name des ersten Gutachters',
          '2. Gutachter: Name des zweiten Gutachters',
          'Datum der mündlichen Prüfung: 29. Februar 2009',
        ].join('\n'),
      ),
    },
    // letter-nipponB.pdf (koma-script-examples): a sample letter between specimen people and places.
    {
      name: 'a sample letter from Musterfrau to Mustermann dated 29 February 2011',
      input: ctx(
        [
          'Peter Musterfrau, Hinter dem Tal 2, 54321 Musterheim',
          'Petra Mustermann',
          'Vor dem Berg 1',
          '12345 Musterhausen',
          'Musterheim, 29. Februar 2011',
          'Betrifft: Mitgliederversammlung vermisst',
        ].join('\n'),
      ),
    },
    { name: 'due date in the future is normal', input: ctx('Invoice\nInvoice date: 01/05/2025\nDue date: 01/09/2025') },
    {
      name: 'newest-first statement is in order',
      input: ctx(
        [
          'Date  Description  Amount  Balance',
          ...[28, 21, 14, 9, 3].map((d, i) => row([0, `${d}/03/2025`], [12, 'Payment'], [40, '10.00'], [60, `${100 + i * 10}.00`])),
        ].join('\n'),
      ),
    },
  ],
  invalid: [
    {
      name: '31 April in a statement row',
      input: ctx(bankStatement(87, { locale: 'uk', layout: 'split', tamper: 'impossible_date' }).text),
      reasons: ['content_inconsistency.impossible_date'],
      check: (fs) => expect(fs.find((f) => f.code.endsWith('impossible_date'))!.evidence.bbox).toHaveLength(4),
    },
    {
      name: 'the same title page dated 29 February of a near non-leap year',
      input: titlePage('February 29, 2023', new Date('2020-09-06T11:26:47Z')),
      reasons: ['content_inconsistency.impossible_date'],
    },
    {
      name: 'an impossible date beside a line that calls another date invalid',
      input: ctx('Statement date: 31/04/2024\nNote: 30/02/2024 is not a valid date.'),
      reasons: ['content_inconsistency.impossible_date'],
    },
    {
      name: '29 February in a non-leap year',
      input: ctx('Invoice\nInvoice date: 29.02.2023\nTotal 10,00 €'),
      reasons: ['content_inconsistency.impossible_date'],
    },
    {
      name: 'a filled-in title page (one bracketed word) with 29 February 2009',
      input: ctx(
        [
          'genehmigte Dissertation',
          'von',
          'Anna Schmidt',
          'aus Hamburg (Germany)',
          '1. Gutachter: Prof. Dr. K. Weber',
          'Datum der mündlichen Prüfung: 29. Februar 2009',
        ].join('\n'),
      ),
      reasons: ['content_inconsistency.impossible_date'],
    },
    {
      name: 'an impossible date on a statement row beside numbered rows (no source comment)',
      input: ctx(['Date  Description  Amount', '1 28/04/2024 Transfer 10.00', '2 31/04/2024 Card payment 12.00', '3 02/05/2024 Transfer 9.00'].join('\n')),
      reasons: ['content_inconsistency.impossible_date'],
    },
    {
      name: 'an impossible date after a label, not inside a command',
      input: ctx(['Invoice', 'Invoice date {29.02.2023}', 'Total 10,00 €'].join('\n')),
      reasons: ['content_inconsistency.impossible_date'],
    },
    {
      name: 'an impossible date in a comment-like line without program text around it',
      input: ctx(['Invoice', '# 31/04/2024 Invoice date', 'Total 10,00 €'].join('\n')),
      reasons: ['content_inconsistency.impossible_date'],
    },
    {
      name: 'the same title page dated three years ahead',
      input: ctx('The lie-hasse package\nBen McKay\nDate: 5 February 2028.\nAbstract: draws Hasse diagrams'),
      reasons: ['content_inconsistency.future_date'],
    },
    {
      name: 'invoice dated after the analysis date',
      input: ctx(invoice(88, { locale: 'uk', tamper: 'future' }).text),
      reasons: ['content_inconsistency.future_date', 'content_inconsistency.due_before_issue'],
    },
    {
      name: 'transaction outside the statement period',
      input: ctx(bankStatement(89, { locale: 'de', layout: 'split', tamper: 'outside_period' }).text),
      reasons: ['content_inconsistency.outside_period', 'content_inconsistency.dates_out_of_order'],
    },
    {
      name: 'transaction out of chronological order',
      input: ctx(bankStatement(90, { locale: 'uk', layout: 'split', tamper: 'out_of_order', rows: 9 }).text),
      reasons: ['content_inconsistency.dates_out_of_order'],
    },
    {
      name: 'pay date before the pay period',
      input: ctx(payslip(91, { locale: 'uk', tamper: 'pay_before_period' }).text),
      reasons: ['content_inconsistency.pay_before_period'],
    },
    {
      name: 'due date before the invoice date',
      input: ctx(invoice(92, { locale: 'us', tamper: 'due_before_issue' }).text),
      reasons: ['content_inconsistency.due_before_issue'],
    },
  ],
});

/** Statement/bill/payslip headers where the document date and the covered period sit side by side. */
const header = (title: string, dateLabel: string, date: string, periodLabel: string, period: string) =>
  [
    row([0, 'Northmoor Building Society'], [70, title]),
    row([0, 'Aoife Moreno'], [50, dateLabel], [80, date]),
    row([0, '234 Millbank Close'], [50, periodLabel], [80, period]),
    'Opening balance  £1,941.92',
  ].join('\n');

testDetector(contentInconsistencyDetector, {
  valid: [
    {
      name: 'statement dated at the end of its "1 - 31 March" period',
      input: ctx(header('Account Statement', 'Statement date', '31 Mar 2024', 'Period', '1 - 31 March 2024')),
    },
    {
      name: 'bill issued a few days after its billing period (Unicode minus range)',
      input: ctx(header('Electricity Bill', 'Bill date', '05 Sep 2023', 'Billing period', '01 Aug 2023 − 31 Aug 2023')),
    },
    {
      name: 'payslip paid at the end of its month, label and value in one cell',
      input: ctx(
        [
          row([0, 'Kestrel Software GmbH'], [70, 'Payslip']),
          row([0, 'Hannah Fitzgerald'], [50, 'Pay date: 25.06.2024']),
          row([0, 'Rosenweg 55'], [50, 'Pay period: June 2024']),
        ].join('\n'),
      ),
    },
    { name: 'payslip paid at the end of its month', input: ctx(header('Payslip', 'Pay date', '28.08.2023', 'Pay period', 'August 2023')) },
    {
      name: 'payslip paid at the end of its month, month and year run together by OCR',
      input: ctx(header('Payslip', 'Pay date', '28 Aug 2023', 'Pay period', 'August2023')),
    },
  ],
  invalid: [
    {
      name: 'statement date a year after its period',
      input: ctx(header('Account Statement', 'Statement date', '31 Mar 2025', 'Period', '1 - 31 March 2024')),
      reasons: ['content_inconsistency.date_outside_period'],
    },
    {
      name: 'bill date a year after its billing period',
      input: ctx(header('Electricity Bill', 'Bill date', '05 Sep 2024', 'Billing period', '01 Aug 2023 − 31 Aug 2023')),
      reasons: ['content_inconsistency.date_outside_period'],
    },
    {
      name: 'payslip paid a year after its pay month, label and value in one cell ("Pay period: June 2024")',
      input: ctx(
        [
          row([0, 'Kestrel Software GmbH'], [70, 'Payslip']),
          row([0, 'Hannah Fitzgerald'], [50, 'Pay date: 25.06.2025']),
          row([0, 'Rosenweg 55'], [50, 'Pay period: June 2024']),
        ].join('\n'),
        '2025-09-01T00:00:00Z',
      ),
      reasons: ['content_inconsistency.date_outside_period'],
    },
    {
      name: 'payslip paid a year after its pay month',
      input: ctx(header('Payslip', 'Pay date', '26.08.2024', 'Pay period', 'August 2023')),
      reasons: ['content_inconsistency.date_outside_period'],
    },
    {
      name: 'payslip paid a year after its pay month, month and year run together by OCR ("July2023")',
      input: ctx(header('Payslip', 'Pay date', '25 Jul 2024', 'Pay period', 'July2023')),
      reasons: ['content_inconsistency.date_outside_period'],
    },
  ],
});

/** An invoice whose last page (payment instructions) quotes an invoice number. */
const quoting = (quoted: string) =>
  [
    row([0, 'Fenwick & Hale Consulting Ltd'], [70, 'Invoice']),
    row([0, 'Amelia Richter'], [50, 'Invoice number: INV-2024-82048']),
    row([0, '204 Elm Grove'], [50, 'Invoice date: 13 Aug 2024']),
    row([50, 'Total due'], [80, '£202.12']),
    `Please pay to IBAN GB34 HRWG 1195 9048 7623 32, quoting ${quoted}.`,
  ].join('\n');

testDetector(contentInconsistencyDetector, {
  valid: [
    { name: "payment instructions quote the invoice's own number", input: ctx(quoting('INV-2024-82048')) },
    { name: 'another kind of reference (an order number) is not the invoice number', input: ctx(quoting('PO-2024-11873')) },
  ],
  invalid: [
    {
      name: 'payment instructions quote another invoice of the issuer (page from another invoice)',
      input: ctx(quoting('INV-2025-44973')),
      reasons: ['content_inconsistency.reference_mismatch'],
    },
  ],
});
