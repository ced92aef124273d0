import type { Analysis } from '../../engine/types.js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../electron/service/db/open.js';
import { MIGRATIONS } from '../../electron/service/db/migrations.js';
import { Store } from '../../electron/service/store/index.js';
import { newCheckId } from '../../electron/service/store/ids.js';
import { presented, presentedPage, tempDir } from './helpers.js';

const dirs: string[] = [];
const fresh = () => {
  const dir = tempDir('veracity-store-');
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const THRESHOLDS = { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 };

async function insertCheck(store: Store, id = newCheckId()) {
  await store.sql.run("INSERT INTO uploads VALUES ('ab', 1, 'application/pdf', 'now') ON CONFLICT DO NOTHING");
  return store.checks.insert({
    id,
    filename: 'a.pdf',
    mime_type: 'application/pdf',
    size_bytes: 1,
    sha256: 'ab',
    mode: 'normal',
    engine_version: '1.0.0',
    thresholds: THRESHOLDS,
    snapshot: { disabled_flag_codes: [], rules: [] },
    webhook_url: null,
  });
}

describe('migrations', () => {
  it('apply once, in order, and are recorded', () => {
    const dir = fresh();
    const db = openDatabase(join(dir, 'x.db'));
    const versions = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>).map((r) => r.version);
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db, MIGRATIONS)).toEqual([]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('bring an older database up to date without losing rows', () => {
    const dir = fresh();
    const file = join(dir, 'old.db');
    const db = new Database(file);
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version === 1),
    );
    db.prepare('INSERT INTO settings VALUES (\'thresholds\', \'{"pending_below":30,"suspicious_below":50,"fraudulent_below":70}\', \'then\')').run();
    db.close();
    const reopened = openDatabase(file);
    expect((reopened.prepare('SELECT value FROM settings').get() as { value: string }).value).toContain('30');
    // Later migrations ran too: the checks keep one stored form (migration 4), the Analysis in the row.
    expect(
      reopened
        .prepare('PRAGMA table_info(checks)')
        .all()
        .map((c: any) => c.name),
    ).toContain('analysis');
    reopened.close();
  });
});

describe('upload temp area', () => {
  it('sweeps only stale partial uploads', async () => {
    const store = new Store(fresh());
    try {
      const { writeFileSync, utimesSync, readdirSync } = await import('node:fs');
      const stale = join(store.uploads.tmpDir, 'stale.part');
      const live = join(store.uploads.tmpDir, 'live.part');
      writeFileSync(stale, 'x');
      writeFileSync(live, 'y');
      const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(stale, old, old);
      expect(await store.uploads.sweepTemp()).toBe(1);
      expect(readdirSync(store.uploads.tmpDir)).toEqual(['live.part']);
    } finally {
      await store.close();
    }
  });
});

describe('check store', () => {
  it('keyset pages stay exact over many checks and the first page is cheap', async () => {
    const store = new Store(fresh());
    try {
      const ids: string[] = [];
      await store.transaction(async (tx) => {
        for (let i = 0; i < 5000; i++) ids.push((await insertCheck(tx)).id);
      });
      const seen: string[] = [];
      let after: string | undefined;
      for (;;) {
        const page = (await store.checks.list(100, after))!;
        seen.push(...page.data.map((c) => c.id));
        if (!page.has_more) break;
        after = page.data.at(-1)!.id;
      }
      expect(seen).toEqual([...ids].reverse());
      const plan = store.db.prepare('EXPLAIN QUERY PLAN SELECT id FROM checks WHERE seq < 10 ORDER BY seq DESC LIMIT 101').all() as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join(' ')).not.toMatch(/TEMP B-TREE/);
    } finally {
      await store.close();
    }
  });

  it('settled checks are presented from their one stored row; an override shows in decision but keeps the score', async () => {
    const store = new Store(fresh());
    try {
      const { id } = await insertCheck(store);
      expect(JSON.parse((await presented(store.checks, id))!).status).toBe('processing');
      expect(await store.checks.setOverride(id, 'fraudulent')).toBe(false);
      await store.checks.complete(id, {
        pages: 2,
        format: 'digital_pdf',
        engine_version: '1.0.0',
        extracted: { doc_type: 'invoice', issuer: null, name: null, address: null, document_date: null, account_number: null, currency: null },
        verdict: { decision: 'clear', risk_level: 'LOW', risk_score: 12, engine_score: 12, summary: 's', flags: [], rules: [] },
        analysis: { structure: { revisions: [] } } as unknown as Analysis,
      });
      const done = JSON.parse((await presented(store.checks, id))!);
      expect(done).toMatchObject({ status: 'completed', decision: 'clear', risk_score: 12, document: { pages: 2 }, extracted: { doc_type: 'invoice' } });
      expect(done).not.toHaveProperty('analysis');
      expect(await store.checks.analysis(id)).toMatchObject({
        structure: { revisions: [] },
        extracted: { doc_type: 'invoice' },
        document: { format: 'digital_pdf' },
      });
      expect(await store.checks.setOverride(id, 'fraudulent')).toBe(true);
      expect(JSON.parse((await presented(store.checks, id))!)).toMatchObject({ decision: 'fraudulent', risk_level: 'CRITICAL', risk_score: 12 });
      expect(JSON.parse((await presentedPage(store.checks, 1))!.data[0]).decision).toBe('fraudulent');
      // a completed check is never moved again by a late worker
      expect(await store.checks.fail(id, { type: 'api_error', code: 'engine_error', message: 'late' })).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('a failed row is presented with its error', async () => {
    const store = new Store(fresh());
    try {
      const { id } = await insertCheck(store);
      await store.sql.run("UPDATE checks SET status = 'failed', error = ? WHERE id = ?", [
        JSON.stringify({ type: 'api_error', code: 'corrupt_document', message: 'm' }),
        id,
      ]);
      expect(JSON.parse((await presented(store.checks, id))!)).toMatchObject({ status: 'failed', error: { code: 'corrupt_document' }, decision: null });
    } finally {
      await store.close();
    }
  });
});

describe('one service per data folder', () => {
  it('refuses a second live holder, takes over a stale lock, frees it on release', async () => {
    const { acquireInstanceLock, DataDirInUseError } = await import('../../electron/service/instance-lock.js');
    const { writeFileSync } = await import('node:fs');
    const dir = fresh();
    const lock = acquireInstanceLock(dir);
    expect(() => acquireInstanceLock(dir)).toThrow(DataDirInUseError);
    lock.release();
    acquireInstanceLock(dir).release();
    // a lock naming a process that no longer exists (pid far above any real one)
    writeFileSync(join(dir, 'service.lock'), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const taken = acquireInstanceLock(dir);
    taken.release();
    // our own pid in a lock we never took: left by an earlier process that had our pid
    writeFileSync(join(dir, 'service.lock'), JSON.stringify({ pid: process.pid }));
    acquireInstanceLock(dir).release();
    // the parent test runner is alive: a lock naming it is respected
    writeFileSync(join(dir, 'service.lock'), JSON.stringify({ pid: process.ppid }));
    expect(() => acquireInstanceLock(dir)).toThrow(/pid/);
  });

  it('startService refuses a data folder another service is using', async () => {
    const { startTestService } = await import('./helpers.js');
    const first = await startTestService();
    try {
      await expect(startTestService({ dataDir: first.dataDir })).rejects.toThrow(/Another Veracity service/);
    } finally {
      await first.close();
    }
  });
});
