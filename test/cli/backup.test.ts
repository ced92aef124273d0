/**
 * `veracity backup`, `veracity restore` and `veracity audit verify`, run as the real binary
 * against a workspace that a service is using at the same time.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, makePdf, pdfForm, pollUntilSettled, startTestService, submitAndWait, tempDir, type TestService } from '../service/helpers.js';
import { runCli } from './cli-helpers.js';

const scratch = tempDir('veracity-backup-');
let svc: TestService;

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService({ dataDir: join(scratch, 'live'), workers: 2 });
});
afterAll(async () => {
  await svc?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('veracity audit verify', () => {
  it('exits 0 with the count when the chain is intact, 1 naming the first altered event', async () => {
    const dir = join(scratch, 'audit');
    const own = await startTestService({ dataDir: dir });
    try {
      await submitAndWait(own, await makePdf('audit cli'));
      await own.api('/api/v1/thresholds/', { method: 'PATCH', json: { pending_below: 25 } });
      // The running service holds the instance lock: verify must not need it.
      const ok = await runCli(['audit', 'verify', '--data-dir', dir]);
      const count = await own.service.context.store.audit.count();
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toBe(`audit chain intact: ${count} events\n`);

      const victim = (await own.service.context.store.sql.get<{ id: string; seq: number }>('SELECT id, seq FROM audit_events ORDER BY seq LIMIT 1 OFFSET 1'))!;
      await own.service.context.store.sql.run("UPDATE audit_events SET actor_key_id = 'key_forged' WHERE seq = ?", [victim.seq]);
      const broken = await runCli(['audit', 'verify', '--data-dir', dir]);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(`audit chain broken at ${victim.id} (event 2)`);
      expect(broken.stderr).toContain('altered');
    } finally {
      await own.service.close();
    }
    const none = await runCli(['audit', 'verify', '--data-dir', join(scratch, 'nowhere')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no workspace');
  });

  it('keys created and revoked with the CLI are audited', async () => {
    const dir = join(scratch, 'keys');
    const created = await runCli(['keys', 'create', '--role', 'viewer', '--data-dir', dir]);
    expect(created.code, created.stderr).toBe(0);
    const id = /key_[0-9A-Za-z]+/.exec(created.stderr)![0];
    expect((await runCli(['keys', 'revoke', id, '--data-dir', dir])).code).toBe(0);
    const db = new Database(join(dir, 'veracity.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT action, target_id, actor_key_id, details FROM audit_events ORDER BY seq').all()).toEqual([
        { action: 'api_key.created', target_id: id, actor_key_id: null, details: expect.stringContaining('"via":"cli"') },
        { action: 'api_key.revoked', target_id: id, actor_key_id: null, details: '{"via":"cli"}' },
      ]);
    } finally {
      db.close();
    }
    const verify = await runCli(['audit', 'verify', '--data-dir', dir]);
    expect(verify.stdout).toBe('audit chain intact: 2 events\n');
  });
});

describe('veracity backup / restore', () => {
  it('refuses a non-empty destination, a missing workspace and a folder that is no backup', async () => {
    const full = join(scratch, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'x'), 'x');
    const out = await runCli(['backup', '--out', full, '--data-dir', svc.dataDir]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('not an empty folder');
    const missing = await runCli(['backup', '--out', join(scratch, 'b-missing'), '--data-dir', join(scratch, 'nowhere')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No workspace');
    const notBackup = await runCli(['restore', full, '--data-dir', join(scratch, 'r-nob')]);
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('not a Veracity backup');

    const backup = join(scratch, 'b-small');
    expect((await runCli(['backup', '--out', backup, '--data-dir', svc.dataDir])).code).toBe(0);
    const into = await runCli(['restore', backup, '--data-dir', full]);
    expect(into.code).toBe(1);
    expect(into.stderr).toContain('Refusing to restore');
    expect(readFileSync(join(full, 'x'), 'utf8')).toBe('x');
    expect((await runCli(['restore', backup])).code).not.toBe(0);
  });

  it('a backup taken while 200 checks are submitted restores every check complete at snapshot time identically; the chain verifies', async () => {
    const docs = await Promise.all(Array.from({ length: 200 }, (_, i) => makePdf(`Statement ${i} balance ${1000 + i}.00`, { findings: [], delay_ms: 15 })));
    // Some settings and a deleted check, so the snapshot holds more than checks.
    await svc.api('/api/v1/rules/', { json: { title: 'backup rule', condition: 'true', score_delta: 5 } });
    const gone = await submitAndWait(svc, await makePdf('deleted before backup'));
    await svc.api(`/api/v1/document-checks/${gone.id}/`, { method: 'DELETE' });

    const ids: string[] = [];
    let next = 0;
    let backupStarted = -1;
    let backupEnded = -1;
    let backupDone!: () => void;
    const backupFinished = new Promise<void>((r) => (backupDone = r));
    const submitter = async () => {
      while (next < docs.length) {
        const i = next++;
        // On a slow machine the CLI may take longer to start than 150 submissions: keep the last
        // few back until the backup ends, so it is always taken while submissions go on.
        if (i >= 190) await backupFinished;
        const res = await svc.api('/api/v1/document-checks/', { form: pdfForm(docs[i], {}, `s${i}.pdf`) });
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
    };
    const backupDir = join(scratch, 'b-busy');
    const backup = (async () => {
      while (ids.length < 40) await new Promise((r) => setTimeout(r, 10));
      backupStarted = ids.length;
      const result = await runCli(['backup', '--out', backupDir, '--data-dir', svc.dataDir]).finally(() => backupDone());
      backupEnded = ids.length;
      return result;
    })();
    await Promise.all([submitter(), submitter(), submitter(), submitter()]);
    const backed = await backup;
    expect(backed.code, backed.stderr).toBe(0);
    expect(backed.stdout).toMatch(/^backed up \d+ checks, \d+ files and \d+ audit events to /);
    // The snapshot really was taken mid-stream.
    expect(backupStarted).toBeGreaterThanOrEqual(40);
    expect(backupEnded).toBeLessThan(200);
    for (const id of ids) await pollUntilSettled(svc, id);

    const manifest = JSON.parse(readFileSync(join(backupDir, 'backup.json'), 'utf8'));
    expect(manifest).toMatchObject({ object: 'veracity_backup', format: 1, missing_files: [] });
    expect(manifest.checks).toBeGreaterThanOrEqual(backupStarted);
    expect(manifest.checks).toBeLessThanOrEqual(backupEnded + 4);
    const snap = new Database(join(backupDir, 'veracity.db'), { readonly: true });
    const settled = (snap.prepare("SELECT id FROM checks WHERE status != 'processing'").all() as Array<{ id: string }>).map((r) => r.id);
    const snapEvents = (snap.prepare('SELECT id FROM audit_events').all() as Array<{ id: string }>).map((r) => r.id);
    snap.close();
    expect(settled.length).toBeGreaterThan(0);

    const restoredDir = join(scratch, 'restored');
    const restored = await runCli(['restore', backupDir, '--data-dir', restoredDir]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`restored ${manifest.checks} checks`);
    const verify = await runCli(['audit', 'verify', '--data-dir', restoredDir]);
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toBe(`audit chain intact: ${snapEvents.length} events\n`);

    const again = await startTestService({ dataDir: restoredDir });
    try {
      for (const id of settled) {
        const [before, after] = await Promise.all([svc.api(`/api/v1/document-checks/${id}/`), again.api(`/api/v1/document-checks/${id}/`)]);
        expect(after.status).toBe(200);
        expect(after.body).toEqual(before.body);
      }
      expect((await again.api(`/api/v1/document-checks/${gone.id}/`)).status).toBe(404);
      for (const path of ['/api/v1/rules/', '/api/v1/thresholds/', '/api/v1/flag-settings/', '/api/v1/retention/']) {
        expect((await again.api(path)).body).toEqual((await svc.api(path)).body);
      }
      // Every stored file came along: checks left processing at snapshot time complete after restore.
      const restoredIds = (await again.service.context.store.sql.all<{ id: string }>('SELECT id FROM checks')).map((r) => r.id);
      for (const id of restoredIds) expect((await pollUntilSettled(again, id)).status).toBe('completed');
      // The restored audit log is the snapshot's prefix of the live one.
      const live = new Map((await svc.service.context.store.audit.list(100_000))!.data.map((e) => [e.id, e]));
      for (const e of (await again.service.context.store.audit.list(100_000))!.data) expect(e).toEqual(live.get(e.id));
    } finally {
      await again.service.close();
    }
    expect(existsSync(join(restoredDir, 'veracity.db'))).toBe(true);
  }, 180_000);
});
