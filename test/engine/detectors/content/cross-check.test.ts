import { describe, expect, it } from 'vitest';
import { editDistance } from '../../../../engine/detectors/content/arithmetic/cross-check.js';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import { withoutUncertainOcrFindings } from '../../../../engine/read/ocr/confidence.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';
import type { Finding } from '../../../../engine/types.js';
import { extractedAs } from '../../read/extract/fixtures.js';
import { contextFromPages } from '../../context-for-test.js';

/**
 * A statement page as tesseract returns it: one run per word, every figure at a low word
 * confidence (as tesseract reports correctly read figures in a comma-decimal face).
 */
interface Row {
  date: string;
  text: string;
  out?: string;
  in?: string;
  balance: string;
}

const ROW_PITCH = 0.018;

function word(text: string, x0: number, y: number, confidence: number): TextRun {
  const x1 = x0 + text.length * 0.0072;
  return { page: 1, text, fontId: 'ocr', fontName: 'ocr', size: 6, bbox: [x0, y, x1, y + 0.009], baseline: 0, confidence };
}

/** Right-aligned figure ending at `right`. */
function figure(text: string, right: number, y: number, confidence: number): TextRun {
  return word(text, right - text.length * 0.0072, y, confidence);
}

function statementPage(rows: Array<Row | null>, figureConfidence = 20, o: { header?: boolean; closing?: string } = {}): PageLayer {
  const runs: TextRun[] = [];
  let y = 0.1;
  const words = (s: string, x: number, yy: number) => {
    for (const w of s.split(' ')) {
      runs.push(word(w, x, yy, 95));
      x += w.length * 0.0072 + 0.006;
    }
  };
  words('Harbour Bank Account Statement', 0.09, y);
  y += ROW_PITCH * 2;
  if (o.header !== false)
    for (const [label, x] of [
      ['Date', 0.09],
      ['Description', 0.21],
      ['Paid out', 0.63],
      ['Paid in', 0.75],
      ['Balance', 0.86],
    ] as const)
      words(label, x, y);
  for (const r of rows) {
    y += ROW_PITCH;
    // A row OCR did not see at all: its space stays empty.
    if (!r) continue;
    runs.push(word(r.date, 0.09, y, 95));
    words(r.text, 0.21, y);
    if (r.out) runs.push(figure(r.out, 0.7, y, figureConfidence));
    if (r.in) runs.push(figure(r.in, 0.82, y, figureConfidence));
    runs.push(figure(r.balance, 0.93, y, figureConfidence));
  }
  if (o.closing) {
    y += ROW_PITCH * 2;
    words('Closing balance', 0.63, y);
    runs.push(figure(o.closing, 0.93, y, 95));
  }
  return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
}

const EXTRACTED = extractedAs('bank_statement', 'EUR');

async function published(page: PageLayer): Promise<Finding[]> {
  const ctx = contextFromPages([page], { mime: 'image/jpeg', extracted: EXTRACTED, text: '' });
  return withoutUncertainOcrFindings(await arithmeticErrorDetector.run(ctx), [page]);
}

const GENUINE: Row[] = [
  { date: '12/05/2024', text: 'TRANSFER FROM SAVINGS', in: '253,56', balance: '238,06' },
  { date: '12/05/2024', text: 'ONLINE PAYMENT GYM', out: '32,12', balance: '205,94' },
  { date: '13/05/2024', text: 'FASTER PAYMENT RECEIVED', in: '550,47', balance: '756,41' },
  { date: '13/05/2024', text: 'ONLINE PAYMENT GYM', out: '393,46', balance: '362,95' },
  { date: '13/05/2024', text: 'CARD PAYMENT TO RAILWAY', out: '157,81', balance: '205,14' },
  { date: '14/05/2024', text: 'SALARY KESTREL SOFTWARE', in: '2073,78', balance: '2278,92' },
  { date: '16/05/2024', text: 'DIRECT DEBIT HOME INSURANCE', out: '419,10', balance: '1859,82' },
  { date: '16/05/2024', text: 'CARD PAYMENT TO GROCERS', out: '214,75', balance: '1645,07' },
  { date: '16/05/2024', text: 'STANDING ORDER RENT', out: '27,53', balance: '1617,54' },
];

const withRow = (i: number, patch: Partial<Row>) => GENUINE.map((r, k) => (k === i ? { ...r, ...patch } : r));

describe('running balances read by OCR, judged by the balances around them', () => {
  it('stays quiet on a genuine statement whose figures tesseract doubts', async () => {
    expect(await published(statementPage(GENUINE))).toEqual([]);
  });

  it('reports a transaction the confirmed balances around it contradict, whatever the word confidence', async () => {
    // The salary was retyped; both balances around it still add up with their other neighbours.
    const found = await published(statementPage(withRow(5, { in: '3947,13' })));
    expect(found.map((f) => f.code)).toEqual(['arithmetic_error.running_balance']);
    expect(found[0].evidence).toMatchObject({ expected: '2073.78', found: '3947.13', crossChecked: true });
    expect(found[0].evidence.text).toContain('SALARY');
  });

  it('reads a figure whose decimal mark OCR dropped as cents, so the row still adds up', async () => {
    expect(await published(statementPage(withRow(5, { in: '207378' }), 90))).toEqual([]);
    // ... and a retyped one without its marks is still a retyped one.
    expect((await published(statementPage(withRow(5, { in: '394713' })))).map((f) => f.evidence.found)).toEqual(['3947.13']);
  });

  it('does not report a figure one or two misread digits from the required one', async () => {
    expect(await published(statementPage(withRow(5, { in: '2078,78' })))).toEqual([]);
    expect(await published(statementPage(withRow(5, { in: '2073,7' })))).toEqual([]);
  });

  it('reports a transaction with one digit replaced by one OCR never takes for it (a pasted "4" over a "2")', async () => {
    const found = await published(statementPage(withRow(5, { in: '4073,78' })));
    expect(found.map((f) => [f.code, f.evidence.expected, f.evidence.found, f.evidence.crossChecked])).toEqual([
      ['arithmetic_error.running_balance', '2073.78', '4073.78', true],
    ]);
    // A look-alike digit ("1" for "7") is a misreading: quiet.
    expect(await published(statementPage(withRow(5, { in: '2073,18' })))).toEqual([]);
  });

  it('reads a balance that kept its thousands mark but lost its decimal mark ("2.27892") as cents', async () => {
    // Read that way the genuine row adds up; without it the chain skipped the row and the
    // pasted digit of its credit stood in a two-transaction gap no cross-check could judge.
    expect(await published(statementPage(withRow(5, { balance: '2.27892' })))).toEqual([]);
    const found = await published(statementPage(withRow(5, { in: '4073,78', balance: '2.27892' })));
    expect(found.map((f) => [f.evidence.expected, f.evidence.found])).toEqual([['2073.78', '4073.78']]);
  });

  it('does not report a row whose neighbour OCR lost: the missing transaction would explain it', async () => {
    const rows: Array<Row | null> = [...GENUINE];
    rows[4] = null;
    expect(await published(statementPage(rows))).toEqual([]);
  });

  it('does not report rows whose credit OCR lost while it read their balances', async () => {
    // Two credits in a column tesseract skipped (a coloured column on a photo), read with confidence.
    const rows = GENUINE.map((r, k) => (k === 2 || k === 5 ? { ...r, in: undefined } : r));
    expect(await published(statementPage(rows, 95))).toEqual([]);
    // ... while a balance retyped elsewhere in the same table is still found.
    const edited = rows.map((r, k) => (k === 7 ? { ...r, balance: '1745,07' } : r));
    expect((await published(statementPage(edited, 95))).map((f) => f.evidence.found)).toContain('1745.07');
  });

  it('does not hold the closing balance to a row followed by rows OCR read only in part', async () => {
    // No header read; the last two rows lost their credit, so their one figure is not placed.
    const rows: Row[] = GENUINE.map((r) => ({ ...r, out: r.out ?? '1,00' })).slice(0, 7);
    rows.push({ date: '17/05/2024', text: 'REFUND ONLINE STORE', balance: '1959,82' }, { date: '18/05/2024', text: 'REFUND ONLINE STORE', balance: '2059,82' });
    const plain = (rs: Row[]) => rs.map((r) => ({ ...r, in: undefined, out: r.in ?? r.out }));
    expect(await published(statementPage(plain(rows), 95, { header: false, closing: '2159,82' }))).toEqual([]);
    // Read whole, the same table is held to its closing balance.
    const whole = rows.map((r) => (r.text === 'REFUND ONLINE STORE' ? { ...r, in: '100,00' } : r));
    expect((await published(statementPage(plain(whole), 95, { header: false, closing: '2159,82' }))).map((f) => f.evidence.found)).toEqual(['2159.82']);
  });

  it('reports a retyped balance that disagrees with both neighbours while the check across it adds up', async () => {
    const found = await published(statementPage(withRow(5, { balance: '5219,40' })));
    expect(found.map((f) => [f.code, f.evidence.found, f.evidence.expected])).toEqual([['arithmetic_error.running_balance', '5219.40', '2278.92']]);
  });

  it('counts single-character edits', () => {
    expect(editDistance('207378', '394713')).toBeGreaterThanOrEqual(3);
    expect(editDistance('207378', '20738')).toBe(1);
  });
});

describe('payslip net pay read by OCR', () => {
  /** Label at the left, figure right-aligned, one line per entry; every figure doubted by tesseract. */
  function payslipPage(entries: Array<[string, string | null]>): PageLayer {
    const runs: TextRun[] = [];
    entries.forEach(([label, value], i) => {
      const y = 0.1 + i * ROW_PITCH;
      let x = 0.09;
      for (const w of label.split(' ')) {
        runs.push(word(w, x, y, 95));
        x += w.length * 0.0072 + 0.006;
      }
      if (value) runs.push(figure(value, 0.93, y, 30));
    });
    return { page: 1, width: 595, height: 842, runs, text: '', imageCoverage: 1, source: 'ocr' };
  }
  const PAYSLIP = (net: string, tax = '1.174,41'): Array<[string, string | null]> => [
    ['Kestrel Software GmbH Payslip', null],
    ['Description Units Rate Amount', null],
    ['Basic salary', '5.801,05'],
    ['Gross pay', '5.801,05 €'],
    ['Description Units Rate Amount', null],
    ['Lohnsteuer', tax],
    ['Sozialversicherung', '593,19'],
    ['Pension (5%)', '290,05'],
    ['Total deductions', '2.057,65 €'],
    ['Net pay', net],
  ];
  const payslipFindings = async (page: PageLayer) => {
    const ctx = contextFromPages([page], { mime: 'image/jpeg', extracted: { ...EXTRACTED, doc_type: 'payslip' }, text: '' });
    return withoutUncertainOcrFindings(await arithmeticErrorDetector.run(ctx), [page]);
  };

  it('reports a net pay that two totals confirmed by their items contradict', async () => {
    // "1.17441": OCR mangled the tax item's marks; its digits still confirm the total.
    const found = await payslipFindings(payslipPage(PAYSLIP('4.442,01 €', '1.17441')));
    expect(found.map((f) => [f.code, f.evidence.expected, f.evidence.crossChecked])).toEqual([['arithmetic_error.payslip_net', '3743.40', true]]);
  });

  it('stays quiet on the genuine payslip, and on a net pay one misread digit off', async () => {
    expect(await payslipFindings(payslipPage(PAYSLIP('3.743,40 €')))).toEqual([]);
    expect(await payslipFindings(payslipPage(PAYSLIP('3.748,40 €')))).toEqual([]);
  });

  it('takes a bare total under the earnings that its items add up to as gross pay (label lost)', async () => {
    const bare = (net: string): Array<[string, string | null]> => {
      const entries = PAYSLIP(net).filter(([l]) => l !== 'Gross pay');
      entries.splice(3, 0, ['Overtime', '100,00'], ['', '5.901,05 €']);
      return entries;
    };
    const found = await payslipFindings(payslipPage(bare('4.542,01 €')));
    expect(found.map((f) => [f.code, f.evidence.expected])).toEqual([['arithmetic_error.payslip_net', '3843.40']]);
    expect(await payslipFindings(payslipPage(bare('3.843,40 €')))).toEqual([]);
    // A bare figure that its items do not add up to is not taken for gross pay.
    const unconfirmed = bare('4.542,01 €').map(([l, v]): [string, string | null] => (l === '' ? [l, '5.999,99 €'] : [l, v]));
    expect(await payslipFindings(payslipPage(unconfirmed))).toEqual([]);
  });

  it('leaves a doubtful net pay to the word-confidence guard when an item is missing', async () => {
    const entries = PAYSLIP('4.442,01 €').filter(([l]) => l !== 'Sozialversicherung');
    expect(await payslipFindings(payslipPage(entries))).toEqual([]);
  });
});
