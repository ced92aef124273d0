import { expect } from 'vitest';
import { duplicateSubsetDetector } from '../../../engine/fonts/duplicate-subset.js';
import { splitSubset } from '../../../engine/pdf/text/fonts.js';
import { testDetector } from '../detector-tester.js';
import { textContext } from '../text/context.js';
import { amountCell, amountText, drawNewAmount, editWithPdfLib, embedLiberation, genuineStatement, LIBERATION, rgb } from '../text/fixtures.js';

const ROW = 4;

testDetector(duplicateSubsetDetector, {
  valid: [
    { name: 'genuine statement with one subset per face', input: () => textContext(genuineStatement({ fonts: 'embedded' })) },
    {
      name: 'a second subset of the body font that only draws symbols the first never draws',
      input: () =>
        textContext(
          genuineStatement({
            fonts: 'embedded',
            extra: (doc) => {
              doc.registerFont('Symbols', LIBERATION);
              doc.font('Symbols').fontSize(10).text('€ • §', 60, 600);
            },
          }),
        ),
    },
  ],
  invalid: [
    {
      name: 'white box and a new amount with a freshly embedded subset (pdf-lib)',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement({ fonts: 'embedded' }), async (page, doc) => {
            page.drawRectangle({ ...amountCell(ROW), color: rgb(1, 1, 1) });
            await drawNewAmount(page, await embedLiberation(doc), ROW, '-1,250.00');
          }),
        ),
      reasons: ['font_inconsistency.duplicate_subset'],
      check: (findings) => {
        const f = findings[0];
        expect(f.strength).toBeGreaterThanOrEqual(0.6);
        expect(f.evidence.fonts).toHaveLength(2);
        expect(new Set((f.evidence.fonts as string[]).map((n) => splitSubset(n).baseName))).toEqual(new Set(['LiberationSans']));
        expect(JSON.stringify(f.evidence.runs)).toContain('-1,250.00');
        expect(JSON.stringify(f.evidence.runs)).not.toContain(amountText(ROW + 1));
      },
    },
  ],
});
