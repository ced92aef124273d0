/**
 * Password-protected statements (issue 32 item 7): with the right password (user or owner) the
 * file is analysed as fully as its unencrypted twin, plus the encryption as evidence; without
 * one, or with a wrong one, the analysis fails with a code a tool can ask again on.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../../engine/analyze.js';
import { EngineError, type Analysis } from '../../../../../engine/types.js';
import { authenticate } from '../../../../../engine/read/pdf/structure/crypto.js';
import { openPdf } from '../../../../../engine/read/pdf/structure/document.js';
import { parsePdfStructure } from '../../../../../engine/read/pdf/structure/index.js';
import { appendUpdate } from '../structure/fixtures.js';
import { statement } from '../structure/updates.js';
import { genuineStatement } from '../text/fixtures.js';
import { encrypt, OWNER_PASSWORD, plainCopy, qpdfOrSkip, SCHEMES, USER_PASSWORD } from './fixtures.js';

const HAS_QPDF = qpdfOrSkip();
const NOW = '2026-11-29T00:00:00Z';
const ENCRYPTION_CODES = new Set(['structural_anomaly.encrypted', 'structural_anomaly.encrypted_after_edit']);

const codes = (a: Analysis) =>
  a.findings
    .map((f) => f.code)
    .filter((c) => !ENCRYPTION_CODES.has(c))
    .sort();
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe.skipIf(!HAS_QPDF)('password-protected PDFs', () => {
  let source: Uint8Array;
  let baseline: Analysis;

  it('has an unencrypted baseline', async () => {
    source = await genuineStatement({ fonts: 'embedded' });
    baseline = await analyze(plainCopy(source), { now: NOW, ocr: false });
    expect(baseline.document.pages).toBe(2);
  });

  for (const scheme of SCHEMES) {
    describe(scheme.name, () => {
      let locked: Uint8Array;

      it('authenticates the user and the owner password in our own parser, and refuses others', () => {
        locked = encrypt(source, scheme);
        const auth = (pw?: string) => authenticate(openPdf(locked), pw);
        expect(auth()).toEqual({ ok: false, reason: 'password_required' });
        expect(auth('not-it')).toEqual({ ok: false, reason: 'password_incorrect' });
        expect(auth(USER_PASSWORD)).toMatchObject({ ok: true, openedWith: 'user_password' });
        expect(auth(OWNER_PASSWORD)).toMatchObject({ ok: true, openedWith: 'owner_password' });
        const pdf = parsePdfStructure(locked, openPdf(locked, USER_PASSWORD));
        expect(pdf.encryption).toMatchObject({ algorithm: scheme.algorithm, keyBits: scheme.keyBits, r: scheme.r, userPassword: true, firstRevision: 1 });
        // The metadata is read through the decryption, exactly as in the unencrypted copy.
        expect(pdf.info?.Producer).toBe('Statement Engine 4.2');
        expect(pdf.info).toEqual(parsePdfStructure(plainCopy(source)).info);
      });

      it('analyses with the right password like the unencrypted copy, plus the encryption as context', async () => {
        const a = await analyze(locked, { now: NOW, ocr: false, password: USER_PASSWORD });
        expect(a.document.pages).toBe(baseline.document.pages);
        expect(a.text).toBe(baseline.text);
        expect(codes(a)).toEqual(codes(baseline));
        const found = a.findings.find((f) => f.code === 'structural_anomaly.encrypted');
        expect(found?.strength).toBeLessThanOrEqual(0.15);
        expect(found?.evidence.encryption).toMatchObject({
          algorithm: scheme.algorithm,
          key_bits: scheme.keyBits,
          password: 'user',
          opened_with: 'user_password',
          added_in_revision: 1,
        });
        expect(found?.summary).toContain(`${scheme.algorithm} ${scheme.keyBits}-bit`);
        // The password is used to open the file and is never copied into the analysis.
        expect(JSON.stringify(a)).not.toContain(USER_PASSWORD);
      });

      it('fails password_required without a password and password_incorrect with a wrong one', async () => {
        const missing = await failure(analyze(locked, { now: NOW, ocr: false }));
        expect(missing).toBeInstanceOf(EngineError);
        expect(missing).toMatchObject({ code: 'password_required' });
        const wrong = await failure(analyze(locked, { now: NOW, ocr: false, password: 'wrong-password' }));
        expect(wrong).toMatchObject({ code: 'password_incorrect' });
        expect(String((wrong as Error).message)).not.toContain('wrong-password');
      });
    });
  }

  it('opens with the owner password too', async () => {
    const locked = encrypt(source, SCHEMES[3]);
    const a = await analyze(locked, { now: NOW, ocr: false, password: OWNER_PASSWORD });
    expect(a.findings.find((f) => f.code === 'structural_anomaly.encrypted')?.evidence.encryption).toMatchObject({ opened_with: 'owner_password' });
  });

  it('reports an owner-only file (opens for anyone) as such, and ignores a password it does not need', async () => {
    const restricted = encrypt(source, SCHEMES[2], '');
    for (const password of [undefined, 'unneeded']) {
      const a = await analyze(restricted, { now: NOW, ocr: false, ...(password ? { password } : {}) });
      const found = a.findings.find((f) => f.code === 'structural_anomaly.encrypted');
      expect(found?.evidence.encryption).toMatchObject({ password: 'owner_only', opened_with: 'no_password' });
      expect(found?.summary).toContain('opens without a password');
    }
  });

  it('calls encryption added by a later update a stronger reason than encryption from the first save', async () => {
    // A plain save, then an update whose trailer names an /Encrypt dictionary (owner-only RC4 taken from a qpdf copy).
    const plain = statement();
    const donor = openPdf(encrypt(plain, SCHEMES[0], ''));
    const enc = donor.dict(donor.trailerValue('Encrypt'))!;
    const hex = (k: string) => Buffer.from((enc.get(k) as { bytes: Uint8Array }).bytes).toString('hex');
    const id = donor.resolve(donor.trailerValue('ID')) as Array<{ bytes: Uint8Array }>;
    const idHex = Buffer.from(id[0].bytes).toString('hex');
    const updated = appendUpdate(plain, {
      objects: [{ num: 50, body: `<< /Filter /Standard /V 1 /R 2 /O <${hex('O')}> /U <${hex('U')}> /P ${enc.num('P')} >>` }],
      trailerExtra: `/Encrypt 50 0 R /ID [<${idHex}> <${idHex}>]`,
    });
    const pdf = parsePdfStructure(updated);
    expect(pdf.encryption?.firstRevision).toBe(2);
    const { encryptionDetector } = await import('../../../../../engine/detectors/structure/encryption.js');
    const found = await encryptionDetector.run({ pdf } as never);
    expect(found.map((f) => f.code)).toEqual(['structural_anomaly.encrypted_after_edit']);
    expect(found[0].strength).toBeGreaterThan(0.15);
    expect(found[0].evidence).toMatchObject({ revision: 2, revisions: [1, 2] });
  });
});
