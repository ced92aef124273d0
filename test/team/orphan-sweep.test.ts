/**
 * A check left `processing` with no job that can settle it is queued again (issue 13): pg-boss
 * ends a job by id alone, so a handler that ran past its expiry can complete the job a newer
 * attempt is running; were that newer worker killed, nothing would run the check again.
 * Skips with one line when PostgreSQL is absent.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECK_JOBS } from '../../electron/service/queue/pg-queue.js';
import { startPostgres, type PgCluster } from '../support/postgres.js';
import { makePdf, pdfForm, startTestService, tempDir } from '../service/helpers.js';

const cluster: PgCluster | null = startPostgres();
if (!cluster) process.stdout.write('PostgreSQL (initdb/pg_ctl) not found: the orphaned-check sweep test is skipped\n');

describe.skipIf(!cluster)('orphaned checks on the team server', () => {
  const dataDir = tempDir();
  afterAll(() => {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a processing check whose job was ended by another attempt gets a new job', async () => {
    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query('CREATE DATABASE orphan_sweep');
    await admin.end();
    const url = cluster!.urlFor('orphan_sweep');
    // No local workers: the check stays processing with its job waiting, as on a busy team.
    const svc = await startTestService({ dataDir, database: url, workers: 0, queueMaintenanceSeconds: 1 });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const jobs = async (id: string) =>
      (await db.query(`SELECT state FROM pgboss.job WHERE name = $1 AND data->>'check_id' = $2 ORDER BY created_on`, [CHECK_JOBS, id])).rows.map(
        (r: { state: string }) => r.state,
      );
    try {
      const res = await svc.api('/api/v1/document-checks/', { form: pdfForm(await makePdf('Invoice 9')) });
      expect(res.status).toBe(201);
      const id = res.body.id as string;
      expect(await jobs(id)).toEqual(['created']);
      // What a late handler's completion leaves: the check's only job completed, the check not settled.
      await db.query(`UPDATE pgboss.job SET state = 'completed', completed_on = now() WHERE name = $1 AND data->>'check_id' = $2`, [CHECK_JOBS, id]);
      const deadline = Date.now() + 30_000;
      let states = await jobs(id);
      while (!states.includes('created') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        states = await jobs(id);
      }
      expect(states).toEqual(['completed', 'created']);
      // A check that still has a live job is left alone: no third job on the next sweeps.
      await new Promise((r) => setTimeout(r, 2500));
      expect(await jobs(id)).toEqual(['completed', 'created']);
      expect((await db.query('SELECT status FROM checks WHERE id = $1', [id])).rows[0].status).toBe('processing');
    } finally {
      await db.end();
      await svc.close();
    }
  }, 120_000);
});
