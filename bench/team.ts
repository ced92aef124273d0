/**
 * `npm run bench -- --only team` (issue 13): GET one check and list 100 over 100,000 stored
 * checks, served by `veracity serve` on PostgreSQL (a throwaway initdb cluster, as the tests
 * use) next to the same on SQLite. Opt-in: it needs Debian's postgresql.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { newCheckId } from '../electron/service/store/ids.js';
import { openStore } from '../electron/service/store/open.js';
import { ENGINE_VERSION } from '../engine/index.js';
import { startPostgres } from '../test/support/postgres.js';
import { KEY, sampleVerdict, serve, stop, type Served } from './api.js';
import type { BenchModule, BenchRow } from './types.js';

const CHECKS = Number(process.env.BENCH_SEED_CHECKS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);

/** Seeds completed checks through the store's own Sql (the same statements on both back ends). */
async function seed(dataDir: string, database: string | undefined): Promise<{ id: string; ms: number }> {
  const started = performance.now();
  const store = await openStore({ dataDir, database });
  try {
    const sha = 'ab'.repeat(32);
    const at0 = new Date().toISOString();
    await store.sql.run("INSERT INTO uploads (sha256, size_bytes, mime_type, created_at) VALUES (?, 1234, 'application/pdf', ?)", [sha, at0]);
    const thresholds = JSON.stringify({ pending_below: 40, suspicious_below: 60, fraudulent_below: 80 });
    const snapshot = JSON.stringify({ disabled_flag_codes: [], rules: [] });
    const verdict = sampleVerdict();
    const extracted = {
      doc_type: 'bank_statement',
      issuer: 'Bank',
      name: 'A. Person',
      address: null,
      document_date: '2024-03-31',
      account_number: null,
      currency: 'EUR',
    };
    const analysis = JSON.stringify({
      engineVersion: ENGINE_VERSION,
      document: { mime_type: 'application/pdf', format: 'digital_pdf', pages: 2 },
      extracted,
      findings: [],
      text: 'Date Description Amount Balance\n'.repeat(60),
      incomplete: [],
      timings: {},
    });
    const base = Date.now() - CHECKS * 1000;
    let last = '';
    // 100 rows a statement, 5,000 a transaction.
    const ROWS = 100;
    const tuple = `(?, ?, 'completed', ?, 'application/pdf', 1234, ?, 2, 'normal', ?, ?, ?, ?, ?, ?)`;
    for (let start = 0; start < CHECKS; start += 5000) {
      await store.transaction(async (tx) => {
        for (let i = start; i < Math.min(CHECKS, start + 5000); i += ROWS) {
          const params = [];
          const n = Math.min(ROWS, CHECKS - i);
          for (let j = 0; j < n; j++) {
            last = newCheckId();
            const at = new Date(base + (i + j) * 1000).toISOString();
            params.push(last, at, `statement-${i + j}.pdf`, sha, ENGINE_VERSION, thresholds, snapshot, verdict, analysis, at);
          }
          await tx.sql.run(
            `INSERT INTO checks (id, created_at, status, filename, mime_type, size_bytes, sha256, pages, mode, engine_version, thresholds, snapshot, verdict, analysis, completed_at)
             VALUES ${Array.from({ length: n }, () => tuple).join(', ')}`,
            params,
          );
        }
      });
    }
    if (store.sql.dialect === 'postgres') await store.sql.exec('ANALYZE checks');
    return { id: last, ms: performance.now() - started };
  } finally {
    await store.close();
  }
}

function serveOn(dataDir: string, database: string | undefined): Promise<Served> {
  return serve(dataDir, {}, 1, database ? ['--database', database] : []);
}

async function load(url: string, connections: number) {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers: { authorization: `Bearer ${KEY}` } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

async function measure(backend: string, database: string | undefined): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), `veracity-bench-team-${backend}-`));
  try {
    const seeded = await seed(dir, database);
    const rows: BenchRow[] = [{ bench: 'team', metric: `${backend}: seed ${CHECKS} checks`, value: Math.round(seeded.ms), unit: 'ms' }];
    const served = await serveOn(dir, database);
    try {
      const api = `${served.url}/api/v1/document-checks/`;
      const get = await load(`${api}${seeded.id}/`, 50);
      rows.push({ bench: 'team', metric: `${backend}: GET check, 50 conn, p50`, value: get.latency.p50, unit: 'ms' });
      rows.push({ bench: 'team', metric: `${backend}: GET check, 50 conn, p99`, value: get.latency.p99, unit: 'ms' });
      rows.push({ bench: 'team', metric: `${backend}: GET check, 50 conn, throughput`, value: Math.round(get.requests.average), unit: 'req/s' });
      const list1 = await load(`${api}?limit=100&starting_after=${seeded.id}`, 1);
      rows.push({ bench: 'team', metric: `${backend}: list 100 of ${CHECKS}, 1 conn, p50`, value: list1.latency.p50, unit: 'ms' });
      const list50 = await load(`${api}?limit=100`, 50);
      rows.push({ bench: 'team', metric: `${backend}: list 100 of ${CHECKS}, 50 conn, p99`, value: list50.latency.p99, unit: 'ms' });
    } finally {
      await stop(served);
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const teamBench: BenchModule = {
  name: 'team',
  async run() {
    const cluster = startPostgres();
    if (!cluster) throw new Error('PostgreSQL (initdb/pg_ctl) not found: apt-get install postgresql');
    try {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('CREATE DATABASE bench');
      await admin.end();
      return [...(await measure('sqlite', undefined)), ...(await measure('postgresql', cluster.urlFor('bench')))];
    } finally {
      cluster.stop();
    }
  },
};
