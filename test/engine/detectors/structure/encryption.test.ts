import { expect } from 'vitest';
import type { Finding } from '../../../../engine/types.js';
import { encryptionDetector } from '../../../../engine/detectors/structure/encryption.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { appendUpdate, hasQpdf, qpdf } from '../../read/pdf/structure/fixtures.js';
import { statement } from '../../read/pdf/structure/updates.js';

const ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
/** A plain save, then an update whose trailer adds an /Encrypt dictionary: changed, then locked. */
const lockedByUpdate = () =>
  appendUpdate(statement(), {
    objects: [{ num: 50, body: `<< /Filter /Standard /V 2 /R 3 /Length 128 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> /P -3904 >>` }],
    trailerExtra: `/Encrypt 50 0 R /ID [<${ID}> <${ID}>]`,
  });

testDetector(encryptionDetector, {
  valid: [{ name: 'an unencrypted statement', input: structureContext(statement()) }],
  invalid: [
    ...(hasQpdf()
      ? [
          {
            name: 'encrypted from the first save, owner password only (opens for anyone)',
            input: structureContext(() => qpdf(statement(), ['--encrypt', '', 'owner', '256', '--'])),
            reasons: ['structural_anomaly.encrypted'],
            check: (found: Finding[]) => {
              expect(found[0].strength).toBeLessThanOrEqual(0.15);
              expect(found[0].evidence.encryption).toMatchObject({ algorithm: 'AES', key_bits: 256, r: 6, password: 'owner_only', added_in_revision: 1 });
              expect(found[0].summary).toContain('opens without a password');
            },
          },
        ]
      : []),
    {
      name: 'encryption added by a later update',
      input: structureContext(lockedByUpdate),
      reasons: ['structural_anomaly.encrypted_after_edit'],
      check: (found: Finding[]) => {
        expect(found[0].strength).toBeGreaterThan(0.15);
        expect(found[0].evidence).toMatchObject({ revision: 2, revisions: [1, 2], encryption: { algorithm: 'RC4', key_bits: 128, added_in_revision: 2 } });
        expect(found[0].summary).toContain('revision 2 of 2');
      },
    },
  ],
});
