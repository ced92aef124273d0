import { describe, expect, it } from 'vitest';
import { duplicateSubsetDetector } from '../../../../engine/detectors/fonts/duplicate-subset.js';
import { splitSubset } from '../../../../engine/read/pdf/text/fonts.js';
import { buildContextForTest } from '../../context-for-test.js';
import { appendUpdate } from '../../read/pdf/structure/fixtures.js';
import { PDFDict, PDFDocument as LibDocument, PDFName } from 'pdf-lib';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { pageWithOwnSubset } from './more-font-fixtures.js';
import {
  amountCell,
  amountText,
  drawNewAmount,
  editWithPdfLib,
  embedLiberation,
  genuineStatement,
  LIBERATION,
  rgb,
  ROW_Y,
} from '../../read/pdf/text/fixtures.js';

const ROW = 4;

/** The statement with a heading drawn from a second subset of its body font (a per-size instance), saved whole. */
async function headingInSecondSubset(producer: string, creator?: string): Promise<Uint8Array> {
  return editWithPdfLib(await genuineStatement({ fonts: 'embedded' }), async (page, doc) => {
    page.drawText('Licence', { x: 60, y: 740, size: 28, font: await embedLiberation(doc) });
    doc.setProducer(producer);
    if (creator) doc.setCreator(creator);
  });
}

/** Renames every subset font (`ABCDEF+Name`, pdf-lib's `Name-1234`) to `tags(i, old)+Name`, each distinct tag in order of first appearance. */
async function retag(bytes: Uint8Array, tags: (i: number, old: string) => string): Promise<Uint8Array> {
  const doc = await LibDocument.load(bytes, { updateMetadata: false });
  const seen = new Map<string, string>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    for (const key of ['BaseFont', 'FontName']) {
      const name = obj.get(PDFName.of(key));
      if (!(name instanceof PDFName)) continue;
      const { subsetTag, baseName } = splitSubset(name.decodeText());
      if (!subsetTag) continue;
      if (!seen.has(subsetTag)) seen.set(subsetTag, tags(seen.size, subsetTag));
      obj.set(PDFName.of(key), PDFName.of(`${seen.get(subsetTag)}+${baseName}`));
    }
  }
  return doc.save({ useObjectStreams: false });
}

/** Office's PDF writer numbers its subsets BCDEEE, BCDFEE, BCDGEE, ... */
const officeTag = (i: number) => `BCD${String.fromCharCode(69 + i)}EE`;

/** Ghostscript's mark on the line after the version header (pdf-lib writes four bytes there too). */
function ghostscriptMark(bytes: Uint8Array): Uint8Array {
  const out = Uint8Array.from(bytes);
  const at = Buffer.from(out).indexOf('\n%') + 2;
  out.set([0xc7, 0xec, 0x8f, 0xa2], at);
  return out;
}

async function strongest(bytes: Uint8Array): Promise<{ strength: number; minor: string }> {
  const findings = await duplicateSubsetDetector.run(await buildContextForTest(bytes));
  const f = findings.filter((x) => x.code === 'font_inconsistency.duplicate_subset').sort((a, b) => b.strength - a.strength)[0];
  return { strength: f?.strength ?? 0, minor: (f?.evidence.fonts as string[] | undefined)?.[1] ?? '' };
}

/** Reported, as context only. */
function expectContext({ strength }: { strength: number }): void {
  expect(strength).toBeGreaterThan(0);
  expect(strength).toBeLessThanOrEqual(0.05);
}

describe('writers known by the marks they leave in the bytes', () => {
  // Factur-X invoices: Word writes the PDF, then the factur-x library attaches the XML and
  // PyPDF4 writes the file again, naming itself: Word's BCDEEE numbering is all that is left.
  it('a second subset in a file whose every subset tag is Office-numbered is context', async () => {
    expect((await strongest(await headingInSecondSubset('Statement Engine 4.2'))).strength).toBeGreaterThanOrEqual(0.6);
    expectContext(await strongest(await retag(await headingInSecondSubset('Statement Engine 4.2'), officeTag)));
  });

  it('a second subset tagged by another embedder among Office-numbered ones still counts', async () => {
    const office = await retag(await headingInSecondSubset('Statement Engine 4.2'), officeTag);
    const { minor } = await strongest(office);
    const foreign = await retag(office, (i, old) => (minor.startsWith(`${old}+`) ? 'QXWRTZ' : old));
    expect((await strongest(foreign)).strength).toBeGreaterThanOrEqual(0.6);
  });

  // Ghostscript 9 files whose Info no longer names Ghostscript keep its header mark.
  it("a second subset in a file that carries Ghostscript's header mark is context, until the file is updated", async () => {
    const gs = ghostscriptMark(await headingInSecondSubset('Statement Engine 4.2'));
    expectContext(await strongest(gs));
    const updated = appendUpdate(gs, { objects: [{ num: 900, body: '<< /Producer (Editor) >>' }] });
    expect((await strongest(updated)).strength).toBeGreaterThanOrEqual(0.6);
  });
});

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
    {
      // cairo keeps an 8-bit ("latin") subset per font and puts glyphs without a code there,
      // such as ligatures, in a second, composite subset of the same font.
      name: 'a second subset of the body font that only draws the fi ligature',
      input: () =>
        textContext(
          genuineStatement({
            fonts: 'embedded',
            extra: (doc) => {
              doc.registerFont('Ligatures', LIBERATION);
              doc.font('Ligatures').fontSize(10).text('fi', 132, ROW_Y(2), { lineBreak: false }).text('fi', 150, ROW_Y(5), { lineBreak: false });
            },
          }),
        ),
    },
  ],
  invalid: [
    {
      name: 'the third page of three drawn from its own subset of the body font',
      input: () => textContext(pageWithOwnSubset()),
      reasons: ['font_inconsistency.duplicate_subset_across_pages'],
      check: (findings) => expect(findings[0].pages).toEqual([3]),
    },
    {
      // WeasyPrint embeds one subset per Pango font, that is per size: context there, not elsewhere.
      name: 'a heading drawn from a second subset: context from WeasyPrint, a finding from another writer',
      input: async () => buildContextForTest(await headingInSecondSubset('WeasyPrint 54.3')),
      reasons: ['font_inconsistency.duplicate_subset'],
      check: (findings) => expect(Math.max(...findings.map((f) => f.strength))).toBeLessThanOrEqual(0.05),
    },
    {
      // cairo keeps an 8-bit "latin" subset and a composite one for glyphs without a code there
      // (ligatures, alternates such as a single-storey a): a real cairo-made font specimen raised this.
      name: 'a second subset of the body font in a file cairo wrote in one pass: context',
      input: async () => buildContextForTest(await headingInSecondSubset('cairo 1.16.0 (https://cairographics.org)')),
      reasons: ['font_inconsistency.duplicate_subset'],
      check: (findings) => expect(Math.max(...findings.map((f) => f.strength))).toBeLessThanOrEqual(0.05),
    },
    {
      // dvips re-encodes a Type 1 font per TeX encoding and figure style, and Ghostscript embeds
      // each re-encoded font as a subset: a real font specimen's digit lines raised this.
      name: 'a second subset of the body font in a dvips + Ghostscript file: context',
      input: async () => buildContextForTest(await headingInSecondSubset('GPL Ghostscript 9.50', 'dvips(k) 2022.1 (TeX Live 2022)')),
      reasons: ['font_inconsistency.duplicate_subset'],
      check: (findings) => expect(Math.max(...findings.map((f) => f.strength))).toBeLessThanOrEqual(0.05),
    },
    {
      // Ghostscript makes a subset of each font the PostScript defines, and every included EPS
      // figure defines its own copy: LilyPond's essay.pdf (Creator "TeX") raised this 25 times.
      name: 'a second subset of the body font in a file Ghostscript distilled from PostScript: context',
      input: async () => buildContextForTest(await headingInSecondSubset('GPL Ghostscript 10.00.0', 'TeX')),
      reasons: ['font_inconsistency.duplicate_subset'],
      check: (findings) => expect(Math.max(...findings.map((f) => f.strength))).toBeLessThanOrEqual(0.05),
    },
    {
      name: 'the same heading subset from a writer that embeds one subset per font',
      input: async () => buildContextForTest(await headingInSecondSubset('Statement Engine 4.2')),
      reasons: ['font_inconsistency.duplicate_subset'],
      check: (findings) => expect(Math.max(...findings.map((f) => f.strength))).toBeGreaterThanOrEqual(0.6),
    },
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
