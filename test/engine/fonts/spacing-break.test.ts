import { expect } from 'vitest';
import { spacingBreakDetector } from '../../../engine/fonts/spacing-break.js';
import { testDetector } from '../detector-tester.js';
import { textContext } from '../text/context.js';
import { genuineStatement } from '../text/fixtures.js';

const ROW = 6;

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
  ],
  invalid: [
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
