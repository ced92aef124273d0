import { expect } from 'vitest';
import { STRENGTH } from '../../../../engine/detectors/strengths.js';
import { PDFDocument, StandardFonts, type PDFPage } from 'pdf-lib';
import { pageInconsistencyDetector } from '../../../../engine/detectors/structure/page-inconsistency.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { buildRawPdf, type RawPage } from '../../read/pdf/structure/fixtures.js';
import { genuineStatement } from '../../read/pdf/text/fixtures.js';

const page = (n: number): RawPage => ({
  lines: [
    { x: 72, y: 700, text: `Statement page ${n}` },
    { x: 72, y: 680, text: '01/02/2024 Card payment 12.40' },
  ],
});
const foreign: RawPage = {
  lines: [{ x: 60, y: 760, text: 'Transactions continued', font: 'TT0' }],
  noDefaultFont: true,
  fonts: { TT0: 'ArialMT' },
  mediaBox: [0, 0, 595, 842],
};

testDetector(pageInconsistencyDetector, {
  valid: [
    { name: 'four pages from one producer', input: structureContext(buildRawPdf({ pages: [page(1), page(2), page(3), page(4)] })) },
    { name: 'two pages only (no majority)', input: structureContext(buildRawPdf({ pages: [page(1), foreign] })) },
  ],
  invalid: [
    {
      name: 'a page with other fonts, naming and size',
      input: structureContext(buildRawPdf({ pages: [page(1), page(2), foreign, page(4)] })),
      reasons: ['page_inconsistency.foreign_page'],
    },
  ],
});

const numbered = (labels: string[]): RawPage[] =>
  labels.map((l, i) => ({
    lines: [
      { x: 72, y: 700, text: `Statement line ${i + 1}` },
      { x: 480, y: 40, text: l },
    ],
  }));

testDetector(pageInconsistencyDetector, {
  valid: [
    { name: 'pages numbered 1 to 3 of 3', input: buildRawPdf({ pages: numbered(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']) }) },
    {
      name: 'a statement with a two-page appendix numbered on its own (two pages disagree: no single odd page)',
      input: buildRawPdf({ pages: numbered(['Page 1 of 2', 'Page 2 of 2', 'Page 1 of 2', 'Page 2 of 2']) }),
    },
  ],
  invalid: [
    {
      name: 'page 2 printed as "Page 2 of 4" in a file of 3 pages (a page swapped in from a longer statement)',
      input: buildRawPdf({ pages: numbered(['Page 1 of 3', 'Page 2 of 4', 'Page 3 of 3']) }),
      reasons: ['page_inconsistency.page_numbering'],
    },
  ],
});

// A page copied in from another run of the same producer: the same Helvetica, as another object.
const helvetica = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
const ownHelvetica = (n: number, obj: number): RawPage => ({ ...page(n), noDefaultFont: true, fontRefs: { F1: obj } });

testDetector(pageInconsistencyDetector, {
  valid: [
    { name: 'three pages sharing one font object', input: structureContext(buildRawPdf({ pages: [page(1), page(2), page(3)] })) },
    {
      name: 'a writer that embeds the font again on every page (no run of shared objects to break)',
      input: structureContext(
        buildRawPdf({ pages: [ownHelvetica(1, 50), ownHelvetica(2, 51), ownHelvetica(3, 52)], extraObjects: { 50: helvetica, 51: helvetica, 52: helvetica } }),
      ),
    },
    {
      name: 'a page drawing other fonts as its own objects (not the same font written again)',
      input: structureContext(
        buildRawPdf({
          pages: [page(1), { ...page(2), noDefaultFont: true, fontRefs: { F1: 50 } }, page(3)],
          extraObjects: { 50: '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>' },
        }),
      ),
    },
  ],
  invalid: [
    {
      name: 'page 2 of 3 draws Helvetica from its own object while pages 1 and 3 share one',
      input: structureContext(buildRawPdf({ pages: [page(1), ownHelvetica(2, 50), page(3)], extraObjects: { 50: helvetica } })),
      reasons: ['page_inconsistency.separate_font_objects'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['page_inconsistency.separate_font_objects'].apartFromRun),
    },
    {
      // A writer embedding fonts page by page looks the same: a supporting reason, not suspicious alone.
      name: 'two pages, the second with its own Helvetica object',
      input: structureContext(buildRawPdf({ pages: [page(1), ownHelvetica(2, 50)], extraObjects: { 50: helvetica } })),
      reasons: ['page_inconsistency.separate_font_objects'],
      check: (f) => {
        expect(f[0].strength).toBe(STRENGTH['page_inconsistency.separate_font_objects'].twoPages);
        expect(f[0].summary).toContain('page by page');
      },
    },
  ],
});

// Family-A-style swaps built by code: two statements of the same issuer written by the same
// producer (pdfkit), page 2 of one replaced by page 2 of the other with pdf-lib.
async function swapPage2(fonts?: 'embedded'): Promise<Uint8Array> {
  const a = await PDFDocument.load(await genuineStatement({ pages: 3, fonts }));
  const b = await PDFDocument.load(await genuineStatement({ pages: 3, fonts, bodyFontEverywhere: true }));
  const [copied] = await a.copyPages(b, [1]);
  a.removePage(1);
  a.insertPage(1, copied);
  return a.save({ useObjectStreams: false });
}

async function resaved(fonts?: 'embedded'): Promise<Uint8Array> {
  return (await PDFDocument.load(await genuineStatement({ pages: 3, fonts }))).save();
}

testDetector(pageInconsistencyDetector, {
  valid: [
    { name: 'a three-page pdfkit statement', input: structureContext(() => genuineStatement({ pages: 3 })) },
    { name: 'a three-page pdfkit statement with embedded fonts, re-saved by pdf-lib', input: structureContext(() => resaved('embedded')) },
  ],
  invalid: [
    {
      name: 'page 2 swapped in from another pdfkit statement (standard fonts)',
      input: structureContext(() => swapPage2()),
      reasons: ['page_inconsistency.separate_font_objects'],
    },
    {
      name: 'page 2 swapped in from another pdfkit statement (embedded subsets)',
      input: structureContext(() => swapPage2('embedded')),
      reasons: ['page_inconsistency.separate_font_objects'],
    },
  ],
});

// Assembled documents: a page made by another tool (pdf-lib: its own resource names, Times, US
// Letter, its own content streams) merged into a three-page pdfkit statement (A4, Helvetica).
async function mergedPage(at: number, replace: boolean, draw: (page: PDFPage, font: Awaited<ReturnType<PDFDocument['embedFont']>>) => void) {
  const other = await PDFDocument.create();
  const font = await other.embedFont(StandardFonts.TimesRoman);
  draw(other.addPage([612, 792]), font);
  const doc = await PDFDocument.load(await genuineStatement({ pages: 3 }));
  const [copied] = await doc.copyPages(await PDFDocument.load(await other.save()), [0]);
  if (replace) doc.removePage(at);
  doc.insertPage(at, copied);
  return doc.save({ useObjectStreams: false });
}
const lines = (texts: string[]) => (page: PDFPage, font: Awaited<ReturnType<PDFDocument['embedFont']>>) =>
  texts.forEach((text, i) => page.drawText(text, { x: 72, y: 700 - 20 * i, size: 12, font }));
const cover = lines(['Account documents 2024', 'Prepared for Jane Doe', 'First Example Bank, customer service']);
// A forger's page: it continues the statement's running content (its figures, its page numbers).
const forgedSummary = lines(['Account statement, page 1', 'Opening balance 1,250.00', 'Closing balance 9,870.45']);
const forgedMiddle = lines(['Account statement, page 2 of 3', '05.03.2024 Card payment SHOP 5 12.40']);

testDetector(pageInconsistencyDetector, {
  valid: [{ name: 'the three-page statement alone, re-saved by pdf-lib', input: () => resaved() }],
  invalid: [
    {
      // Front matter: the file's first page with text, no figures, no page number of the body.
      name: 'a cover made by another tool merged before a statement (context only)',
      input: () => mergedPage(0, false, cover),
      reasons: ['page_inconsistency.foreign_page'],
      check: (f) => {
        expect(f[0].pages).toEqual([1]);
        expect(f[0].strength).toBe(STRENGTH['page_inconsistency.foreign_page'].outerPage);
      },
    },
    {
      name: 'a back page made by another tool merged after a statement (context only)',
      input: () => mergedPage(3, false, cover),
      reasons: ['page_inconsistency.foreign_page'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['page_inconsistency.foreign_page'].outerPage),
    },
    {
      name: "the statement's first page replaced by another producer's page carrying balances",
      input: () => mergedPage(0, true, forgedSummary),
      reasons: ['page_inconsistency.foreign_page'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(STRENGTH['page_inconsistency.foreign_page'].base + 0.2),
    },
    {
      name: "the statement's middle page replaced by another producer's page",
      input: () => mergedPage(1, true, forgedMiddle),
      reasons: ['page_inconsistency.foreign_page'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(STRENGTH['page_inconsistency.foreign_page'].base + 0.2),
    },
  ],
});
