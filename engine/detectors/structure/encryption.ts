/**
 * The encryption itself, as evidence. Banks encrypt statements from the first save (context
 * only: a reviewer should know the file was opened with a password, and how strongly it is
 * locked). Encryption that arrives in a later incremental update means the file was changed and
 * then locked, a known step for hiding an edit from casual inspection: a stronger reason.
 */
import type { DetectorContext } from '../../facts/context.js';
import type { PdfEncryption } from '../../read/pdf/structure/types.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';

const EMITS = [{ flag: 'structural_anomaly', reasons: ['encrypted', 'encrypted_after_edit'] }] as const satisfies readonly Emit[];
type Found = DeclaredFinding<typeof EMITS>;

/** "AES 256-bit", "RC4 40-bit": what people call the cipher. */
export function cipherWords(e: PdfEncryption): string {
  if (e.algorithm === 'unknown') return `the ${e.filter} security handler`;
  if (e.algorithm === 'none') return 'no cipher (identity crypt filters)';
  return `${e.algorithm}${e.keyBits ? ` ${e.keyBits}-bit` : ''}`;
}

function lockWords(e: PdfEncryption): string {
  if (!e.userPassword) return 'opens without a password (an owner password restricts printing or copying only)';
  if (e.openedWith === 'owner_password') return 'needs a password to open; it was opened with the owner password supplied';
  if (e.openedWith === 'user_password') return 'needs a password to open; it was opened with the password supplied';
  return 'needs a password to open, and our parser could not open it';
}

export const encryptionDetector = defineDetector({
  meta: {
    id: 'structure/encryption',
    description: 'The file is encrypted: the cipher, whether it needs a password to open, and the revision that added the encryption.',
    appliesTo: ['pdf'],
    needs: ['pdf'],
    emits: EMITS,
  },
  run(ctx: DetectorContext): Found[] {
    const e = ctx.pdf?.encryption;
    if (!ctx.pdf || !e) return [];
    const revisions = ctx.pdf.revisions.filter((r) => !r.isLinearizationSection);
    const total = revisions.length;
    const first = e.firstRevision;
    const evidence = {
      encryption: {
        handler: e.filter,
        algorithm: e.algorithm,
        key_bits: e.keyBits,
        v: e.v,
        r: e.r,
        password: e.userPassword ? 'user' : 'owner_only',
        opened_with: e.openedWith,
        added_in_revision: first,
      },
      ...(first !== null ? { revision: first } : {}),
    };
    const addedLater = first !== null && revisions.length > 0 && first > revisions[0].number;
    if (addedLater) {
      return [
        {
          flag: 'structural_anomaly',
          code: 'structural_anomaly.encrypted_after_edit',
          summary: `Encryption (${cipherWords(e)}) was added by a later update, revision ${first} of ${total}: the file was saved without it first, so it was changed and then locked. It ${lockWords(e)}.`,
          pages: [],
          evidence: { ...evidence, revisions: revisions.map((r) => r.number) },
          strength: STRENGTH['structural_anomaly.encrypted_after_edit'],
        },
      ];
    }
    return [
      {
        flag: 'structural_anomaly',
        code: 'structural_anomaly.encrypted',
        summary: `The file is encrypted (${cipherWords(e)}, standard handler revision ${e.r}) from its first save, as banks' statements often are. It ${lockWords(e)}.`,
        pages: [],
        evidence,
        strength: STRENGTH['structural_anomaly.encrypted'],
      },
    ];
  },
});
