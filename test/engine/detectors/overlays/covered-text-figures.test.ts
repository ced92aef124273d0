/**
 * Covered text in figures, kept apart from covered-text.test.ts (the cover-up cases): a figure's
 * white background over text with the figure's own labels on it is drawing, not a retype.
 */
import { expect } from 'vitest';
import { coveredTextDetector } from '../../../../engine/detectors/overlays/covered-text.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { grayPng, pdfkitBytes } from '../../read/pdf/text/fixtures.js';

/**
 * A psfrag example page (dvips + Ghostscript): the text "Fond" under a figure's white
 * background, the figure's tick labels drawn on it at a quarter of that size, one of them
 * starting where "Fond" started.
 */
async function tickLabelsOnFigureBackground(tickSize: number, backgroundFirst = false): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      if (backgroundFirst) doc.rect(180, 250, 120, 90).fill('#ffffff');
      doc.font('Times-Roman').fontSize(10).fillColor('#000000').text('Fond', 200, 300, { lineBreak: false });
      if (!backgroundFirst) doc.rect(180, 250, 120, 90).fill('#ffffff');
      doc.font('Times-Roman').fontSize(tickSize).fillColor('#000000');
      ['-1', '0', '1', '2'].forEach((l, i) => doc.text(l, 200 + 20 * i, 300 + 10 - tickSize, { lineBreak: false }));
    },
    { info: { Producer: 'AFPL Ghostscript 8.0', Creator: 'dvips(k) 5.90a' } },
  );
}

/**
 * A figure with a translucent arrow, flattened by Ghostscript (hypdvips.pdf): a picture with a
 * label on it, then the arrow's colour filled into a box clipped to the arrow's curved outline,
 * which passes below the label. With `clip: false` the same box is filled unclipped over it.
 */
async function flattenedArrow(clip: boolean): Promise<Uint8Array> {
  const picture = await grayPng(60, 60, 200);
  return pdfkitBytes((doc) => {
    doc.image(Buffer.from(picture), 120, 220, { width: 240, height: 180 });
    doc.font('Times-Roman').fontSize(8).fillColor('#2c2e35').text('Embedded file (ID=1)', 200, 300, { lineBreak: false });
    doc.save();
    if (clip) doc.path('M 150 250 C 150 380 250 380 330 360 L 330 350 C 260 365 165 360 165 250 Z').clip();
    doc.rect(150, 250, 180, 130).fill('#ffee64').restore();
  });
}

testDetector(coveredTextDetector, {
  valid: [
    { name: 'a translucent arrow flattened into a box clipped to its curve, passing below a label', input: () => textContext(flattenedArrow(true)) },
    { name: 'the figure background drawn before the text and its labels', input: () => textContext(tickLabelsOnFigureBackground(2.5, true)) },
  ],
  invalid: [
    {
      name: 'the same coloured box unclipped over the label on the picture',
      input: () => textContext(flattenedArrow(false)),
      reasons: ['hidden_content.covered_text'],
    },
    {
      // The text is still hidden under the box (true), but nothing is written in its place.
      name: 'tick labels a quarter the size of the text under the figure background: hidden text, no retype',
      input: () => textContext(tickLabelsOnFigureBackground(2.5)),
      reasons: ['hidden_content.covered_text'],
      check: (findings) => expect(findings.every((f) => f.code !== 'hidden_content.covered_text_replaced')).toBe(true),
    },
    {
      name: 'a value of the covered text size typed where it started: a retype',
      input: () => textContext(tickLabelsOnFigureBackground(10)),
      reasons: ['hidden_content.covered_text_replaced'],
    },
  ],
});
