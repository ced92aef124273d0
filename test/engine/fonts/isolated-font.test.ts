import { expect } from 'vitest';
import { isolatedFontDetector } from '../../../engine/fonts/isolated-font.js';
import { testDetector } from '../detector-tester.js';
import { textContext } from '../text/context.js';
import { amountCell, amountText, drawNewAmount, editWithPdfLib, genuineStatement, rgb, StandardFonts } from '../text/fixtures.js';

const ROW = 5;

testDetector(isolatedFontDetector, {
  valid: [
    { name: 'genuine statement: bold header and closing balance, Courier account number, italic footer', input: () => textContext(genuineStatement()) },
    { name: 'genuine statement with embedded fonts', input: () => textContext(genuineStatement({ fonts: 'embedded' })) },
    {
      name: 'a bold amount in the column (a weight variant of the same face)',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Helvetica-Bold' } })),
    },
    {
      name: 'a larger heading with a number, aligned with the table',
      input: () =>
        textContext(
          genuineStatement({
            extra: (doc) => {
              doc.font('Helvetica-Bold').fontSize(16).text('Statement 03/2024', 55, 130);
            },
          }),
        ),
    },
  ],
  invalid: [
    {
      name: 'one amount in Times among Helvetica amounts',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Times-Roman' } })),
      reasons: ['font_inconsistency.isolated_font'],
      check: (findings) => {
        const f = findings.find((x) => x.code === 'font_inconsistency.isolated_font')!;
        expect(f.evidence.fonts).toEqual(['Helvetica', 'Times-Roman']);
        expect((f.evidence.run as { text: string }).text).toBe(amountText(ROW));
        expect(f.strength).toBeGreaterThanOrEqual(0.6);
      },
    },
    {
      name: 'white box and a new amount in a base-14 font over an embedded-font statement',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement({ fonts: 'embedded' }), async (page, doc) => {
            page.drawRectangle({ ...amountCell(ROW), color: rgb(1, 1, 1) });
            await drawNewAmount(page, await doc.embedFont(StandardFonts.Courier), ROW, '-1,250.00');
          }),
        ),
      reasons: ['font_inconsistency.isolated_font'],
    },
    {
      name: 'one amount slightly larger than the column',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Helvetica', size: 10.8 } })),
      reasons: ['font_inconsistency.size_mismatch'],
    },
    {
      name: 'one amount a point off the row baseline',
      input: () => textContext(genuineStatement({ oddAmount: { row: ROW, font: 'Helvetica', dy: -1 } })),
      reasons: ['font_inconsistency.baseline_shift'],
      check: (findings) => expect(Math.abs(findings[0].evidence.shiftPt as number)).toBeCloseTo(1, 1),
    },
  ],
});
