import { expect } from 'vitest';
import { spacingBreakDetector } from '../../../../engine/detectors/fonts/spacing-break.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { genuineStatement, pdfkitBytes } from '../../read/pdf/text/fixtures.js';
import { STRENGTH_CAP } from '../../../../engine/detectors/strengths.js';

const ROW = 6;

/** A report whose page number is letter-spaced ("–14–") in the footer of every page. */
function spacedPageNumbers(pages: number): Promise<Uint8Array> {
  return pdfkitBytes((doc) => {
    for (let p = 1; p <= pages; p++) {
      if (p > 1) doc.addPage();
      doc.font('Helvetica').fontSize(10);
      for (let i = 0; i < 12; i++) doc.text(`Line ${i + 1} of the report body, set plainly`, 60, 100 + 14 * i, { lineBreak: false });
      doc.text('Annual report', 60, 780, { lineBreak: false });
      doc.text(`–${10 + p}–`, 290, 780, { lineBreak: false, characterSpacing: 0.8 });
    }
  });
}

testDetector(spacingBreakDetector, {
  valid: [
    { name: 'genuine statement set plainly', input: () => textContext(genuineStatement()) },
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
      name: 'on two pages only it is no running element',
      input: () => textContext(spacedPageNumbers(2)),
      reasons: ['font_inconsistency.spacing_break'],
      check: (findings) => expect(findings).toHaveLength(2),
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
