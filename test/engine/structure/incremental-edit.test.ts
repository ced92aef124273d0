import { expect } from 'vitest';
import { incrementalEditDetector } from '../../../engine/structure/incremental-edit.js';
import { testDetector } from '../detector-tester.js';
import { structureContext } from '../pdf-structure/context.js';
import { STATEMENT_LINES, contentEditUpdate, hasQpdf, qpdf } from '../pdf-structure/fixtures.js';
import { amountEdit, annotationUpdate, formFill, metadataUpdate, signatureFieldUpdate, statement } from '../pdf-structure/updates.js';

const nameEdit = () => contentEditUpdate(statement(), 1, 0, STATEMENT_LINES.map((l) => (l.text.startsWith('Account holder') ? { ...l, text: 'Account holder: John Smith' } : l)));

testDetector(incrementalEditDetector, {
  valid: [
    { name: 'a single-revision statement', input: structureContext(statement()) },
    { name: 'an annotation added later', input: structureContext(annotationUpdate()) },
    { name: 'a signature field added later', input: structureContext(signatureFieldUpdate()) },
    { name: 'a form filled in later', input: structureContext(formFill()) },
    { name: 'a metadata-only update', input: structureContext(metadataUpdate()) },
    ...(hasQpdf()
      ? [
          { name: 'a linearised file', input: structureContext(() => qpdf(statement(), ['--linearize'])) },
          { name: 'a qpdf re-save', input: structureContext(() => qpdf(statement(), ['--object-streams=generate'])) },
        ]
      : []),
  ],
  invalid: [
    {
      name: 'an amount changed in an update',
      input: structureContext(amountEdit),
      reasons: ['incremental_edit.figures_changed'],
      check: (f) => {
        expect(f[0].strength).toBeGreaterThanOrEqual(0.85);
        expect(f[0].evidence).toMatchObject({ revision: 2, page: 1, before: 'Closing balance: 1,350.00', after: 'Closing balance: 9,350.00' });
        expect(f[0].evidence.bbox).toHaveLength(4);
      },
    },
    {
      name: 'a name changed in an update',
      input: structureContext(nameEdit),
      reasons: ['incremental_edit.text_changed'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.6),
    },
  ],
});
