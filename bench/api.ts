/**
 * API benchmarks against a real `veracity serve` child process (so the load generator does not
 * share the server's event loop): start-up time, GET one check and list 100 at 50 connections,
 * list latency over 100,000 stored checks, and submit throughput of small PDFs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { newCheckId } from '../electron/service/store/ids.js';
import { Store } from '../electron/service/store/index.js';
import { ENGINE_VERSION } from '../engine/index.js';
import type { BenchModule, BenchRow } from './types.js';

export const BIN = fileURLToPath(new URL('../../bin/veracity.js', import.meta.url));
export const KEY = `vk_live_${'BenchKey'.repeat(4)}`;
const SEEDED_CHECKS = Number(process.env.BENCH_SEED_CHECKS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);

export interface Served {
  child: ChildProcess;
  url: string;
  ms: number;
}

/** `veracity serve` in a child process; one analysis worker unless `workers` says 'default'; `args` are added (e.g. `--database`). */
export function serve(dataDir: string, env: Record<string, string> = {}, workers: number | 'default' = 1, args: readonly string[] = []): Promise<Served> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--port', '0', '--data-dir', dataDir, ...(workers === 'default' ? [] : ['--workers', String(workers)]), ...args],
      {
        env: { ...process.env, VERACITY_LOG_LEVEL: 'warn', VERACITY_BOOTSTRAP_KEY: KEY, VERACITY_RATE_LIMIT_PER_MINUTE: '0', ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /^listening (\S+)\n/.exec(out);
      if (m) resolve({ child, url: m[1], ms: performance.now() - started });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

export async function stop(served: Served): Promise<void> {
  const exited = new Promise((r) => served.child.once('exit', r));
  served.child.kill('SIGTERM');
  await exited;
}

/** What a submit answers, as far as the benches read it. */
export interface SubmitAnswer {
  http: number;
  body: { id: string; status: string; error?: { code?: string } };
}

/** One file POSTed to the served API as a client sends it (multipart, bearer key); `wait` holds the answer until the verdict. */
export async function submitFile(served: Served, file: { bytes: Uint8Array; name: string; type?: string }, wait: boolean): Promise<SubmitAnswer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  const res = await fetch(`${served.url}/api/v1/document-checks/${wait ? '?wait=true' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}` },
    body: form,
  });
  return { http: res.status, body: (await res.json()) as SubmitAnswer['body'] };
}

/** Plain Express answering a stored check's JSON: the floor any Express route on this machine pays. */
async function baselineRows(body: string): Promise<BenchRow[]> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./baseline-server.js', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<string>((resolve) => child.stdout!.once('data', (d) => resolve(String(d).trim())));
    child.stdin!.end(body);
    await new Promise((r) => setTimeout(r, 200));
    const r = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 50, duration: DURATION_S });
    return [
      { bench: 'api', metric: 'baseline: bare Express, same JSON, 50 conn, p99', value: r.latency.p99, unit: 'ms' },
      { bench: 'api', metric: 'baseline: bare Express, same JSON, throughput', value: Math.round(r.requests.average), unit: 'req/s' },
    ];
  } finally {
    child.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startupRows(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'veracity-bench-start-'));
  try {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const served = await serve(dir);
      times.push(served.ms);
      await stop(served);
    }
    return [{ bench: 'api', metric: 'start-up to listening (median of 5)', value: Math.round(median(times)), unit: 'ms', target: 1500 }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A realistic completed verdict (two flags with reasons), stored as the service stores it. */
export function sampleVerdict(): string {
  const reason = (flag: string, i: number) => ({
    code: `${flag}.sample_${i}`,
    summary: `Observation ${i} behind ${flag} on page 1, with enough words to look like a real summary.`,
    pages: [1],
    evidence: { page: 1, bbox: [0.1, 0.2, 0.4, 0.25], revision: 2 },
  });
  const flag = (code: string, category: string) => ({
    code,
    category,
    severity: 'high',
    title: code,
    description: `${code} description`,
    pages: [1],
    reasons: [reason(code, 1), reason(code, 2)],
  });
  return JSON.stringify({
    decision: 'suspicious',
    risk_level: 'HIGH',
    risk_score: 72,
    engine_score: 72,
    summary: 'Fraud signals were found; route to a human reviewer. The file was edited after creation.',
    flags: [flag('incremental_edit', 'structure'), flag('font_inconsistency', 'structure')],
    rules: [],
  });
}

/** Seeds completed checks straight into the store (one transaction); returns one id to GET. */
function seed(dataDir: string, count: number): { id: string; ms: number } {
  const started = performance.now();
  const store = new Store(dataDir);
  try {
    const sha = 'ab'.repeat(32);
    store.db
      .prepare("INSERT INTO uploads (sha256, size_bytes, mime_type, created_at) VALUES (?, 1234, 'application/pdf', ?)")
      .run(sha, new Date().toISOString());
    const insert = store.db.prepare(
      `INSERT INTO checks (id, created_at, status, filename, mime_type, size_bytes, sha256, pages, mode, engine_version, thresholds, snapshot, verdict, analysis, completed_at)
       VALUES (?, ?, 'completed', ?, 'application/pdf', 1234, ?, 2, 'normal', ?, ?, ?, ?, ?, ?)`,
    );
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
    // The engine Analysis the row keeps (and reads extracted fields and format from): some text
    // and two revisions, so that reads parse some of it (kept small: the seed writes 100,000 rows).
    const analysis = JSON.stringify({
      engineVersion: ENGINE_VERSION,
      document: { mime_type: 'application/pdf', format: 'digital_pdf', pages: 2 },
      extracted,
      findings: [],
      text: 'Date Description Amount Balance\n'.repeat(60),
      structure: {
        revisions: [1, 2].map((n) => ({
          number: n,
          endOffset: n * 9000,
          kind: n === 1 ? 'original' : 'content_edit',
          added: [],
          changed: [7],
          deleted: [],
          changedPages: [1],
        })),
        pageSizes: [{ width: 612, height: 792 }],
      },
      incomplete: [],
      timings: {},
    });
    let last = '';
    const base = Date.now() - count * 1000;
    store.db.transaction(() => {
      for (let i = 0; i < count; i++) {
        last = newCheckId();
        const at = new Date(base + i * 1000).toISOString();
        insert.run(last, at, `statement-${i}.pdf`, sha, ENGINE_VERSION, thresholds, snapshot, verdict, analysis, at);
      }
    })();
    return { id: last, ms: performance.now() - started };
  } finally {
    store.close();
  }
}

async function tinyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Invoice 42  Total 99.00', { x: 50, y: 780, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

function multipart(file: Buffer): { body: Buffer; contentType: string } {
  const boundary = '----veracitybench7d9a';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function load(url: string, connections: number, extra: Partial<Parameters<typeof autocannon>[0]> = {}) {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers: { authorization: `Bearer ${KEY}` }, ...extra });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

async function loadRows(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'veracity-bench-api-'));
  const rows: BenchRow[] = [];
  try {
    const seeded = seed(dir, SEEDED_CHECKS);
    rows.push({ bench: 'api', metric: `seed ${SEEDED_CHECKS} checks`, value: Math.round(seeded.ms), unit: 'ms' });
    const served = await serve(dir);
    try {
      const api = `${served.url}/api/v1/document-checks/`;
      const one = await fetch(`${api}${seeded.id}/`, { headers: { authorization: `Bearer ${KEY}` } });
      rows.push(...(await baselineRows(await one.text())));
      const get = await load(`${api}${seeded.id}/`, 50);
      rows.push({ bench: 'api', metric: 'GET check, 50 conn, p50', value: get.latency.p50, unit: 'ms' });
      rows.push({ bench: 'api', metric: 'GET check, 50 conn, p99', value: get.latency.p99, unit: 'ms', target: 10 });
      rows.push({ bench: 'api', metric: 'GET check, 50 conn, throughput', value: Math.round(get.requests.average), unit: 'req/s' });

      const list50 = await load(`${api}?limit=100`, 50);
      rows.push({ bench: 'api', metric: `list 100 of ${SEEDED_CHECKS}, 50 conn, p50`, value: list50.latency.p50, unit: 'ms' });
      rows.push({ bench: 'api', metric: `list 100 of ${SEEDED_CHECKS}, 50 conn, p99`, value: list50.latency.p99, unit: 'ms' });

      const list1 = await load(`${api}?limit=100&starting_after=${seeded.id}`, 1);
      rows.push({ bench: 'api', metric: `list 100 of ${SEEDED_CHECKS}, 1 conn, p50`, value: list1.latency.p50, unit: 'ms', target: 20 });

      const { body, contentType } = multipart(await tinyPdf());
      const submit = await load(api, 10, { method: 'POST', body, headers: { authorization: `Bearer ${KEY}`, 'content-type': contentType } });
      rows.push({ bench: 'api', metric: 'submit small PDF, 10 conn, throughput', value: Math.round(submit.requests.average), unit: 'req/s' });
      rows.push({ bench: 'api', metric: 'submit small PDF, 10 conn, p50', value: submit.latency.p50, unit: 'ms' });
    } finally {
      await stop(served);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export const apiBench: BenchModule = {
  name: 'api',
  async run() {
    return [...(await startupRows()), ...(await loadRows())];
  },
};
