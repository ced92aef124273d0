/**
 * `npm run bench -- --only workers` (issue 13): analysis throughput of a team server with one
 * `veracity worker` process against two (one analysis thread each), on this machine. Each run:
 * a fresh database, `serve --workers 0`, N small distinct PDFs queued before any worker runs,
 * then the workers start; throughput is measured between the first and the last completion
 * (`completed_at`), so worker start-up and engine warm-up are left out. Opt-in: needs postgresql.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startPostgres, type PgCluster } from '../test/support/postgres.js';
import { BIN, serve, stop, submitFile } from './api.js';
import type { BenchModule } from './types.js';

const CHECKS = Number(process.env.BENCH_WORKER_CHECKS ?? 60);

async function smallPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 120, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

function startWorker(database: string, filesDir: string): Promise<ChildProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'veracity-bench-worker-'));
  const child = spawn(process.execPath, [BIN, 'worker', '--database', database, '--files-dir', filesDir, '--data-dir', dataDir, '--workers', '1'], {
    env: { ...process.env, VERACITY_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

/** Checks per second with `processes` worker processes. */
async function throughput(cluster: PgCluster, processes: number): Promise<number> {
  const name = `bench_workers_${processes}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = cluster.urlFor(name);
  const dir = mkdtempSync(join(tmpdir(), 'veracity-bench-workers-'));
  const filesDir = join(dir, 'files');
  const served = await serve(join(dir, 'serve'), {}, 0, ['--database', database, '--files-dir', filesDir]);
  const workers: ChildProcess[] = [];
  const db = new pg.Client({ connectionString: database });
  try {
    for (let i = 0; i < CHECKS; i++) {
      const { http } = await submitFile(served, { bytes: await smallPdf(`Invoice ${i}  Total ${i * 7}.00`), name: `b${i}.pdf` }, false);
      if (http !== 201) throw new Error(`submit: ${http}`);
    }
    for (let i = 0; i < processes; i++) workers.push(await startWorker(database, filesDir));
    await db.connect();
    for (;;) {
      const { rows } = await db.query("SELECT COUNT(*) AS n FROM checks WHERE status = 'processing'");
      if (Number(rows[0].n) === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const { rows } = await db.query('SELECT MIN(completed_at) AS first, MAX(completed_at) AS last FROM checks');
    const seconds = (Date.parse(rows[0].last) - Date.parse(rows[0].first)) / 1000;
    return (CHECKS - 1) / seconds;
  } finally {
    await db.end().catch(() => {});
    await Promise.all(
      workers.map(
        (w) =>
          new Promise((r) => {
            w.once('exit', r);
            w.kill('SIGTERM');
          }),
      ),
    );
    await stop(served);
    rmSync(dir, { recursive: true, force: true });
  }
}

export const workersBench: BenchModule = {
  name: 'workers',
  async run() {
    const cluster = startPostgres();
    if (!cluster) throw new Error('PostgreSQL (initdb/pg_ctl) not found: apt-get install postgresql');
    try {
      const one = await throughput(cluster, 1);
      const two = await throughput(cluster, 2);
      return [
        { bench: 'workers', metric: `1 worker process, ${CHECKS} small PDFs`, value: Number(one.toFixed(2)), unit: 'checks/s' },
        { bench: 'workers', metric: `2 worker processes, ${CHECKS} small PDFs`, value: Number(two.toFixed(2)), unit: 'checks/s' },
        { bench: 'workers', metric: '2 processes / 1 process', value: Number((two / one).toFixed(2)), unit: 'x' },
      ];
    } finally {
      cluster.stop();
    }
  },
};
