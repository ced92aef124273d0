import { expect } from 'vitest';
import { PDFName } from 'pdf-lib';
import { foreignFontDetector } from '../../../../engine/detectors/fonts/foreign-font.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { amountInType3, dvipsPaper } from './more-font-fixtures.js';
import { amountCell, drawNewAmount, editWithPdfLib, genuineStatement, rawText, rgb, StandardFonts } from '../../read/pdf/text/fixtures.js';

const ROW = 2;

testDetector(foreignFontDetector, {
  valid: [
    { name: 'genuine statement in base-14 fonts (nothing embedded)', input: () => textContext(genuineStatement()) },
    { name: 'genuine statement with embedded body fonts and base-14 small print', input: () => textContext(genuineStatement({ fonts: 'embedded' })) },
    { name: 'genuine statement with embedded fonts only', input: () => textContext(genuineStatement({ fonts: 'embedded', bodyFontEverywhere: true })) },
    { name: "a TeX paper through dvips and Ghostscript: title and copyright line in the printer's resident fonts", input: () => dvipsPaper() },
  ],
  invalid: [
    {
      name: 'the same paper with a figure added in Helvetica in a later update',
      input: () => dvipsPaper(true),
      reasons: ['font_inconsistency.unembedded_minority'],
      check: (findings) => expect(JSON.stringify(findings.map((f) => f.evidence.runs))).toContain('1,250.00'),
    },
    {
      name: 'an amount retyped in a Type3 font in an all-embedded document',
      input: async () => textContext(amountInType3()),
      reasons: ['font_inconsistency.type3_minority'],
      check: (findings) => expect(JSON.stringify(findings[0].evidence.runs)).toContain('250'),
    },
    {
      name: 'an amount retyped with the non-embedded system copy of the embedded body font',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement({ fonts: 'embedded', bodyFontEverywhere: true }), async (page, doc) => {
            page.drawRectangle({ ...amountCell(ROW), color: rgb(1, 1, 1) });
            // A TrueType font dictionary with no font file: viewers use the machine's copy.
            const helv = await doc.embedFont(StandardFonts.Helvetica);
            const dict = doc.context.obj({
              Type: 'Font',
              Subtype: 'TrueType',
              BaseFont: 'LiberationSans',
              Encoding: 'WinAnsiEncoding',
              FirstChar: 32,
              LastChar: 126,
              Widths: Array.from({ length: 95 }, (_, i) => helv.widthOfTextAtSize(String.fromCharCode(32 + i), 1000)),
            });
            const key = page.node.newFontDictionary('LiberationSans', doc.context.register(dict));
            rawText(page, { key: PDFName.of(key.asString().slice(1)), font: helv }, [{ x: 402, y: amountCell(ROW).y + 3, text: '-1,250.00' }]);
          }),
        ),
      reasons: ['font_inconsistency.embedded_and_not'],
      check: (findings) => expect(JSON.stringify(findings[0].evidence.runs)).toContain('-1,250.00'),
    },
    {
      name: 'an amount retyped in a non-embedded base-14 font in an all-embedded document',
      input: async () =>
        textContext(
          editWithPdfLib(await genuineStatement({ fonts: 'embedded', bodyFontEverywhere: true }), async (page, doc) => {
            page.drawRectangle({ ...amountCell(ROW), color: rgb(1, 1, 1) });
            await drawNewAmount(page, await doc.embedFont(StandardFonts.Helvetica), ROW, '-1,250.00');
          }),
        ),
      reasons: ['font_inconsistency.unembedded_minority'],
    },
  ],
});
