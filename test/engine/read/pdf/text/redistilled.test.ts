/**
 * What a PostScript driver and a re-distil do to the text layer, built by code: a whole table
 * row written as one show with the columns set apart by displacements (pdftops > ps2pdf), and
 * fonts whose text comes back as glyph numbers (Type 42 without a character map).
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { coveredTextDetector } from '../../../../../engine/detectors/overlays/covered-text.js';
import { glyphOrderFonts, repairItems, shiftGlyphText } from '../../../../../engine/read/pdf/text/glyph-order.js';
import { loadPdfText } from '../../../../../engine/read/pdf/text/index.js';
import { testDetector } from '../../../detector-tester.js';

const ROW_Y = 500;
const LEFT = 300;
/** "Net pay" is 3,446/1000 em in Helvetica; at 9 pt, plus a 9 em column gap, the figure starts here. */
const FIGURE_X = LEFT + (3446 * 9) / 1000 + 81;
const FIGURE_W = (3892 * 9) / 1000;

/** A summary row the way a re-distiller writes it: label and figure in one TJ, the gap a displacement. */
async function redistilledRow(edit: 'none' | 'cover' | 'cover_retype'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const key = page.node.newFontDictionary('Helvetica', font.ref).asString();
  const lines = [
    `BT ${key} 9 Tf ${LEFT} ${ROW_Y + 14} Td [(Gross pay) -8000 (3,350.88)] TJ ET`,
    `BT ${key} 9 Tf ${LEFT} ${ROW_Y} Td [(Net pay) -9000 (2,088.82)] TJ ET`,
    `BT ${key} 9 Tf ${LEFT} ${ROW_Y - 14} Td [(Paid) -250 (by) -250 (bank) -250 (transfer)] TJ ET`,
  ];
  if (edit !== 'none') lines.push(`q 1 1 1 rg ${FIGURE_X - 2} ${ROW_Y - 3} ${FIGURE_W + 4} 12 re f Q`);
  if (edit === 'cover_retype') lines.push(`BT ${key} 7 Tf ${FIGURE_X + 6} ${ROW_Y} Td (2,678.94) Tj ET`);
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(lines.join('\n'))));
  return doc.save({ useObjectStreams: false });
}

describe('text shows split at column gaps', () => {
  it('records a row written as one show as one paint entry per cell, words kept together', async () => {
    const { pages } = await loadPdfText(await redistilledRow('none'), { maxPages: 1 });
    const texts = (pages[0].paint ?? []).filter((p) => p.kind === 'text').map((p) => (p.kind === 'text' ? p.text : ''));
    expect(texts).toEqual(['Gross pay', '3,350.88', 'Net pay', '2,088.82', 'Paid by bank transfer']);
    const figure = (pages[0].paint ?? []).find((p) => p.kind === 'text' && p.text === '2,088.82')!;
    expect(figure.bbox[0]).toBeCloseTo(FIGURE_X / 595, 2);
  });
});

testDetector(coveredTextDetector, {
  valid: [{ name: 'a re-distilled row left alone', input: () => redistilledRow('none') }],
  invalid: [
    {
      name: 'a white box over the figure cell of a re-distilled row, a new figure typed inside',
      input: () => redistilledRow('cover_retype'),
      reasons: ['hidden_content.covered_text_replaced'],
      check: (findings) => expect(findings[0].evidence).toMatchObject({ before: '2,088.82', after: '2,678.94' }),
    },
  ],
});

describe('glyph-order text', () => {
  /** "Total due 5,268.20" in a Mac-ordered font read as glyph numbers (29 code points low). */
  const glyphs = (s: string) => [...s].map((c) => (c === ' ' ? '\u0003' : String.fromCodePoint(c.codePointAt(0)! - 29))).join('');

  it('shifts a font whose text is glyph numbers back to its letters; glyphs past ASCII become U+FFFD', () => {
    const items = [
      { str: glyphs('Invoice number: INV-2023-09064'), fontName: 'f1' },
      { str: glyphs('Total due'), fontName: 'f1' },
      { str: glyphs('5,268.20') + '\u0b84', fontName: 'f2' },
      { str: 'Page 1 of 1', fontName: 'f3' },
    ];
    const fonts = glyphOrderFonts(items);
    expect([...fonts].sort()).toEqual(['f1', 'f2']);
    const repaired = Array.from(repairItems(items, fonts), (i) => i.str);
    expect(repaired).toEqual(['Invoice number: INV-2023-09064', 'Total due', '5,268.20\ufffd', 'Page 1 of 1']);
    expect(shiftGlyphText('\u0014\u0013 ')).toBe('10 ');
  });

  it('leaves ordinary text and control-character noise that does not read as words alone', () => {
    expect(glyphOrderFonts([{ str: 'Statement of account 01/02/2024 1,234.56', fontName: 'f1' }]).size).toBe(0);
    // Control characters that shift into consonant soup are not text in Mac glyph order.
    expect(glyphOrderFonts([{ str: '\u0015\u0016\u0017\u0018 \u0019\u001a\u001b\u001c \u0015\u0016\u0017\u0018', fontName: 'f1' }]).size).toBe(0);
  });
});
