import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { columnAlignmentDetector } from '../../../../engine/detectors/fonts/column-alignment.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { genuineStatement, pdfkitBytes } from '../../read/pdf/text/fixtures.js';

const ROW = 5;

const AMOUNTS = ['-12.50', '-1,204.00', '-88.10', '-7.35', '-310.00', '-45.60', '-2,150.99', '-9.99'];

/**
 * A statement-like table whose amounts (of several widths) are set flush right by the producer;
 * `retyped` replaces one value in place, starting where the old one started, as an editor does.
 */
function amountTable(retyped?: { row: number; text: string }, scale = 1): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    if (scale !== 1) doc.scale(scale);
    AMOUNTS.forEach((v, i) => {
      const y = 120 + i * 18;
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(`0${i + 1}.03.2024`, 55, y, { lineBreak: false });
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
    const gs = (device: string, out: string, input: string) =>
      execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', `-sDEVICE=${device}`, `-sOutputFile=${join(dir, out)}`, join(dir, input)]);
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

/**
 * A table of contents (thmtools manual, pdfTeX): page numbers flush right at the measure, and
 * one entry whose title is too long for its line, so TeX sets the line overfull and its page
 * number a word space after the title, past the measure.
 */
function contents(gap = 3.5): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      doc.font('Times-Roman').fontSize(10.5);
      const entries: Array<[string, string]> = [
        ['1.3 Styling theorems', '4'],
        ['1.4 Repeating theorems', '6'],
        ['1.5 Lists of theorems', '7'],
        ['2.2 Case in point: the shaded key', '10'],
        ['2.3 Case in point: the thmbox key', '12'],
        ['3 Thmtools for the completionist', '13'],
        ['3.1 Known keys to \\declaretheoremstylekeys', '13'],
        ['3.2 Known keys to \\declaretheorem', '14'],
        ['3.3 Known keys to in-document theorems', '15'],
        ['3.4 Known keys to \\listoftheorems', '15'],
      ];
      entries.forEach(([title, pageNo], i) => {
        const y = 400 + 13.5 * i;
        // A command name in the title is set in the typewriter face (a run of its own).
        const [words, command] = title.split('\\');
        doc.font('Times-Roman').text(words, 60, y, { lineBreak: false });
        let end = 60 + doc.widthOfString(words);
        if (command) {
          doc.font('Courier').text(`\\${command}`, end, y, { lineBreak: false });
          end += doc.widthOfString(`\\${command}`);
          doc.font('Times-Roman');
        }
        const x = Math.max(300 - doc.widthOfString(pageNo), end + gap);
        doc.text(pageNo, x, y, { lineBreak: false });
      });
    },
    { info: { Producer: 'pdfTeX-1.40.24', Creator: 'LaTeX with hyperref' } },
  );
}

/**
 * A function plot's axes (xpicture, pdfTeX): the y axis's labels flush right against it, and
 * the x axis's labels centred under their ticks along one line, crossing that column; the
 * label left of the origin ends where its step puts it, not on the column's edge.
 */
function crossingAxes(): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      doc.font('Times-Roman').fontSize(9);
      ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1'].forEach((l, i) => doc.text(l, 300 - doc.widthOfString(l), 244 + 14 * i, { lineBreak: false }));
      ['-1', '-2', '-3', '-4'].forEach((l, i) => doc.text(l, 300 - doc.widthOfString(l), 398 + 14 * i, { lineBreak: false }));
      // Centred under ticks 14.2 pt apart: the label left of the origin ends 3 pt short of the column's edge.
      for (let v = -5; v <= 5; v++) {
        if (v === 0) continue;
        const l = String(v);
        const centre = v < 0 ? 297 + 14.2 * (v + 1) - doc.widthOfString('-1') / 2 : 306 + 14.2 * v;
        doc.text(l, centre - doc.widthOfString(l) / 2, 386, { lineBreak: false });
      }
    },
    { info: { Producer: 'pdfTeX-1.40.24', Creator: 'TeX' } },
  );
}

/** A twelve-month table with evenly spaced columns, one value of a month retyped in place, longer. */
function monthTable(retyped: boolean): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    doc.font('Helvetica').fontSize(7);
    const rows = ['Sales', 'Costs', 'Wages', 'Rent', 'Other', 'Net'];
    rows.forEach((label, r) => {
      const y = 200 + 12 * r;
      doc.text(label, 40, y, { lineBreak: false });
      for (let m = 0; m < 12; m++) {
        let v = String((r + 1) * (m + 1) * 97 + m);
        const right = 80 + 40 * (m + 1);
        const left = right - doc.widthOfString(v);
        if (retyped && r === 2 && m === 5) v = '12' + v;
        doc.text(v, left, y, { lineBreak: false });
      }
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
    // thmtools-manual.pdf p. 1 (texlive-latex-extra-doc), pending 40 before.
    { name: 'a table of contents with an overfull line: its page number a word space after the title, past the measure', input: () => textContext(contents()) },
    // makecell-rus.pdf: the number sits at the right of the box LaTeX reserves for it
    // (\@pnumwidth), so the box's spare room adds to the word space: 0.62 em there.
    {
      name: 'the same overfull line with the page number right-aligned in its reserved box (0.62 em after the title)',
      input: () => textContext(contents(6.5)),
    },
    // xpicture-doc.pdf p. 40 (texlive-pictures-doc), pending 40 before.
    { name: "an axis's centred labels crossing the other axis's flush-right column", input: () => textContext(crossingAxes()) },
    { name: 'a twelve-month table with evenly spaced columns', input: () => textContext(monthTable(false)) },
    // featpost's Exemplifier.pdf p. 100 (texlive-metapost-doc): a 3-D drawing's point labels set
    // at 0.93 pt, ending within a point of each other. Text nobody can read on paper holds no value.
    { name: 'the same retyped table scaled into a drawing, its text under 1 pt', input: () => textContext(amountTable({ row: ROW, text: '-1,045.60' }, 0.09)) },
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
      // Its row steps evenly, but the retyped value ends off the row's step as much as off its column.
      name: 'a value of a twelve-month table retyped in place, longer, its row evenly spaced',
      input: () => textContext(monthTable(true)),
      reasons: ['font_inconsistency.column_misaligned'],
    },
    {
      name: 'one amount retyped in place, one digit shorter',
      input: () => textContext(amountTable({ row: ROW, text: '-5.60' })),
      reasons: ['font_inconsistency.column_misaligned'],
    },
  ],
});
