/**
 * End to end through `analyze`: PDFs drawn with pdfkit (real fonts, real text layer via pdf.js),
 * a clean statement and one with a single balance edited.
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../engine/analyze.js';

interface Tx {
  date: string;
  desc: string;
  out?: number;
  in?: number;
}

function fmt(v: number): string {
  return v.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

async function statementPdf(editRow: number | null): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Producer: 'Core Banking Print 4.2', CreationDate: new Date('2025-04-01T08:00:00Z') } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font('Helvetica-Bold').fontSize(16).text('Northgate Bank plc', 40, 40);
  doc.font('Helvetica').fontSize(9);
  doc.text('Statement date: 31 March 2025', 380, 44);
  doc.text('Mr Jonathan Reed', 40, 100).text('18 Harbour Lane', 40, 112).text('Plymouth PL1 2AB', 40, 124);
  doc.text('Sort code: 20-45-77', 380, 100).text('Account number: 43127788', 380, 112);
  doc.text('Statement period: 1 March 2025 to 31 March 2025', 40, 160);
  const cols = { date: 40, desc: 110, out: 300, in: 380, bal: 460 };
  const y0 = 190;
  const head = (label: string, x: number) => doc.text(label, x, y0, { width: 70, align: 'right' });
  doc.text('Date', cols.date, y0).text('Description', cols.desc, y0);
  head('Paid out', cols.out);
  head('Paid in', cols.in);
  head('Balance', cols.bal);
  const txs: Tx[] = [
    { date: '03 Mar', desc: 'CARD PAYMENT TESCO', out: 54.2 },
    { date: '05 Mar', desc: 'SALARY MERIDIAN LTD', in: 2150 },
    { date: '07 Mar', desc: 'DIRECT DEBIT COUNCIL TAX', out: 142 },
    { date: '12 Mar', desc: 'CARD PAYMENT SHELL', out: 61.35 },
    { date: '18 Mar', desc: 'TRANSFER TO SAVINGS', out: 300 },
    { date: '25 Mar', desc: 'CARD PAYMENT AMAZON', out: 23.99 },
  ];
  let balance = 812.4;
  let y = y0 + 16;
  doc.text('01 Mar', cols.date, y).text('Balance brought forward', cols.desc, y).text(fmt(balance), cols.bal, y, { width: 70, align: 'right' });
  txs.forEach((t, i) => {
    y += 14;
    balance = Math.round((balance + (t.in ?? 0) - (t.out ?? 0)) * 100) / 100;
    doc.text(t.date, cols.date, y).text(t.desc, cols.desc, y);
    if (t.out) doc.text(fmt(t.out), cols.out, y, { width: 70, align: 'right' });
    if (t.in) doc.text(fmt(t.in), cols.in, y, { width: 70, align: 'right' });
    doc.text(fmt(i === editRow ? balance + 200 : balance), cols.bal, y, { width: 70, align: 'right' });
  });
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

describe('content detectors through analyze', () => {
  it('extracts the statement fields and stays quiet on a consistent statement', async () => {
    const a = await analyze(await statementPdf(null), { now: '2025-04-02T00:00:00Z' });
    expect(a.extracted).toMatchObject({
      doc_type: 'bank_statement',
      issuer: 'Northgate Bank plc',
      name: 'Jonathan Reed',
      address: '18 Harbour Lane, Plymouth PL1 2AB',
      document_date: '2025-03-31',
      account_number: '43127788',
    });
    expect(a.findings.filter((f) => f.flag === 'arithmetic_error' || f.flag === 'content_inconsistency' || f.flag === 'identifier_invalid')).toEqual([]);
    // Its balances were read and checked: nothing is said to be unchecked.
    expect(a.incomplete).toEqual([]);
  });

  it('points at the edited balance with a box on the page', async () => {
    const a = await analyze(await statementPdf(3), { now: '2025-04-02T00:00:00Z' });
    const f = a.findings.find((x) => x.code === 'arithmetic_error.running_balance');
    expect(f, JSON.stringify(a.findings.map((x) => x.code))).toBeDefined();
    expect(f!.strength).toBeGreaterThanOrEqual(0.85);
    expect(String(f!.evidence.text)).toContain('SHELL');
    const [x0, y0, x1, y1] = f!.evidence.bbox!;
    expect(x0).toBeGreaterThanOrEqual(0);
    expect(x1).toBeLessThanOrEqual(1);
    expect(y0).toBeGreaterThan(0.2);
    expect(y1).toBeLessThan(0.5);
  });
});
