import { signatureInvalidatedDetector } from '../../../../engine/detectors/structure/signature-invalidated.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { STATEMENT_LINES, contentEditUpdate } from '../../read/pdf/structure/fixtures.js';
import { fontSwapped } from '../../read/pdf/structure/more-updates.js';
import {
  commentUnderFormOnlyCertification,
  counterSigned,
  pictureAfterSignature,
  savedOverSignature,
  shadowCheckboxOverlay,
  shadowHideAndReplace,
  shadowHideCover,
  shadowHideLayer,
  shadowReplaceXObject,
  signed,
  signedThenFilled,
  withValidationData,
} from '../../read/pdf/structure/signed-updates.js';
import { amountEdit, annotationUpdate, signedStatement } from '../../read/pdf/structure/updates.js';
import { expect } from 'vitest';
import type { Finding } from '../../../../engine/types.js';

const shows = (before: string, after: string) => (findings: Finding[]) => {
  const f = findings.find((x) => x.strength >= 0.5)!;
  expect([f.evidence.before, f.evidence.after]).toEqual([before, after]);
  expect(f.evidence.revisions).toEqual([1, 2]);
  expect(f.pages).toEqual([1]);
};

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
    { name: 'validation data (DSS) added after signing', input: structureContext(withValidationData) },
    {
      name: 'a page edited after a usage-rights signature (Reader extensions approve no content)',
      input: structureContext(() => contentEditUpdate(signed({ usageRights: true }), 1, 0, STATEMENT_LINES.slice(1))),
    },
  ],
  invalid: [
    { name: 'an amount changed after signing', input: structureContext(editedAfterSigning), reasons: ['signature_invalidated.content_after_signature'] },
    {
      name: 'the page font redefined after signing',
      input: structureContext(() => fontSwapped(signedStatement())),
      reasons: ['signature_invalidated.unsigned_update_after_signature'],
    },
    {
      name: 'shadow hide: the XObject drawing a white cover emptied after signing',
      input: structureContext(shadowHideCover),
      reasons: ['signature_invalidated.shadow_prepared'],
      check: shows('1,350.00', '9,350.00'),
    },
    {
      name: 'shadow hide: the layer holding the cover switched off after signing',
      input: structureContext(shadowHideLayer),
      reasons: ['signature_invalidated.shadow_prepared'],
      check: shows('1,350.00', '9,350.00'),
    },
    {
      name: 'shadow replace: the XObject drawing the amount overwritten under its number',
      input: structureContext(shadowReplaceXObject),
      reasons: ['signature_invalidated.content_after_signature'],
      check: shows('1,350.00', '9,350.00'),
    },
    {
      name: 'shadow hide-and-replace: /Contents pointed at a stream unused when signed',
      input: structureContext(shadowHideAndReplace),
      reasons: ['signature_invalidated.shadow_prepared'],
      check: (f) => expect(String(f[0].evidence.prepared)).toMatch(/present but unused when signed/),
    },
    {
      name: 'an incremental saving attack',
      input: structureContext(savedOverSignature),
      reasons: ['signature_invalidated.content_after_signature'],
      check: shows('1,350.00', '8,350.00'),
    },
    {
      name: 'a check box whose appearance covers the signed amount, ticked under DocMDP /P 2',
      input: structureContext(shadowCheckboxOverlay),
      reasons: ['signature_invalidated.overlay_after_signature', 'signature_invalidated.content_after_signature'],
    },
    {
      name: 'a picture added to the page after signing',
      input: structureContext(pictureAfterSignature),
      reasons: ['signature_invalidated.content_after_signature'],
      check: (f) => expect(f[0].summary).toMatch(/1 picture\(s\) appeared or went/),
    },
    {
      name: 'a comment added although the certification allows only form filling',
      input: structureContext(commentUnderFormOnlyCertification),
      reasons: ['signature_invalidated.change_not_permitted'],
      check: (f) => expect(f[0].evidence.docMdp).toBe(2),
    },
    {
      name: 'a form filled after a certification that allows it (benign, said so)',
      input: structureContext(signedThenFilled),
      reasons: ['signature_invalidated.permitted_after_signature'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.15),
    },
    {
      name: 'a second signature in the margin (benign, said so)',
      input: structureContext(counterSigned),
      reasons: ['signature_invalidated.permitted_after_signature'],
      check: (f) => expect(f[0].summary).toMatch(/later signature/),
    },
  ],
});
