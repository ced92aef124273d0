import { expect } from 'vitest';
import { spacingBreakDetector } from '../../../../engine/detectors/fonts/spacing-break.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { genuineStatement, pdfkitBytes } from '../../read/pdf/text/fixtures.js';
import { STRENGTH, STRENGTH_CAP } from '../../../../engine/detectors/strengths.js';

const ROW = 6;

/** A report whose page number is letter-spaced ("–14–") in the footer of every page. */
function spacedPageNumbers(pages: number, folio?: (page: number) => string): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    for (let p = 1; p <= pages; p++) {
      if (p > 1) doc.addPage();
      doc.font('Helvetica').fontSize(10);
      for (let i = 0; i < 12; i++) doc.text(`Line ${i + 1} of the report body, set plainly`, 60, 100 + 14 * i, { lineBreak: false });
      doc.text('Annual report', 60, 780, { lineBreak: false });
      doc.text(folio ? folio(p) : `–${10 + p}–`, 290, 780, { lineBreak: false, characterSpacing: 0.8 });
    }
  });
}

/**
 * A form whose filled-in values were appended after its printed text in a font of their own, as
 * Preview leaves a flattened ACORD form: one value fitted to its field by character spacing.
 * `over` draws that value over the printed "Account holder" line instead of beside it.
 */
function filledForm(over = false): Promise<Uint8Array> {
  return genuineStatement({
    extra: (doc) => {
      doc.font('Times-Roman').fontSize(9);
      const y = over ? 96 : 700;
      doc.text('Jesse Bauer', 300, y, { lineBreak: false });
      doc.text('05-21-1994', 400, y, { lineBreak: false });
      doc.text('1124', over ? 60 : 200, y, { lineBreak: false, characterSpacing: -0.6 });
      doc.text('n/a', 480, y, { lineBreak: false });
    },
  });
}

/** A tax form's numbered lines, the line number a show of its own beside the line's text; `tight` is set at -0.7. */
function numberedForm(tight: string): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    doc.font('Helvetica').fontSize(10);
    for (let n = 1; n <= 14; n++) {
      const y = 100 + 20 * n;
      doc.text(String(n), 60, y, { lineBreak: false, ...(String(n) === tight ? { characterSpacing: -0.7 } : {}) });
      doc.text(`Amount from line ${n} of the schedule`, 90, y, { lineBreak: false });
    }
  });
}

testDetector(spacingBreakDetector, {
  valid: [
    { name: 'genuine statement set plainly', input: () => textContext(genuineStatement()) },
    // Idaho's form 39R (InDesign, Adobe PDF Library): line number "11" at -0.70, pending 40 before.
    { name: 'the line number "11" tracked tighter (tabular ones kerned)', input: () => textContext(numberedForm('11')) },
    {
      name: 'a letter-spaced heading (a style, not a figure)',
      input: () =>
        textContext(
          genuineStatement({
            extra: (doc) => {
              doc.font('Helvetica-Bold').fontSize(12).text('ACCOUNT SUMMARY', 300, 100, { characterSpacing: 2 });
            },
          }),
        ),
    },
    {
      // The LaTeX2e logo as dvips and Distiller set it: "X2" kerned apart by Tc in the middle of a
      // plain line (two real TeX manuals raised this). One digit is not a value that was squeezed.
      name: 'a logo whose letter and digit are spaced apart (LaTeX2e)',
      input: () =>
        textContext(
          genuineStatement({
            extra: (doc) => {
              doc.font('Helvetica').fontSize(10).text('Statement typeset with La', 60, 100, { lineBreak: false });
              doc.font('Helvetica').fontSize(10).text('X2', 180, 100, { lineBreak: false, characterSpacing: 3 });
              doc.font('Helvetica').fontSize(10).text('e and sent by post', 205, 100, { lineBreak: false });
            },
          }),
        ),
    },
    {
      // A figure label of a PSTricks manual distilled by Acrobat Distiller: TeX's space round the
      // relation sign was folded into the run's Tc ("=35" in "h = 35 cm", seven times in pst-pulley).
      name: 'a formula cut at its relation sign, the sign and the number spaced by Tc',
      input: () =>
        textContext(
          genuineStatement({
            extra: (doc) => {
              doc.font('Helvetica').fontSize(10).text('Height h', 60, 100, { lineBreak: false });
              doc.font('Helvetica').fontSize(10).text('=35', 104, 100, { lineBreak: false, characterSpacing: 3 });
              doc.font('Helvetica').fontSize(10).text('cm', 140, 100, { lineBreak: false });
            },
          }),
        ),
    },
    {
      // ssm2163.pdf (PdfPig tests): an account number in a comb field, each digit in its own box.
      name: 'figures spread an em or more apart in the boxes of a comb field',
      input: () =>
        textContext(
          genuineStatement({
            extra: (doc) => {
              doc.font('Helvetica').fontSize(10).text('Sort code', 60, 100, { lineBreak: false });
              doc.font('Helvetica').fontSize(10).text('020', 120, 100, { lineBreak: false, characterSpacing: 14 });
            },
          }),
        ),
    },
  ],
  invalid: [
    { name: 'another line number squeezed the same way', input: () => textContext(numberedForm('12')), reasons: ['font_inconsistency.spacing_break'] },
    {
      // acord_130_2017_05_sample.pdf, acord_125_2014_12_sample.pdf (sensible-hq, Preview): "1124"
      // and "11/03/2020" spaced by -0.59 / -0.37 among the filled values, pending 40-45 before.
      name: 'context only: a value of a filled-in form layer fitted to its field',
      input: () => textContext(filledForm()),
      reasons: ['font_inconsistency.spacing_break'],
      check: (findings) => {
        expect(findings).toHaveLength(1);
        expect(findings[0].strength).toBe(STRENGTH_CAP.filledFieldValue);
        expect(findings[0].evidence.filledLayerFont).toBe('Times-Roman');
      },
    },
    {
      name: 'a filled-in value drawn over the printed text still counts',
      input: () => textContext(filledForm(true)),
      reasons: ['font_inconsistency.spacing_break'],
      check: (findings) => expect(findings[0].strength).toBe(STRENGTH['font_inconsistency.spacing_break'].spacing),
    },
    {
      // ssm2163.pdf (PdfPig tests): "–10–", "–11–", ... spaced by 0.48 on every page, pending 40 before.
      name: 'context only: a letter-spaced page number at the same place on every page',
      input: () => textContext(spacedPageNumbers(4)),
      reasons: ['font_inconsistency.spacing_break'],
      check: (findings) => {
        expect(findings).toHaveLength(1);
        expect(findings[0].pages).toEqual([1, 2, 3, 4]);
        expect(findings[0].strength).toBe(STRENGTH_CAP.runningMark);
      },
    },
    {
      name: 'on two pages only, a spaced footer figure that is not the page number is no running element',
      input: () => textContext(spacedPageNumbers(2)),
      reasons: ['font_inconsistency.spacing_break'],
      check: (findings) => {
        expect(findings).toHaveLength(2);
        expect(findings[0].strength).toBe(STRENGTH['font_inconsistency.spacing_break'].spacing);
      },
    },
    {
      // Plaid_sample.pdf (sensible-hq): "3/8", "4/8" spaced by 2.37 in the footer of pages 3 and 4
      // only; ssm2163.pdf (PdfPig): "–11–" on page 11. Pending 40-49 before.
      name: "context only: the page's own number (p/N) letter-spaced in the footer, even on two pages",
      input: () => textContext(spacedPageNumbers(2, (p) => `${p}/2`)),
      reasons: ['font_inconsistency.spacing_break'],
      check: (findings) => {
        expect(findings).toHaveLength(2);
        for (const f of findings) expect(f.strength).toBe(STRENGTH_CAP.runningMark);
      },
    },
    {
      name: 'an amount squeezed with horizontal scaling',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Helvetica', horizontalScaling: 80 } })),
      reasons: ['font_inconsistency.spacing_break'],
      check: (findings) => expect(findings[0].evidence.horizontalScaling).toBeCloseTo(0.8, 2),
    },
    {
      name: 'an amount with its own character spacing',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Helvetica', characterSpacing: -0.8 } })),
      reasons: ['font_inconsistency.spacing_break'],
    },
  ],
});
