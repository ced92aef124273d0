/**
 * OCR end to end through `analyze`: a statement picture (PNG, JPEG, and a scanned PDF page) is
 * read, its fields extracted, and a changed balance caught by the arithmetic check while the
 * genuine picture stays quiet. Few cases on purpose: each recognition takes a second or two.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { analyze } from '../../../../engine/analyze.js';
import { terminateOcr } from '../../../../engine/read/ocr/index.js';
import { changeBalance, statementImage } from './statement-image.js';

const TIMEOUT = 60_000;

async function scannedPdf(jpeg: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const img = await doc.embedJpg(jpeg);
  const page = doc.addPage([595, 365]);
  page.drawImage(img, { x: 0, y: 0, width: 595, height: 365 });
  return new Uint8Array(await doc.save());
}

afterAll(() => terminateOcr());

describe('OCR of a statement image', () => {
  it(
    'reads issuer, currency, account and the transaction table from a PNG, and finds nothing wrong',
    async () => {
      const a = await analyze(await statementImage());
      expect(a.extracted).toMatchObject({ doc_type: 'bank_statement', issuer: 'Northbank plc', currency: 'GBP', account_number: '12345678' });
      expect(a.text).toContain('Statement of account');
      for (const figure of ['1,250.00', '45.20', '2,100.00', '2,330.81', '2,318.31']) expect(a.text).toContain(figure);
      expect(a.timings['fact:pages']).toBeGreaterThan(0);
      expect(a.findings.filter((f) => f.flag === 'arithmetic_error' || f.flag === 'font_inconsistency')).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'catches a balance changed in a JPEG and points at its row',
    async () => {
      const a = await analyze(await statementImage(changeBalance(3, '2,854.80'), 'jpeg'));
      const hits = a.findings.filter((f) => f.code === 'arithmetic_error.running_balance');
      expect(hits.length).toBeGreaterThan(0);
      const first = hits.sort((x, y) => y.strength - x.strength)[0];
      expect(first.strength).toBeGreaterThanOrEqual(0.85);
      expect(first.summary).toContain('2854.80');
      // The 4th transaction row is drawn at y = 300 + 3 * 44 = 432 of 760 px.
      const [, y0, , y1] = first.evidence.bbox!;
      expect(y0).toBeLessThan(432 / 760);
      expect(y1).toBeGreaterThan(420 / 760);
    },
    TIMEOUT,
  );
});

describe('OCR of a scanned PDF', () => {
  it(
    'reads the scanned page and catches the changed balance; nothing is read with OCR off',
    async () => {
      const pdf = await scannedPdf(await statementImage(changeBalance(3, '2,854.80'), 'jpeg'));
      const off = await analyze(pdf, { ocr: false });
      expect(off.document.format).toBe('scanned_pdf');
      expect(off.text.trim()).toBe('');
      expect(off.findings.filter((f) => f.flag === 'arithmetic_error')).toEqual([]);

      const on = await analyze(pdf);
      expect(on.document.format).toBe('scanned_pdf');
      expect(on.extracted.issuer).toBe('Northbank plc');
      expect(on.findings.some((f) => f.code === 'arithmetic_error.running_balance' && f.pages[0] === 1)).toBe(true);
      // Runs read by OCR have no real fonts: the font checks must not read them as a foreign font.
      expect(on.findings.filter((f) => f.flag === 'font_inconsistency')).toEqual([]);
    },
    TIMEOUT,
  );
});
