import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { editShownDigit, parseToUnicode } from '../lab/pdf/shown-text.js';
import { makeRealEdit, pdfText, textDiff, toQdf } from '../lab/realedit/make.js';
import { findTargets } from '../lab/realedit/targets.js';
import { docTypeOf } from '../lab/realedit/select.js';
import { has } from '../support/environment.js';

const LIBERATION = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf');

/** A one-page invoice whose figures add up: two lines, a subtotal, tax and the amount due. */
async function invoice(fontOf: (doc: PDFDocument) => Promise<PDFFont>, compress = true): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await fontOf(doc);
  const page = doc.addPage([420, 300]);
  const rows: Array<[string, string]> = [
    ['Consulting', '1,200.00'],
    ['Travel', '34.56'],
    ['Subtotal', '1,234.56'],
    ['VAT 20%', '246.91'],
    ['Amount due', '1,481.47'],
  ];
  rows.forEach(([label, amount], i) => {
    page.drawText(label, { x: 30, y: 250 - i * 20, size: 11, font });
    page.drawText(amount, { x: 380 - font.widthOfTextAtSize(amount, 11), y: 250 - i * 20, size: 11, font });
  });
  return doc.save({ useObjectStreams: compress });
}

function qpdfCheck(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'realedit-test-'));
  writeFileSync(join(dir, 'f.pdf'), bytes);
  return execFileSync('qpdf', ['--check', join(dir, 'f.pdf')], { encoding: 'utf8' });
}

const tools = has('qpdf') && has('pdftotext');

describe('real-layout edit: one digit of the amount due', () => {
  it.skipIf(!tools).each([
    ['a standard font (WinAnsi, literal strings)', (doc: PDFDocument) => doc.embedFont(StandardFonts.Helvetica)],
    ['a subset TrueType font (Type0, Identity-H, ToUnicode inverse)', (doc: PDFDocument) => doc.embedFont(readFileSync(LIBERATION), { subset: true })],
  ])('in %s: exactly one digit changes, the file still parses, the twin is the same route', async (_what, fontOf) => {
    const original = await invoice(fontOf);
    const r = await makeRealEdit(original);
    if (!r.ok) throw new Error(`not editable: ${r.reason} ${r.detail ?? ''}`);
    expect(r.target.label).toBe('amount due');
    expect(r.edit.before).toBe('1,481.47');
    expect(r.edit.after).not.toBe(r.edit.before);
    expect(r.edit.after.length).toBe(r.edit.before.length);
    expect([...r.edit.after].filter((c, i) => c !== r.edit.before[i])).toHaveLength(1);
    // The new digit is one the font already shows (a subset font holds no other glyphs).
    expect('1234567890'.includes(r.edit.after[r.edit.index])).toBe(true);

    const twinText = await pdfText(r.twin, false);
    const editText = await pdfText(r.edited, false);
    const diff = textDiff(twinText, editText)!;
    expect(diff).toHaveLength(1);
    expect(diff[0].was).toBe('1');
    expect(editText).toContain(r.edit.after);
    expect(editText).not.toContain('1,481.47');
    expect(twinText).toContain('1,481.47');
    for (const bytes of [r.twin, r.edited]) {
      expect(qpdfCheck(bytes)).toMatch(/No syntax or stream encoding errors/);
      // Written whole: one revision, no incremental update.
      expect(Buffer.from(bytes).toString('latin1').match(/%%EOF/g)).toHaveLength(1);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    }
  });

  it.skipIf(!tools)('with --figure inner, changes the subtotal the amount due is made of', async () => {
    const r = await makeRealEdit(await invoice((doc) => doc.embedFont(StandardFonts.Helvetica)), 'inner');
    if (!r.ok) throw new Error(`not editable: ${r.reason}`);
    expect([r.target.label, r.edit.before, r.edit.after]).toEqual(['subtotal', '1,234.56', '3,234.56']);
    expect(textDiff(await pdfText(r.twin, false), await pdfText(r.edited, false))).toHaveLength(1);
  });

  it.skipIf(!tools)('ends a figure where its text object ends, not where the next figure begins', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([300, 200]);
    // Two columns drawn one after the other: joined without spaces they read "12.500.00".
    page.drawText('12.50', { x: 20, y: 100, size: 10, font });
    page.drawText('0.00', { x: 80, y: 100, size: 10, font });
    const qdf = await toQdf(await doc.save());
    expect((await editShownDigit(qdf, '12.50'))?.edit).toMatchObject({ before: '12.50', index: 0 });
    expect(await editShownDigit(qdf, '25.00')).toBeNull();
  });

  it.skipIf(!tools)('refuses a document that states no labelled amount', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const page = doc.addPage([300, 200]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('Meeting notes, 12 May: budget review', { x: 20, y: 100, size: 10, font });
    page.drawText('Next meeting on 19 May at 10.30 in room 4', { x: 20, y: 80, size: 10, font });
    expect(await makeRealEdit(await doc.save())).toMatchObject({ ok: false, reason: 'no labelled amount in the text' });
    expect(await makeRealEdit(await (await PDFDocument.create()).addPage([300, 200]).doc.save())).toMatchObject({ ok: false, reason: 'no text layer' });
  });
});

describe('real-layout edit helpers', () => {
  it('prefers the bottom line over subtotal and tax, reading the amount right of its label', () => {
    const text = [
      'Item      2   10.00   20.00',
      'Subtotal            1,234.56',
      'VAT 20%               246.91',
      'Balance due  EUR    1.481,47',
      'Total               1,234.56',
      '\fTotal 3.00',
    ].join('\n');
    const t = findTargets(text);
    expect(t.map((x) => [x.label, x.amount, x.rank])).toEqual([
      ['balance due', '1.481,47', 0],
      ['total', '3.00', 1],
      // The subtotal's figure printed again as a total: kept once, under the better label.
      ['total', '1,234.56', 1],
      ['vat', '246.91', 3],
    ]);
    expect(t[1].page).toBe(1);
  });

  it('reads a ToUnicode map (bfchar and bfrange) for the inverse lookup', () => {
    const map = parseToUnicode('beginbfchar\n<0011> <0030>\nendbfchar\nbeginbfrange\n<0012> <0014> <0031>\n<0020> <0021> [<002C> <002E>]\nendbfrange');
    expect([...map]).toEqual([
      [0x11, '0'],
      [0x12, '1'],
      [0x13, '2'],
      [0x14, '3'],
      [0x20, ','],
      [0x21, '.'],
    ]);
  });

  it('types documents by their note, else by their name', () => {
    expect(docTypeOf('bank', 'x/statement.pdf')).toBe('statement');
    expect(docTypeOf('form', 'Pay Stubs/gusto_sample.pdf')).toBe('payslip');
    expect(docTypeOf('invoice', 'utility bill.pdf')).toBe('bill');
    expect(docTypeOf('report', 'annual report.pdf')).toBeNull();
  });
});
