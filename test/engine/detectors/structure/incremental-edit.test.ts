import { expect } from 'vitest';
import { STRENGTH } from '../../../../engine/detectors/strengths.js';
import { incrementalEditDetector } from '../../../../engine/detectors/structure/incremental-edit.js';
import { testDetector } from '../../detector-tester.js';
import { interimIndex, unchainedEdit } from '../../read/pdf/structure/interim-index.js';
import { pageAppended } from '../../read/pdf/structure/appended.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import {
  STATEMENT_LINES,
  appendUpdate,
  buildRawPdf,
  contentEditUpdate,
  contentFor,
  hasQpdf,
  qpdf,
  rawLayout,
  type RawLine,
} from '../../read/pdf/structure/fixtures.js';
import {
  boxUnticked,
  fontSwapped,
  lineRemoved,
  logoReplaced,
  pageCropped,
  pageInserted,
  pageKeptByTool,
  statementWithLogo,
  textPlacedAnew,
  thinLinesAppended,
  unrelatedObjectAdded,
} from '../../read/pdf/structure/more-updates.js';
import {
  amountEdit,
  annotationUpdate,
  formFill,
  formFillSession,
  metadataUpdate,
  overlayEdit,
  signatureFieldUpdate,
  statement,
  wrappedAnnotationUpdate,
} from '../../read/pdf/structure/updates.js';

const nameEdit = () =>
  contentEditUpdate(
    statement(),
    1,
    0,
    STATEMENT_LINES.map((l) => (l.text.startsWith('Account holder') ? { ...l, text: 'Account holder: John Smith' } : l)),
  );

/** pdf.js issue9713: a line added in one update and taken out in the next (fraudulent 91 before). */
const addedThenRemoved = () => {
  const added = contentEditUpdate(statement(), 1, 0, [...STATEMENT_LINES, { x: 240, y: 400, text: 'This is Helvetica' }]);
  return contentEditUpdate(added, 1, 0, STATEMENT_LINES);
};
const amountChangedThenBack = (back: string) =>
  contentEditUpdate(
    amountEdit(),
    1,
    0,
    STATEMENT_LINES.map((l) => (l.text.startsWith('Closing') ? { ...l, text: `Closing balance: ${back}` } : l)),
  );

const PAGE_2: RawLine[] = [
  { x: 72, y: 700, text: 'Transactions (continued)' },
  { x: 72, y: 680, text: '03/02 Card payment 42.10' },
];

/**
 * Acrobat's Add Watermark (or Header & Footer) saved as an incremental update, as in the AcroTeX
 * eq-pin2corr manual: every page's content is rewritten by Acrobat (re-serialised) with the
 * watermark first, marked `/Artifact <</Subtype /Watermark /Type /Pagination>> BDC`. `edit`
 * changes the lines of a page on the way; `marked` false leaves out the artifact marking.
 */
function watermarkUpdate(opts: { edit?: (page: number, lines: RawLine[]) => RawLine[]; marked?: boolean; text?: (page: number) => string } = {}): Uint8Array {
  const pages = [STATEMENT_LINES, PAGE_2];
  const L = rawLayout(pages.length);
  const base = buildRawPdf({ pages: pages.map((lines) => ({ lines })), info: { Producer: '(Acrobat Distiller 21.0 \\(Windows\\))' } });
  const objects = pages.map((lines, i) => {
    const mark = opts.text?.(i) ?? 'The package MANUAL';
    const furniture = `BT /F1 9 Tf 0.5 g 20 400 Td (${mark}) Tj ET`;
    const wrapped = opts.marked === false ? `q ${furniture} Q` : `/Artifact <</Subtype /Watermark /Type /Pagination >>BDC q ${furniture} Q EMC`;
    const content = `${wrapped}\n${contentFor(opts.edit?.(i, lines) ?? lines)}`;
    return { num: L.content(i), body: `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream` };
  });
  return appendUpdate(base, { objects });
}

testDetector(incrementalEditDetector, {
  valid: [
    { name: 'a single-revision statement', input: structureContext(statement()) },
    { name: 'a single-revision statement with a logo', input: structureContext(statementWithLogo) },
    { name: 'an annotation added later', input: structureContext(annotationUpdate()) },
    { name: 'a signature field added later', input: structureContext(signatureFieldUpdate()) },
    { name: 'a form filled in later', input: structureContext(formFill()) },
    { name: 'a form filled field by field, the filler stamping the page dictionary', input: structureContext(formFillSession()) },
    { name: 'a metadata-only update', input: structureContext(metadataUpdate()) },
    { name: "a writer's interim xref stream, left unchained, that the live one restates", input: structureContext(() => interimIndex()) },
    { name: "a writer's interim xref stream gone stale when it rewrote the page in place", input: structureContext(() => interimIndex({ stale: true })) },
    { name: 'an annotation added by a tool that re-wraps the content in q/Q', input: structureContext(wrappedAnnotationUpdate()) },
    ...(hasQpdf()
      ? [
          { name: 'a linearised file', input: structureContext(() => qpdf(statement(), ['--linearize'])) },
          { name: 'a qpdf re-save', input: structureContext(() => qpdf(statement(), ['--object-streams=generate'])) },
        ]
      : []),
  ],
  invalid: [
    {
      name: 'a closing balance changed, the new complete index dropping the link to the first',
      input: structureContext(() => unchainedEdit((c) => c.replace('1,350.00', '9,350.00'))),
      reasons: ['incremental_edit.figures_changed'],
    },
    {
      name: 'a line added in one update and taken out in the next: context only',
      input: structureContext(addedThenRemoved),
      reasons: ['incremental_edit.edit_reverted'],
      check: (f) => {
        expect(f.map((x) => x.code)).toEqual(['incremental_edit.edit_reverted']);
        expect(f[0].strength).toBeLessThanOrEqual(0.15);
        expect(f[0].evidence).toMatchObject({ revisions: [2, 3], page: 1 });
      },
    },
    {
      name: 'an amount changed and later put back: context only',
      input: structureContext(() => amountChangedThenBack('1,350.00')),
      reasons: ['incremental_edit.edit_reverted'],
    },
    {
      name: 'an amount changed, then changed again to a third value',
      input: structureContext(() => amountChangedThenBack('7,350.00')),
      reasons: ['incremental_edit.figures_changed'],
      check: (f) => expect(f.map((x) => x.code)).not.toContain('incremental_edit.edit_reverted'),
    },
    {
      // eq-pin2corr manual (texlive-latex-extra-doc): fraudulent 87 before, as "text changed".
      name: 'a watermark added to every page by Acrobat (pagination artifact), nothing else changed: context only',
      input: structureContext(() => watermarkUpdate()),
      reasons: ['incremental_edit.page_furniture_added'],
      check: (f) => {
        expect(f.map((x) => x.code)).toEqual(['incremental_edit.page_furniture_added']);
        expect(f[0].strength).toBeLessThanOrEqual(0.15);
        expect(f[0].evidence).toMatchObject({ revision: 2, artifacts: ['Watermark'], after: 'The package MANUAL' });
      },
    },
    {
      name: 'a watermark added to every page while an amount changed on the first',
      input: structureContext(() =>
        watermarkUpdate({
          edit: (p, lines) => (p === 0 ? lines.map((l) => (l.text.startsWith('Closing') ? { ...l, text: 'Closing balance: 9,350.00' } : l)) : lines),
        }),
      ),
      reasons: ['incremental_edit.figures_changed'],
    },
    {
      name: 'a watermark added to every page and a line added to one of them',
      input: structureContext(() => watermarkUpdate({ edit: (p, lines) => (p === 1 ? [...lines, { x: 72, y: 660, text: 'Refund received' }] : lines) })),
      reasons: ['incremental_edit.text_changed'],
    },
    {
      name: 'the same line added to every page without any pagination artifact',
      input: structureContext(() => watermarkUpdate({ marked: false })),
      reasons: ['incremental_edit.text_changed'],
    },
    {
      name: 'a filled-in date replaced by a later form-fill update',
      input: structureContext(formFillSession({ refill: '2024-03-01' })),
      reasons: ['incremental_edit.field_value_changed'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.5),
    },
    {
      name: 'a check box whose "on" state is named /2, unticked later: a choice undone, not a figure changed',
      input: structureContext(boxUnticked),
      reasons: ['incremental_edit.field_value_changed'],
      check: (f) => {
        expect(f[0].strength).toBeLessThanOrEqual(0.3);
        expect(f[0].evidence).toMatchObject({ before: '2', after: 'Off' });
      },
    },
    {
      name: 'a text field whose typed "2" became "7": a figure changed',
      input: structureContext(() => boxUnticked({ typed: true })),
      reasons: ['incremental_edit.field_value_changed'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.5),
    },
    {
      name: 'an amount changed in an update',
      input: structureContext(amountEdit),
      reasons: ['incremental_edit.figures_changed'],
      check: (f) => {
        expect(f[0].strength).toBeGreaterThanOrEqual(0.85);
        expect(f[0].evidence).toMatchObject({ revision: 2, page: 1, before: '1,350.00', after: '9,350.00', line: 'Closing balance: 9,350.00' });
        expect(f[0].evidence.bbox).toHaveLength(4);
      },
    },
    {
      name: 'an amount covered by a white box and rewritten on top',
      input: structureContext(overlayEdit),
      reasons: ['incremental_edit.figures_changed'],
      check: (f) => {
        expect(f[0].evidence).toMatchObject({ before: '1,350.00', after: '9,350.00', line: 'Closing balance: 9,350.00' });
        expect(f[0].summary).toContain('"1,350.00" became "9,350.00"');
      },
    },
    {
      name: 'drawing added inside the q/Q wrapper of an annotation update',
      input: structureContext(() => wrappedAnnotationUpdate('1 1 1 rg 160 586 60 16 re f')),
      reasons: ['incremental_edit.content_changed'],
    },
    {
      name: "the page's text written out again, glyphs regrouped and placed anew where they were (Acrobat's text tool): context",
      input: structureContext(() => textPlacedAnew()),
      reasons: ['incremental_edit.content_changed'],
      check: (f) => {
        expect(f[0].strength).toBe(STRENGTH['incremental_edit.content_changed'].textPlacedAnew);
        expect(f[0].evidence).toMatchObject({ textPlacedAnew: true });
      },
    },
    {
      name: 'the same glyphs regrouped, but the amount line moved down: a content change',
      input: structureContext(() => textPlacedAnew('moved')),
      reasons: ['incremental_edit.content_changed'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['incremental_edit.content_changed'].drawing),
    },
    {
      name: 'the same glyphs regrouped in place, with a white box painted over the amount: a content change',
      input: structureContext(() => textPlacedAnew('boxed')),
      reasons: ['incremental_edit.content_changed'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['incremental_edit.content_changed'].drawing),
    },
    {
      name: "thin lines drawn round the amount by a review script, after the page's content: context",
      input: structureContext(() => thinLinesAppended()),
      reasons: ['incremental_edit.content_changed'],
      check: (f) => {
        expect(f[0].strength).toBe(STRENGTH['incremental_edit.content_changed'].thinLinesAdded);
        expect(f[0].evidence).toMatchObject({ thinLinesAdded: true });
      },
    },
    {
      name: 'a white line 12 points wide struck over the amount: a content change',
      input: structureContext(() => thinLinesAppended('wide')),
      reasons: ['incremental_edit.content_changed'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['incremental_edit.content_changed'].drawing),
    },
    {
      name: 'a white box filled over the amount after the content: a content change',
      input: structureContext(() => thinLinesAppended('filled')),
      reasons: ['incremental_edit.content_changed'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['incremental_edit.content_changed'].drawing),
    },
    {
      name: 'a name changed in an update',
      input: structureContext(nameEdit),
      reasons: ['incremental_edit.text_changed'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.6),
    },
    {
      name: 'a line taken out in an update',
      input: structureContext(lineRemoved),
      reasons: ['incremental_edit.text_removed'],
      check: (f) => expect(f[0].evidence).toMatchObject({ revision: 2, before: expect.stringContaining('Account holder') }),
    },
    {
      name: 'content re-serialised by a page tool in its own spelling (reals, hex strings, one line): context only',
      input: structureContext(() => pageKeptByTool({ keepBoth: true })),
      reasons: ['incremental_edit.other_update'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.1),
    },
    {
      name: 'pages dropped by an update, the kept page re-serialised: the removal is named',
      input: structureContext(() => pageKeptByTool()),
      reasons: ['incremental_edit.content_changed'],
      check: (f) => {
        expect(f[0].summary).toContain('removed 1 page(s) from the document (2 before, 1 after)');
        expect(f[0].evidence).toMatchObject({ revision: 2, pages_before: 2, pages_after: 1 });
      },
    },
    {
      name: 'an amount changed while a page tool re-serialises the content',
      input: structureContext(() => pageKeptByTool({ keepBoth: true, change: (t) => t.replace('1,350.00', '9,350.00') })),
      reasons: ['incremental_edit.figures_changed'],
    },
    {
      name: 'a page cropped to its printed area by a viewer (CropBox only): weak, nothing hidden',
      input: structureContext(() => pageCropped([40, 400, 580, 760])),
      reasons: ['incremental_edit.page_cropped'],
      check: (f) => {
        expect(f[0].strength).toBeLessThan(0.3);
        expect(f[0].summary).toContain('no text lies outside the visible area');
        expect(f[0].evidence).toMatchObject({ revision: 2, page: 1, keys: ['CropBox'] });
      },
    },
    {
      name: 'a crop that cuts the closing balance off the page: the hidden text is quoted',
      input: structureContext(() => pageCropped([40, 620, 580, 760])),
      reasons: ['incremental_edit.page_cropped'],
      check: (f) => {
        expect(f[0].strength).toBeGreaterThanOrEqual(0.5);
        expect(f[0].summary).toContain('Closing balance: 1,350.00');
        expect(f[0].evidence.hidden_text).toContainEqual({ page: 1, text: 'Closing balance: 1,350.00' });
      },
    },
    {
      name: 'a page added by an update',
      input: structureContext(pageInserted),
      reasons: ['incremental_edit.page_inserted'],
      check: (f) => expect(f[0].evidence.page).toBe(2),
    },
    {
      name: 'a page its writer appended after the last one a second later, stamping the same Producer and Creator: context',
      input: structureContext(() => pageAppended()),
      reasons: ['incremental_edit.page_inserted'],
      check: (f) => {
        expect(f[0].strength).toBeLessThanOrEqual(0.15);
        expect(f[0].evidence).toMatchObject({ page: 2, appended: true, minutes_after: 0 });
      },
    },
    ...[
      { shape: 'nine days after the statement was made', opts: { modDate: "D:20240114110000+01'00'" } },
      { shape: 'by another program', opts: { producer: '(PDF Editor Pro 11)' } },
      { shape: "before the issuer's page", opts: { first: true } },
      { shape: "with the issuer's Info left as it was", opts: { keepInfo: true } },
      { shape: "with the issuer's Info written again as it was", opts: { modDate: "D:20240105093000+01'00'" } },
    ].map(({ shape, opts }) => ({
      name: `a page added ${shape}: not the writer's own sitting, its text an edit`,
      input: structureContext(() => pageAppended(opts)),
      reasons: ['incremental_edit.text_changed' as const],
      check: (f: Array<{ strength: number }>) => expect(f[0].strength).toBeGreaterThanOrEqual(0.6),
    })),
    {
      name: 'the logo drawing replaced by an update',
      input: structureContext(logoReplaced),
      reasons: ['incremental_edit.image_replaced'],
      check: (f) => expect(f[0].pages).toEqual([1]),
    },
    { name: 'the page font redefined by an update', input: structureContext(() => fontSwapped()), reasons: ['incremental_edit.resources_changed'] },
    {
      name: 'an update adding an object no page uses',
      input: structureContext(unrelatedObjectAdded),
      reasons: ['incremental_edit.other_update'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.1),
    },
  ],
});
