import { expect } from 'vitest';
import { incrementalEditDetector } from '../../../engine/structure/incremental-edit.js';
import { testDetector } from '../detector-tester.js';
import { structureContext } from '../pdf-structure/context.js';
import { STATEMENT_LINES, contentEditUpdate, hasQpdf, qpdf } from '../pdf-structure/fixtures.js';
import { fontSwapped, lineRemoved, logoReplaced, pageInserted, statementWithLogo, unrelatedObjectAdded } from '../pdf-structure/more-updates.js';
import { amountEdit, annotationUpdate, formFill, formFillSession, metadataUpdate, overlayEdit, signatureFieldUpdate, statement, wrappedAnnotationUpdate } from '../pdf-structure/updates.js';

const nameEdit = () => contentEditUpdate(statement(), 1, 0, STATEMENT_LINES.map((l) => (l.text.startsWith('Account holder') ? { ...l, text: 'Account holder: John Smith' } : l)));

testDetector(incrementalEditDetector, {
  valid: [
    { name: 'a single-revision statement', input: structureContext(statement()) },
    { name: 'a single-revision statement with a logo', input: structureContext(statementWithLogo) },
    { name: 'an annotation added later', input: structureContext(annotationUpdate()) },
    { name: 'a signature field added later', input: structureContext(signatureFieldUpdate()) },
    { name: 'a form filled in later', input: structureContext(formFill()) },
    { name: 'a form filled field by field, the filler stamping the page dictionary', input: structureContext(formFillSession()) },
    { name: 'a metadata-only update', input: structureContext(metadataUpdate()) },
    { name: 'an annotation added by a tool that re-wraps the content in q/Q', input: structureContext(wrappedAnnotationUpdate()) },
    ...(hasQpdf()
      ? [
          { name: 'a linearised file', input: structureContext(() => qpdf(statement(), ['--linearize'])) },
          { name: 'a qpdf re-save', input: structureContext(() => qpdf(statement(), ['--object-streams=generate'])) },
        ]
      : []),
  ],
  invalid: [
    { name: 'a filled-in date replaced by a later form-fill update', input: structureContext(formFillSession({ refill: '2024-03-01' })), reasons: ['incremental_edit.field_value_changed'] },
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
      name: 'a name changed in an update',
      input: structureContext(nameEdit),
      reasons: ['incremental_edit.text_changed'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.6),
    },
    { name: 'a line taken out in an update', input: structureContext(lineRemoved), reasons: ['incremental_edit.text_removed'], check: (f) => expect(f[0].evidence).toMatchObject({ revision: 2, before: expect.stringContaining('Account holder') }) },
    { name: 'a page added by an update', input: structureContext(pageInserted), reasons: ['incremental_edit.page_inserted'], check: (f) => expect(f[0].evidence.page).toBe(2) },
    { name: 'the logo drawing replaced by an update', input: structureContext(logoReplaced), reasons: ['incremental_edit.image_replaced'], check: (f) => expect(f[0].pages).toEqual([1]) },
    { name: 'the page font redefined by an update', input: structureContext(() => fontSwapped()), reasons: ['incremental_edit.resources_changed'] },
    { name: 'an update adding an object no page uses', input: structureContext(unrelatedObjectAdded), reasons: ['incremental_edit.other_update'], check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.1) },
  ],
});
