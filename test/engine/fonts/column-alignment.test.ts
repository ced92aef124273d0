import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { columnAlignmentDetector } from '../../../engine/fonts/column-alignment.js';
import { testDetector } from '../detector-tester.js';
import { textContext } from '../text/context.js';
import { genuineStatement, pdfkitBytes } from '../text/fixtures.js';

const ROW = 5;

const AMOUNTS = ['-12.50', '-1,204.00', '-88.10', '-7.35', '-310.00', '-45.60', '-2,150.99', '-9.99'];

/**
 * A statement-like table whose amounts (of several widths) are set flush right by the producer;
 * `retyped` replaces one value in place, starting where the old one started, as an editor does.
 */
function amountTable(retyped?: { row: number; text: string }): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    AMOUNTS.forEach((v, i) => {
      const y = 120 + i * 18;
      doc.font('Helvetica').fontSize(10).text(`0${i + 1}.03.2024`, 55, y, { lineBreak: false });
      doc.text(`Card payment SHOP ${i + 1}`, 130, y, { lineBreak: false });
      const left = 445 - doc.widthOfString(v);
      if (retyped?.row === i) doc.text(retyped.text, left, y, { lineBreak: false });
      else doc.text(v, left, y, { lineBreak: false });
      const bal = (5000 - i * 611.37).toFixed(2);
      doc.font('Helvetica').text(bal, 540 - doc.widthOfString(bal), y, { lineBreak: false });
    });
  });
}

/**
 * Laundered through PostScript and distilled again (Ghostscript ps2write, then pdfwrite), as
 * print-to-PostScript workflows and ps2pdf do: fonts are re-embedded and shows rewritten, but
 * positions are carried over, so an in-place edit still ends off its column.
 */
async function redistilled(bytes: Promise<Uint8Array>): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'veracity-redistil-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), await bytes);
    const gs = (device: string, out: string, input: string) => execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', `-sDEVICE=${device}`, `-sOutputFile=${join(dir, out)}`, join(dir, input)]);
    gs('ps2write', 'mid.ps', 'in.pdf');
    gs('pdfwrite', 'out.pdf', 'mid.ps');
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A right-aligned column whose values carry a trailing marker or a footnote after some of them. */
function markedColumn(): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    doc.font('Helvetica').fontSize(10);
    const values = ['12.50', '1,204.00', '88.10', '7.35', '310.00', '45.60'];
    values.forEach((v, i) => {
      const y = 100 + i * 16;
      doc.text(`Item ${i + 1}`, 60, y);
      const w = doc.widthOfString(v);
      // Every third value is set with "CR" after it; the pair ends on the column edge.
      if (i % 3 === 1) {
        const cr = doc.widthOfString(' CR');
        doc.text(v, 400 - w - cr, y, { lineBreak: false });
        doc.text('CR', 400 - doc.widthOfString('CR'), y, { lineBreak: false });
      } else {
        doc.text(v, 400 - w, y, { lineBreak: false });
      }
    });
  });
}

/** Decimal-aligned figures (decimal tab, TeX dcolumn): right edges differ with the decimals. */
function decimalAligned(): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    doc.font('Helvetica').fontSize(10);
    const values = ['12.50', '1,204.00', '88.10', '7.3', '310.00', '45.60'];
    values.forEach((v, i) => {
      const y = 100 + i * 16;
      const [int] = v.split('.');
      doc.text(`Rate ${i + 1}`, 60, y);
      doc.text(v, 400 - doc.widthOfString(int), y, { lineBreak: false });
    });
  });
}

testDetector(columnAlignmentDetector, {
  valid: [
    { name: 'genuine statement: every amount and balance ends on its column edge', input: () => textContext(genuineStatement()) },
    { name: 'genuine statement with embedded fonts', input: () => textContext(genuineStatement({ fonts: 'embedded' })) },
    { name: 'a bold amount in the column, still flush right', input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Helvetica-Bold' } })) },
    { name: 'a table of amounts of several widths, all flush right', input: () => textContext(amountTable()) },
    { name: 'the same table re-distilled through PostScript', needs: ['gs'], input: () => textContext(redistilled(amountTable())) },
    { name: 'values followed by a "CR" marker: the pair ends on the edge', input: () => textContext(markedColumn()) },
    { name: 'a decimal-aligned column with one value of one decimal', input: () => textContext(decimalAligned()) },
  ],
  invalid: [
    {
      name: 'one amount retyped in place, longer than the old one',
      input: () => textContext(amountTable({ row: ROW, text: '-1,045.60' })),
      reasons: ['font_inconsistency.column_misaligned'],
      check: (findings) => {
        expect(findings).toHaveLength(1);
        expect((findings[0].evidence.run as { text: string }).text).toBe('-1,045.60');
        expect(findings[0].evidence.offPt as number).toBeGreaterThan(10);
      },
    },
    {
      name: 'an amount retyped in place, then laundered through PostScript and re-distilled',
      needs: ['gs'],
      input: () => textContext(redistilled(amountTable({ row: ROW, text: '-1,045.60' }))),
      reasons: ['font_inconsistency.column_misaligned'],
    },
    {
      name: 'one amount retyped in place, one digit shorter',
      input: () => textContext(amountTable({ row: ROW, text: '-5.60' })),
      reasons: ['font_inconsistency.column_misaligned'],
    },
  ],
});
