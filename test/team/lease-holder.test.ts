/**
 * A team server's lease names the process that holds the check (issue 13): operators see which
 * node is analysing a check, and the kill -9 test kills exactly the worker caught mid-analysis.
 * Skips with one line when PostgreSQL is absent.
 */
import { hostname } from 'node:os';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { leaseHolder, newLease } from '../../electron/service/queue/pg-queue.js';
import { startPostgres, type PgCluster } from '../support/postgres.js';
import { makePdf, pdfForm, pollUntilSettled, startTestService, tempDir } from '../service/helpers.js';

describe('lease format', () => {
  it('names host and pid, and is unique per attempt', () => {
    const a = newLease('node-7.example', 4242);
    expect(leaseHolder(a)).toEqual({ host: 'node-7.example', pid: 4242 });
    expect(newLease('h', 1)).not.toBe(newLease('h', 1));
  });

  it('names no holder for a bare UUID (a lease written before holders were named) or none', () => {
    expect(leaseHolder('0b7d6c3e-8a51-4f3e-9d3a-1f0e2b4c5d6e')).toBeNull();
    expect(leaseHolder(null)).toBeNull();
    expect(leaseHolder('h/not-a-pid/x')).toBeNull();
  });
});

const cluster: PgCluster | null = startPostgres();
if (!cluster) process.stdout.write('PostgreSQL (initdb/pg_ctl) not found: the team lease test is skipped\n');

describe.skipIf(!cluster)('team server lease', () => {
  const dataDir = tempDir();
  afterAll(() => {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a check in analysis is leased to the process analysing it', async () => {
    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query('CREATE DATABASE lease_holder');
    await admin.end();
    const url = cluster!.urlFor('lease_holder');
    const svc = await startTestService({ dataDir, database: url });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const res = await svc.api('/api/v1/document-checks/', { form: pdfForm(await makePdf('Invoice 7', { delay_ms: 1500 })) });
      expect(res.status).toBe(201);
      let lease: string | null = null;
      while (!lease) {
        const row = (await db.query('SELECT status, lease FROM checks WHERE id = $1', [res.body.id])).rows[0] as { status: string; lease: string | null };
        expect(row.status).toBe('processing');
        lease = row.lease;
        if (!lease) await new Promise((r) => setTimeout(r, 20));
      }
      expect(leaseHolder(lease)).toEqual({ host: hostname(), pid: process.pid });
      expect((await pollUntilSettled(svc, res.body.id)).status).toBe('completed');
    } finally {
      await db.end();
      await svc.close();
    }
  });
});
