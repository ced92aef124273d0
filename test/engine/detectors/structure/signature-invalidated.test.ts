import { signatureInvalidatedDetector } from '../../../../engine/detectors/structure/signature-invalidated.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { STATEMENT_LINES, contentEditUpdate } from '../../read/pdf/structure/fixtures.js';
import { fontSwapped } from '../../read/pdf/structure/more-updates.js';
import { amountEdit, annotationUpdate, signedStatement } from '../../read/pdf/structure/updates.js';

const editedAfterSigning = () =>
  contentEditUpdate(
    signedStatement(),
    1,
    0,
    STATEMENT_LINES.map((l) => (l.text.startsWith('Closing') ? { ...l, text: 'Closing balance: 8,350.00' } : l)),
  );

testDetector(signatureInvalidatedDetector, {
  valid: [
    { name: 'a signed file', input: structureContext(signedStatement) },
    { name: 'an annotation after signing', input: structureContext(() => annotationUpdate(signedStatement())) },
    { name: 'a content edit in an unsigned file', input: structureContext(amountEdit) },
  ],
  invalid: [
    { name: 'an amount changed after signing', input: structureContext(editedAfterSigning), reasons: ['signature_invalidated.content_after_signature'] },
    {
      name: 'the page font redefined after signing',
      input: structureContext(() => fontSwapped(signedStatement())),
      reasons: ['signature_invalidated.unsigned_update_after_signature'],
    },
  ],
});
