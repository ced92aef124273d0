import { expect } from 'vitest';
import { loneFigureFontDetector } from '../../../../engine/detectors/fonts/lone-figure-font.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { genuineStatement } from '../../read/pdf/text/fixtures.js';
import { invoiceWithBoldTotal, scanWithTextLayer } from './more-font-fixtures.js';

testDetector(loneFigureFontDetector, {
  valid: [
    { name: 'genuine statement (Courier only for the account number, not an amount)', input: () => textContext(genuineStatement()) },
    { name: 'genuine statement with embedded fonts', input: () => textContext(genuineStatement({ fonts: 'embedded' })) },
    {
      name: 'a headline total in a display face at twice the table size (styling)',
      input: () => textContext(genuineStatement({ extra: (doc) => void doc.font('Times-Bold').fontSize(20).text('1,234.56', 400, 130) })),
    },
    {
      name: 'a second face drawing words as well as the amount (part of the layout)',
      input: () =>
        textContext(
          genuineStatement({
            extra: (doc) => void doc.font('Times-Roman').fontSize(10).text('Thank you for banking with us', 55, 140).text('12.50', 400, 140),
          }),
        ),
    },
    {
      // llPDFLib and other GDI-based writers name the bold face by its Windows name, `TAHOMA Bold`.
      name: 'the total in the bold of the body face, named with a space (`LiberationSans Bold`)',
      input: () => textContext(invoiceWithBoldTotal('LiberationSans Bold')),
    },
    {
      name: "a recogniser's visible text over a scan, each word in the ink it measured, one amount guessed in another face",
      input: () => textContext(scanWithTextLayer(0, 'measured per word')),
    },
    {
      name: 'the Times family also sets the footer (a face of the layout, not a patch)',
      input: () => textContext(genuineStatement({ oddAmount: { row: 5, font: 'Times-Roman' } })),
    },
  ],
  invalid: [
    {
      name: 'one amount typed in Times over a Helvetica statement',
      input: () => textContext(genuineStatement({ bodyFontEverywhere: true, oddAmount: { row: 5, font: 'Times-Roman' } })),
      reasons: ['font_inconsistency.lone_amount_font'],
      check: (findings) => {
        expect(findings[0].evidence.fonts).toContain('Times-Roman');
        expect(findings[0].evidence.bbox).toBeDefined();
      },
    },
    {
      name: 'one amount in another face over a scan, the text in one ink (typed over the picture)',
      input: () => textContext(scanWithTextLayer(0)),
      reasons: ['font_inconsistency.lone_amount_font'],
    },
    {
      name: 'the total retyped in another family, named with a space (`DejaVuSerif Bold`)',
      input: () => textContext(invoiceWithBoldTotal('DejaVuSerif Bold')),
      reasons: ['font_inconsistency.lone_amount_font'],
      check: (findings) => expect(findings[0].evidence.fonts).toContain('AAAAAB+DejaVuSerif Bold'),
    },
  ],
});

import { describe, it } from 'vitest';
import { isAmount } from '../../../../engine/detectors/fonts/lone-figure-font.js';

describe('isAmount', () => {
  it('reads amounts in several locales and not dates or references', () => {
    for (const a of ['1,234.56', '5 268,20 €', '€12.40', '-45.00', '1.234,56 EUR', '(12.00)']) expect(isAmount(a), a).toBe(true);
    for (const n of ['01.03.2024', 'DE89 3704 0044 0532 0130 00', '12', 'Page 1 of 2', '2024']) expect(isAmount(n), n).toBe(false);
  });
});
