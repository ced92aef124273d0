/**
 * Regression (issue 29, item 8): `serve`, `worker` and `migrate` read VERACITY_DATABASE_URL, but
 * `keys`, `webhook-secret` and `audit verify` opened SQLite in the data folder regardless, so on
 * a team server configured through the environment `veracity keys create` printed a key the
 * server rejected. Every command that opens a workspace now resolves it the same way: the
 * flag, else the environment, else SQLite in the data folder. Skips when PostgreSQL is absent.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/service/store/open.js';
import { DATABASE_FILE } from '../../electron/service/store/index.js';
import { startPostgres, type PgCluster } from '../support/postgres.js';
import { tempDir } from '../service/helpers.js';
import { runCli } from './cli-helpers.js';

const cluster: PgCluster | null = startPostgres();
if (!cluster) process.stdout.write('PostgreSQL (initdb/pg_ctl) not found: the VERACITY_DATABASE_URL CLI test is skipped\n');

describe.skipIf(!cluster)('commands that open a workspace honour VERACITY_DATABASE_URL', () => {
  let url: string;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query('CREATE DATABASE team');
    await admin.end();
    url = cluster!.urlFor('team');
    dataDir = tempDir();
    env = { VERACITY_DATABASE_URL: url, VERACITY_DATA_DIR: dataDir };
  });
  afterAll(() => {
    cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The team server's own view of its workspace. */
  async function teamStore<T>(fn: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>): Promise<T> {
    const store = await openStore({ dataDir, database: url });
    try {
      return await fn(store);
    } finally {
      await store.close();
    }
  }

  it('keys create, list and revoke work on the database the environment names, never a local SQLite', async () => {
    const created = await runCli(['keys', 'create', '--role', 'admin', '--name', 'ops'], env);
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim().split('\n').pop()!;
    expect(key).toMatch(/^vk_live_/);
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);

    const stored = await teamStore((store) => store.keys.authenticate(key));
    expect(stored).toMatchObject({ role: 'admin', name: 'ops' });

    const listed = await runCli(['keys', 'list', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as Array<{ id: string }>).map((k) => k.id)).toEqual([stored!.id]);

    const revoked = await runCli(['keys', 'revoke', stored!.id], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await teamStore((store) => store.keys.get(stored!.id)))?.revoked_at).not.toBeNull();
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
  });

  it('webhook-secret prints the secret the team server signs with', async () => {
    const printed = await runCli(['webhook-secret'], env);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout.trim()).toBe(await teamStore((store) => store.settings.webhookSecret()));
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
  });

  it('audit verify checks the team server audit log', async () => {
    const events = await teamStore(async (store) => (await store.audit.verify()).count);
    expect(events).toBeGreaterThan(0);
    const verified = await runCli(['audit', 'verify'], env);
    expect(verified.stderr).toBe('');
    expect(verified.stdout).toBe(`audit chain intact: ${events} events\n`);
    expect(verified.code).toBe(0);
  });

  it('a --database flag still wins over the environment', async () => {
    const listed = await runCli(['keys', 'list', '--json', '--database', 'postgresql://postgres@/no_such_db?host=/nonexistent'], env);
    expect(listed.code).not.toBe(0);
  });
});
