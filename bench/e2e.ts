/**
 * What a user sees: `POST /api/v1/document-checks/?wait=true` on a running `veracity serve`, one
 * document at a time, timed by the client from the request's first byte to the response's last,
 * against `pdftotext` on the same file in the same run (interleaved, so drift hits both). File
 * kinds: 1-6 page PDFs (the bench's own statements plus up to ten real ones from
 * ../shared/corpus-real), JPEG scans of 1-3 MP from the same corpus, and the 12 MP phone photo.
 * Also prints where the time went, stage by stage (the check's `engine.timings` and the
 * response's Server-Timing header). The targets are issue 33's acceptance.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { BIN, KEY, serve, stop, type Served } from './api.js';
import { phonePhotoJpeg, SMALL_PDF_SET, statementPdf } from './fixtures.js';
import { defaultPublicRepoCorpus } from '../test/lab/util/paths.js';
import type { BenchModule, BenchRow } from './types.js';

const CORPUS = process.env.VERACITY_REAL_CORPUS ?? defaultPublicRepoCorpus();
const RUNS = Number(process.env.BENCH_E2E_RUNS ?? 5);
const PHOTO_RUNS = Number(process.env.BENCH_E2E_PHOTO_RUNS ?? 3);
/** The server's wait=true bound in this bench: a file whose analysis outlasts it is reported and left out. */
const WAIT_MS = 20_000;

export const E2E_TARGETS = { pdfRatio: 3, scanMs: 600, photoMs: 1500, cliCheckMs: 500 } as const;

type Kind = 'pdf' | 'scan' | 'photo';

interface Sample {
  kind: Kind;
  name: string;
  path: string;
  type: string;
}

interface Timed {
  kind: Kind;
  ms: number;
  /** pdftotext on the same file right after (PDFs only). */
  textMs: number | null;
  stages: Record<string, number>;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

/** Real files from the corpus manifest, chosen by content hash so every run picks the same ones. */
function realSamples(): Sample[] {
  const manifest = join(CORPUS, 'MANIFEST.tsv');
  if (!existsSync(manifest)) {
    process.stderr.write(`bench e2e: ${CORPUS} absent, real files skipped\n`);
    return [];
  }
  const rows = readFileSync(manifest, 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c.length >= 8 && c[6] === 'genuine' && existsSync(join(CORPUS, c[0])))
    .sort((a, b) => a[1].localeCompare(b[1]));
  const pdfs = rows
    .filter((c) => c[5] === 'pdf' && /(?:^|; )pages=([1-6])(?:;|$)/.test(c[7]))
    .slice(0, 10)
    .map((c): Sample => ({ kind: 'pdf', name: basename(c[0]), path: join(CORPUS, c[0]), type: 'application/pdf' }));
  const scans = rows
    .filter((c) => c[5] === 'jpg' || c[5] === 'jpeg')
    .filter((c) => {
      const m = /size=(\d+)x(\d+)/.exec(c[7]);
      const mp = m ? (Number(m[1]) * Number(m[2])) / 1e6 : 0;
      return mp >= 1 && mp <= 3;
    })
    .slice(0, 3)
    .map((c): Sample => ({ kind: 'scan', name: basename(c[0]), path: join(CORPUS, c[0]), type: 'image/jpeg' }));
  return [...pdfs, ...scans];
}

async function ownSamples(dir: string): Promise<Sample[]> {
  const out: Sample[] = [];
  for (const { pages, layout } of SMALL_PDF_SET) {
    const path = join(dir, `statement-${pages}p-${layout}.pdf`);
    writeFileSync(path, await statementPdf(pages, layout));
    out.push({ kind: 'pdf', name: basename(path), path, type: 'application/pdf' });
  }
  const photo = join(dir, 'phone-photo-12mp.jpg');
  writeFileSync(photo, await phonePhotoJpeg());
  out.push({ kind: 'photo', name: 'phone-photo-12mp.jpg', path: photo, type: 'image/jpeg' });
  return out;
}

function pdftotextMs(path: string): number | null {
  const started = performance.now();
  const r = spawnSync('pdftotext', [path, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
  return r.error ? null : performance.now() - started;
}

/** Server-Timing: `name;dur=1.2, other;dur=3` -> { name: 1.2, other: 3 }. */
export function parseServerTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /^\s*([\w-]+)\s*;.*?dur=([\d.]+)/.exec(part);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

/**
 * The multipart body a client sends for one file, built before the clock starts: the issue's
 * measure runs from the request's first byte, and a client has its file ready by then. (Building
 * it with FormData inside the timed span, as this bench did, counted the client's copy of the file
 * and fetch's body encoding: 2-4 ms a request on this machine.)
 */
function multipartBody(sample: Sample, bytes: Buffer): { body: Buffer; type: string } {
  const boundary = `veracity-bench-${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${sample.name}"\r\nContent-Type: ${sample.type}\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/** One connection kept open across the bench's requests, as a client submitting one file after another keeps it. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One submit with wait=true, timed from handing the request to the socket to the response's last
 * byte (node:http: fetch's WHATWG streams add client-side work on both ends of the exchange).
 */
function submitTimed(served: Served, sample: Sample, bytes: Buffer): Promise<{ ms: number; stages: Record<string, number>; settled: boolean }> {
  const { body, type } = multipartBody(sample, bytes);
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': type, 'content-length': body.length };
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${served.url}/api/v1/document-checks/?wait=true`, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const ms = performance.now() - started;
        try {
          if (res.statusCode !== 201) throw new Error(`${sample.name}: HTTP ${res.statusCode}`);
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status?: string; engine?: { timings?: Record<string, number> | null } };
          const server = parseServerTiming(String(res.headers['server-timing'] ?? ''));
          resolve({ ms, settled: parsed.status !== 'processing', stages: { ...(parsed.engine?.timings ?? {}), ...server, exchange: ms - serverMs(server) } });
        } catch (err) {
          reject(err as Error);
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The server's own span of a submit, from its Server-Timing stages (`persist` and `wake` are inside `wait`). */
const serverMs = (t: Record<string, number>) => (t.receive ?? 0) + (t.store ?? 0) + (t.wait ?? 0) + (t.present ?? 0);

/** The per-stage medians over PDF requests, as shares of the median end-to-end time. */
function stageTable(timed: Timed[]): string {
  const pdf = timed.filter((t) => t.kind === 'pdf');
  if (!pdf.length) return '';
  const e2e = quantile(
    pdf.map((t) => t.ms),
    0.5,
  );
  const names = [...new Set(pdf.flatMap((t) => Object.keys(t.stages)))];
  const lines = names.map((n) => {
    const v = quantile(
      pdf.map((t) => t.stages[n] ?? 0),
      0.5,
    );
    return `  ${n.padEnd(14)} ${v.toFixed(2).padStart(8)} ms  ${((100 * v) / e2e).toFixed(1).padStart(5)} %`;
  });
  return `API end to end, 1-6 page PDFs, median per stage (client total ${e2e.toFixed(1)} ms):\n${lines.join('\n')}\n`;
}

/**
 * `veracity check FILE` as a user meets it: from starting the process to the verdict's last line
 * on its standard output (the threads' shutdown after it is not waited for). The first run, in a
 * fresh cache folder, writes the analysis code cache (Node 20, electron/service/queue/code-cache.ts)
 * and is reported alone; then the median of five, as every later run meets it.
 */
async function cliCheckMs(path: string, cacheDir: string): Promise<{ first: number; median: number }> {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'check', path], { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, VERACITY_CACHE_DIR: cacheDir } });
    let out = '';
    let verdictAt = 0;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      // The table is a header and one row per file: the verdict is in once the second line ends.
      if (!verdictAt && out.split('\n').length > 2) verdictAt = performance.now();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0 || !verdictAt) throw new Error(`veracity check ${path} exited with ${code}`);
    times.push(verdictAt - started);
  }
  return { first: times[0]!, median: quantile(times.slice(1), 0.5) };
}

export async function e2eRows(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'veracity-bench-e2e-'));
  const rows: BenchRow[] = [];
  try {
    const only = process.env.BENCH_E2E_KINDS?.split(',');
    const real = process.env.BENCH_E2E_REAL === '0' ? [] : realSamples();
    const samples = [...(await ownSamples(join(dir))), ...real].filter((s) => !only || only.includes(s.kind));
    const start = () => serve(join(dir, 'data'), { VERACITY_WAIT_TIMEOUT_MS: String(WAIT_MS) });
    let served = await start();
    const timed: Timed[] = [];
    let first: number | null = null;
    try {
      for (const sample of samples) {
        // The first check after start-up, as a user who opens the app and submits at once meets it.
        if (first === null) first = (await submitTimed(served, sample, readFileSync(sample.path))).ms;
        const bytes = readFileSync(sample.path);
        // Warm-up: the first of a kind pays lazy loads. A file not settled within the wait is no
        // latency sample: it is named (an engine problem of its own) and left out.
        if (!(await submitTimed(served, sample, bytes)).settled) {
          process.stderr.write(`bench e2e: ${sample.name} not analysed within ${WAIT_MS / 1000} s: left out\n`);
          // Its analysis would hold the one worker for the next files: start afresh.
          await stop(served);
          served = await start();
          continue;
        }
        const runs = sample.kind === 'photo' ? PHOTO_RUNS : RUNS;
        for (let i = 0; i < runs; i++) {
          const { ms, stages } = await submitTimed(served, sample, bytes);
          timed.push({ kind: sample.kind, ms, stages, textMs: sample.kind === 'pdf' ? pdftotextMs(sample.path) : null });
        }
        const mine = timed.slice(-runs);
        const line = `bench e2e: ${sample.name} p50 ${quantile(
          mine.map((t) => t.ms),
          0.5,
        ).toFixed(1)} ms`;
        process.stderr.write(
          `${line}${
            mine[0].textMs !== null
              ? ` (pdftotext ${quantile(
                  mine.map((t) => t.textMs!),
                  0.5,
                ).toFixed(1)} ms)`
              : ''
          }\n`,
        );
      }
    } finally {
      agent.destroy();
      await stop(served);
    }
    if (first !== null) rows.push({ bench: 'e2e', metric: `API wait=true, first check after start-up (${samples[0].name})`, value: first, unit: 'ms' });
    const kinds: Array<{ kind: Kind; label: string; target?: number }> = [
      { kind: 'pdf', label: '1-6 page PDFs' },
      { kind: 'scan', label: 'JPEG scans 1-3 MP', target: E2E_TARGETS.scanMs },
      { kind: 'photo', label: '12 MP phone photo', target: E2E_TARGETS.photoMs },
    ];
    for (const { kind, label, target } of kinds) {
      const ms = timed.filter((t) => t.kind === kind).map((t) => t.ms);
      if (!ms.length) continue;
      const files = new Set(samples.filter((s) => s.kind === kind).map((s) => s.name)).size;
      rows.push({ bench: 'e2e', metric: `API wait=true, ${label} (${files} files), p50`, value: quantile(ms, 0.5), unit: 'ms', ...(target ? { target } : {}) });
      rows.push({ bench: 'e2e', metric: `API wait=true, ${label}, p95`, value: quantile(ms, 0.95), unit: 'ms' });
    }
    const pdf = timed.filter((t) => t.kind === 'pdf' && t.textMs !== null);
    if (pdf.length) {
      const text = pdf.map((t) => t.textMs!);
      rows.push({ bench: 'e2e', metric: 'pdftotext, same PDFs, same run, p50', value: quantile(text, 0.5), unit: 'ms' });
      rows.push({
        bench: 'e2e',
        metric: 'API wait=true, 1-6 page PDFs: ratio p50 to pdftotext p50',
        value:
          quantile(
            pdf.map((t) => t.ms),
            0.5,
          ) / quantile(text, 0.5),
        unit: 'x',
        target: E2E_TARGETS.pdfRatio,
      });
    } else {
      process.stderr.write('bench e2e: pdftotext absent, no ratio\n');
    }
    process.stderr.write(stageTable(timed));
    const onePage = samples.find((s) => s.kind === 'pdf' && s.name.startsWith('statement-1p'));
    if (onePage) {
      const cli = await cliCheckMs(onePage.path, join(dir, 'cache'));
      rows.push({
        bench: 'e2e',
        metric: 'veracity check, one-page PDF, process start to verdict (median of 5)',
        value: cli.median,
        unit: 'ms',
        target: E2E_TARGETS.cliCheckMs,
      });
      rows.push({ bench: 'e2e', metric: 'veracity check, one-page PDF, first run (writes the code cache)', value: cli.first, unit: 'ms' });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export const e2eBench: BenchModule = { name: 'e2e', run: e2eRows };
