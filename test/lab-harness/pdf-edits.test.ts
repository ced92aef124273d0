import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { replaceShownDigits, swapDigitInQdf } from '../lab/pdf/content-patch.js';
import { appendIncrementalUpdate, lastStartxref, loadForIncrementalEdit } from '../lab/pdf/incremental.js';
import { has } from '../support/environment.js';

async function simplePdf(objectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText('Total 1,234.56', { x: 20, y: 100, size: 12, font });
  doc.setProducer('Issuer System');
  return doc.save({ useObjectStreams: objectStreams });
}

function qpdfCheck(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'lab-test-'));
  writeFileSync(join(dir, 'f.pdf'), bytes);
  return execFileSync('qpdf', ['--check', join(dir, 'f.pdf')], { encoding: 'utf8' });
}

describe('incremental update writer', () => {
  it.skipIf(!has('qpdf')).each([false, true])('appends a valid update after the original bytes (object streams: %s)', async (objectStreams) => {
    const base = await simplePdf(objectStreams);
    const doc = await loadForIncrementalEdit(base);
    doc.setProducer('Some Editor 1.0');
    doc.getPage(0).drawText('X', { x: 5, y: 5, size: 8 });
    const { bytes, written } = await appendIncrementalUpdate(base, doc);
    expect(Buffer.from(bytes.subarray(0, base.length)).equals(Buffer.from(base))).toBe(true);
    expect(lastStartxref(bytes)).toBeGreaterThan(base.length);
    expect(Buffer.from(bytes).toString('latin1').match(/%%EOF/g)!.length).toBe(2);
    expect(written.length).toBeGreaterThan(1);
    expect(qpdfCheck(bytes)).toMatch(/No syntax or stream encoding errors/);
    const reread = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(reread.getProducer()).toBe('Some Editor 1.0');
  });

  it('refuses an edit that changed nothing', async () => {
    const base = await simplePdf(false);
    await expect(appendIncrementalUpdate(base, await loadForIncrementalEdit(base))).rejects.toThrow(/changed nothing/);
  });
});

describe('content-stream digit swap', () => {
  const stream = (body: string) => new Uint8Array(Buffer.from(`%QDF-1.0\n1 0 obj\n<< /Length 99 >>\nstream\nBT\n${body}\nET\nendstream\nendobj\n`, 'latin1'));

  it('changes one digit of the shown value, across kerning splits, keeping the length', () => {
    const src = stream('[(Balance ) -20 (1,2) 15 (34.56)] TJ\n(1,234.56) Tj');
    const out = swapDigitInQdf(src, '1,234.56')!;
    expect(out.swap.before).toBe('1,234.56');
    expect(out.swap.after).toBe('3,234.56');
    expect(out.bytes.length).toBe(src.length);
    const text = Buffer.from(out.bytes).toString('latin1');
    expect(text).toContain('(3,2) 15 (34.56)');
    expect(text).toContain('\n(1,234.56) Tj');
  });

  it('decodes the WinAnsi euro, raw or escaped', () => {
    expect(swapDigitInQdf(stream('(4.404,82 \\200) Tj'), '4.404,82 €')!.swap.after).toBe('6.404,82 €');
    expect(swapDigitInQdf(stream('(4.404,82 \x80) Tj'), '4.404,82 €')!.swap.after).toBe('6.404,82 €');
  });

  it('reads escapes and leaves unknown text alone', () => {
    expect(swapDigitInQdf(stream('(Paid \\(net\\) 9.10) Tj'), '9.10')!.swap.after).toBe('8.10');
    expect(swapDigitInQdf(stream('(Total 1,234.56) Tj'), '7,777.00')).toBeNull();
  });

  it('shows a chosen figure in place of another, digits only, across kerning splits', () => {
    const src = stream('[(Net ) -20 (3,4) 15 (49.41)] TJ\n(\\243155.00) Tj');
    const text = Buffer.from(replaceShownDigits(src, '3,449.41', '5,449.47')!).toString('latin1');
    expect(text).toContain('(5,4) 15 (49.47)');
    expect(Buffer.from(replaceShownDigits(src, '£155.00', '£655.00')!).toString('latin1')).toContain('(\\243655.00) Tj');
    expect(replaceShownDigits(src, '3,449.41', '3.449,41')).toBeNull();
    expect(replaceShownDigits(src, '3,449.41', '13,449.41')).toBeNull();
    expect(replaceShownDigits(src, '9,999.99', '8,999.99')).toBeNull();
  });
});
