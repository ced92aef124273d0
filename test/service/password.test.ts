/**
 * Password-protected PDFs through the API (issue 32 item 7), with the real engine: the password
 * opens the file, a missing or wrong one is a 422 a tool can ask again on (with ?wait=true) or
 * the check's failure code (without), and the password itself is found nowhere afterwards: not
 * in any stored byte or row, log line, webhook body or audit event.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledModule } from '../../electron/service/paths.js';
import { genuineStatement } from '../engine/read/pdf/text/fixtures.js';
import { encrypt, OWNER_PASSWORD, qpdfOrSkip, SCHEMES, USER_PASSWORD } from '../engine/read/pdf/encryption/fixtures.js';
import { assertWorkerBuilt, BACKEND, openTestStore, pdfForm, pollUntilSettled, startTestService, tempDir, type TestService } from './helpers.js';
import { Receiver } from './webhook-receiver.js';

const HAS_QPDF = qpdfOrSkip();
const WRONG = 'not-the-password-7731';

/** Every file under the data folder, recursively (database, its WAL, uploads, logs). */
function everyFile(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? everyFile(path) : [path];
  });
}

describe.skipIf(!HAS_QPDF || BACKEND !== 'sqlite')('password-protected PDFs through the API', () => {
  const lines: string[] = [];
  const receiver = new Receiver();
  let svc: TestService;
  let locked: Buffer;
  let plainId = '';
  let closed = false;
  const dataDir = tempDir();

  beforeAll(async () => {
    assertWorkerBuilt();
    await receiver.start();
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    svc = await startTestService({
      workerFile: compiledModule('electron/service/queue/worker.ts'),
      logger: pino({ level: 'trace' }, logStream),
      maxUploadBytes: 8 * 1024 * 1024,
      dataDir,
    });
    locked = Buffer.from(encrypt(await genuineStatement({ fonts: 'embedded' }), SCHEMES[3]));
  }, 60_000);

  afterAll(async () => {
    if (!closed) await svc?.close();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('analyses with the right password and records only that one was supplied', async () => {
    const res = await svc.api('/api/v1/document-checks/?wait=true', { form: pdfForm(locked, { password: USER_PASSWORD, webhook_url: receiver.url }) });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('completed');
    expect(res.body.engine.password_supplied).toBe(true);
    expect(res.body.document.pages).toBe(2);
    const encryption = res.body.flags
      .flatMap((f: { reasons: Array<{ code: string }> }) => f.reasons)
      .find((r: { code: string }) => r.code === 'structural_anomaly.encrypted');
    expect(encryption?.evidence.encryption).toMatchObject({ algorithm: 'AES', key_bits: 256, password: 'user', added_in_revision: 1 });
    // Context only: encryption from the first save does not move a clean statement out of clear.
    expect(res.body.decision).toBe('clear');
    plainId = res.body.id;
    await receiver.waitFor(1);
  }, 60_000);

  it('opens with the owner password as well', async () => {
    const res = await svc.api('/api/v1/document-checks/?wait=true', { form: pdfForm(locked, { password: OWNER_PASSWORD }) });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('completed');
  }, 60_000);

  it('answers 422 password_required / password_incorrect when the caller waits', async () => {
    const missing = await svc.api('/api/v1/document-checks/?wait=true', { form: pdfForm(locked, { webhook_url: receiver.url }) });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toMatchObject({ type: 'invalid_request_error', code: 'password_required' });
    const wrong = await svc.api('/api/v1/document-checks/?wait=true', { form: pdfForm(locked, { password: WRONG, webhook_url: receiver.url }) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('password_incorrect');
    expect(JSON.stringify(wrong.body)).not.toContain(WRONG);
    // The failed check is named in the message and keeps the code.
    const id = /dc_[A-Za-z0-9]+/.exec(wrong.body.error.message)?.[0];
    const check = await svc.api(`/api/v1/document-checks/${id}/`);
    expect(check.body).toMatchObject({ status: 'failed', error: { code: 'password_incorrect' }, engine: { password_supplied: true } });
  }, 60_000);

  it('without ?wait=true the check fails with the code a tool asks again on', async () => {
    const res = await svc.api('/api/v1/document-checks/', { form: pdfForm(locked) });
    expect(res.status).toBe(201);
    const settled = await pollUntilSettled(svc, res.body.id);
    expect(settled).toMatchObject({ status: 'failed', error: { code: 'password_required' }, engine: { password_supplied: false } });
  }, 60_000);

  it('refuses a password in the URL', async () => {
    const res = await svc.api(`/api/v1/document-checks/?password=${USER_PASSWORD}`, { form: pdfForm(locked) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain(USER_PASSWORD);
  });

  it('leaves the passwords in no stored byte or row, log line, webhook body or audit event', async () => {
    await receiver.waitFor(3);
    const secrets = [USER_PASSWORD, OWNER_PASSWORD, WRONG];
    const audit = await svc.api('/api/v1/audit-events/?limit=100');
    expect(audit.status).toBe(200);
    expect(audit.body.data.length).toBeGreaterThan(0);
    const bodies = receiver.deliveries.map((d) => d.body);
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeGreaterThan(0);
    const store = await openTestStore(svc.dataDir);
    const rows: string[] = [];
    try {
      const tables = await store.sql.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'");
      for (const { name } of tables) rows.push(JSON.stringify(await store.sql.all(`SELECT * FROM ${name}`)));
      expect(rows.join('')).toContain(plainId);
    } finally {
      await store.close();
    }
    await svc.close();
    closed = true;
    const files = everyFile(dataDir).map((f) => readFileSync(f).toString('latin1'));
    for (const secret of secrets) {
      expect(lines.join('\n')).not.toContain(secret);
      expect(bodies.join('\n')).not.toContain(secret);
      expect(JSON.stringify(audit.body)).not.toContain(secret);
      expect(rows.join('\n')).not.toContain(secret);
      for (const bytes of files) {
        expect(bytes).not.toContain(secret);
        expect(bytes).not.toContain(Buffer.from(secret, 'utf16le').toString('latin1'));
      }
    }
  }, 60_000);
});

describe('a team server (workers in other processes)', () => {
  it('refuses a password before storing anything, with a code of its own', async () => {
    const { CheckService, PasswordNotAccepted } = await import('../../electron/service/checks/check-service.js');
    let built = false;
    // The store is touched only by the constructor (the library's wrapper); after that, any use fails the test.
    const untouched = new Proxy(
      {},
      {
        get: () => {
          if (built) throw new Error('nothing may be stored');
          return {};
        },
      },
    );
    const service = new CheckService(untouched as never, untouched as never, untouched as never, pino({ level: 'silent' }));
    built = true;
    service.attach({ analysesHere: false } as never);
    const file = { tempPath: '/nonexistent', filename: 'a.pdf', sha256: 'x', size: 10, head: Buffer.from('%PDF-1.7\n') };
    await expect(service.submit(file, { actor: null, password: USER_PASSWORD })).rejects.toBeInstanceOf(PasswordNotAccepted);
  });
});
