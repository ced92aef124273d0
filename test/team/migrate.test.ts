/**
 * `veracity migrate` (issue 13): a desktop workspace (SQLite, made through the API) copied by the
 * built CLI into a new PostgreSQL database answers every GET as before from a team server, and
 * its stored files are in the files folder. Skips with one line when PostgreSQL is absent.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, type PgCluster } from '../support/postgres.js';
import { finding, makePdf, startTestService, submitAndWait, tempDir, type TestService } from '../service/helpers.js';

const CLI = fileURLToPath(new URL('../../bin/veracity.js', import.meta.url));
const cluster: PgCluster | null = startPostgres();
if (!cluster) process.stdout.write('PostgreSQL (initdb/pg_ctl) not found: the migrate test is skipped\n');

/** What a reviewer sees of a workspace, by GET. */
async function view(svc: TestService, checkIds: string[]) {
  const out: Record<string, unknown> = {};
  for (const path of [
    '/api/v1/document-checks/?limit=10',
    '/api/v1/rules/',
    '/api/v1/thresholds/',
    '/api/v1/flag-settings/',
    '/api/v1/retention/',
    '/api/v1/audit-events/?limit=50',
  ]) {
    out[path] = (await svc.api(path)).body;
  }
  for (const id of checkIds) {
    out[id] = (await svc.api(`/api/v1/document-checks/${id}/`)).body;
    out[`${id}/feedback`] = (await svc.api(`/api/v1/document-checks/${id}/feedback/`)).body;
    out[`${id}/related`] = (await svc.api(`/api/v1/document-checks/${id}/related/`)).body;
  }
  return out;
}

describe.skipIf(!cluster)('veracity migrate', () => {
  const dirs: string[] = [];
  afterAll(() => {
    cluster?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('copies a desktop workspace into PostgreSQL: every GET answers as before, files in --files-dir', async () => {
    const desktop = tempDir();
    const filesDir = tempDir('veracity-files-');
    dirs.push(desktop, filesDir);
    const before = await startTestService({ dataDir: desktop, database: undefined });
    const a = await submitAndWait(before, await makePdf('Invoice 1', { findings: [finding('incremental_edit', 0.7)] }));
    const b = await submitAndWait(before, await makePdf('Invoice 1'));
    await before.api(`/api/v1/document-checks/${a.id}/feedback/`, { json: { rating: 'agree' } });
    await before.api('/api/v1/rules/', { json: { title: 'Big', condition: 'risk_score > 50', outcome_guidance: 'ADVISORY' } });
    await before.api('/api/v1/thresholds/', { method: 'PATCH', json: { pending_below: 20 } });
    await before.api('/api/v1/flag-settings/', { method: 'PATCH', json: { disabled_flag_codes: ['scrubbed_metadata'] } });
    const expected = await view(before, [a.id, b.id]);
    await before.close();

    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query('CREATE DATABASE migrated');
    await admin.end();
    const url = cluster!.urlFor('migrated');
    const node = tempDir();
    dirs.push(node);
    const run = spawnSync(process.execPath, [CLI, 'migrate', '--from-data-dir', desktop, '--database', url, '--files-dir', filesDir, '--data-dir', node], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout, run.stdout).toMatch(/^migrated: .*checks 2.*; 2 stored files\n$/);
    const stored = readdirSync(filesDir).flatMap((prefix) => readdirSync(join(filesDir, prefix)));
    expect(stored.sort()).toEqual([a.document.sha256, b.document.sha256].sort());

    const after = await startTestService({ dataDir: node, database: url, filesDir });
    try {
      expect(await view(after, [a.id, b.id])).toEqual(expected);
      // The keys came too: the desktop's owner key answered the views above (a workspace with
      // keys registers no bootstrap key).
      // New checks carry on after the copied ones.
      const c = await submitAndWait(after, await makePdf('Invoice 2'));
      expect(c.status).toBe('completed');
      expect((await after.api('/api/v1/document-checks/?limit=10')).body.data.map((d: { id: string }) => d.id)).toEqual([c.id, b.id, a.id]);
    } finally {
      await after.close();
    }
    // A second run refuses: the database holds a workspace now.
    const again = spawnSync(process.execPath, [CLI, 'migrate', '--from-data-dir', desktop, '--database', url, '--files-dir', filesDir, '--data-dir', node], {
      encoding: 'utf8',
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds a workspace/);
  });
});
