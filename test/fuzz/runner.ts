/**
 * The fuzz loop: seeded mutations of seed documents, each run on a worker thread with a deadline.
 * A thrown non-EngineError is a crash, a worker that dies is a crash (e.g. out of memory), an
 * input over the deadline is a hang; each is saved under test/fuzz/findings/ with how it was made,
 * and replayed by the test suite from then on.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { repoRoot } from '../lab/util/paths.js';
import { mutate, mutationsArb, type Mutation } from './mutators.js';
import { FINDINGS_DIR, type Seed } from './seeds.js';
import type { TargetResult } from './target.js';

export interface FuzzOptions {
  seeds: Seed[];
  /** Stop after this many inputs or this many milliseconds, whichever comes first. */
  iterations?: number;
  durationMs?: number;
  seed: number;
  timeoutMs: number;
  /** Every nth image input runs with OCR (slow); the rest without. */
  ocrEvery: number;
  /** Save crashes and hangs under test/fuzz/findings/. */
  save: boolean;
  onProgress?: (stats: FuzzStats) => void;
}

export interface FuzzProblem {
  kind: 'crash' | 'hang';
  file: string | null;
  seed: string;
  mutations: Mutation[];
  detail: string;
}

export interface FuzzStats {
  inputs: number;
  ok: number;
  refused: Record<string, number>;
  problems: FuzzProblem[];
  detectorFailures: Record<string, number>;
  /** pdf.js rejections that arrived after their analysis had returned, absorbed as the service does. */
  lateRejections: number;
  elapsedMs: number;
}

const workerFile = () => join(repoRoot(), 'dist', 'test', 'fuzz', 'target-worker.js');

class Target {
  private worker: Worker | null = null;
  private next = 0;
  /** Late rejections counted by threads that have since been replaced. */
  private lateBefore = 0;
  lateRejections = 0;

  async run(bytes: Uint8Array, ocr: boolean, timeoutMs: number): Promise<TargetResult | { outcome: 'hang' } | { outcome: 'died'; message: string }> {
    const worker = (this.worker ??= new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: 2048 } }));
    const id = ++this.next;
    return new Promise((resolve) => {
      const done = (value: TargetResult | { outcome: 'hang' } | { outcome: 'died'; message: string }) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(value);
      };
      const onMessage = (msg: { id: number; result: TargetResult; lateRejections: number }) => {
        if (msg.id !== id) return;
        this.lateRejections = this.lateBefore + msg.lateRejections;
        done(msg.result);
      };
      const onError = (err: Error) => {
        this.lateBefore = this.lateRejections;
        this.worker = null;
        done({ outcome: 'died', message: `${err.name}: ${err.message}` });
      };
      const onExit = (code: number) => {
        this.lateBefore = this.lateRejections;
        this.worker = null;
        done({ outcome: 'died', message: `worker exited with code ${code}` });
      };
      const timer = setTimeout(() => {
        this.lateBefore = this.lateRejections;
        this.worker = null;
        void worker.terminate();
        done({ outcome: 'hang' });
      }, timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, bytes, ocr });
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}

function save(kind: string, bytes: Uint8Array, info: object): string {
  const dir = FINDINGS_DIR();
  mkdirSync(dir, { recursive: true });
  const name = `${kind}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`;
  writeFileSync(join(dir, `${name}.bin`), bytes);
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(info, null, 2)}\n`);
  return join('test', 'fuzz', 'findings', `${name}.bin`);
}

/**
 * Runs saved inputs as the fuzz loop does (a worker thread with a deadline, late pdf.js
 * rejections absorbed as in the service): the outcome of each, by name.
 */
export async function replay(
  inputs: ReadonlyArray<{ name: string; bytes: Uint8Array }>,
  timeoutMs: number,
): Promise<Array<{ name: string; outcome: string; detail?: string }>> {
  const target = new Target();
  const out: Array<{ name: string; outcome: string; detail?: string }> = [];
  try {
    for (const input of inputs) {
      const result = await target.run(input.bytes, false, timeoutMs);
      const detail = result.outcome === 'crash' ? `${result.stage}: ${result.message}` : result.outcome === 'died' ? result.message : undefined;
      out.push({ name: input.name, outcome: result.outcome, ...(detail ? { detail } : {}) });
    }
  } finally {
    await target.close();
  }
  return out;
}

export async function fuzz(options: FuzzOptions): Promise<FuzzStats> {
  if (options.seeds.length === 0) throw new Error('no seed documents');
  const stats: FuzzStats = { inputs: 0, ok: 0, refused: {}, problems: [], detectorFailures: {}, lateRejections: 0, elapsedMs: 0 };
  const target = new Target();
  const start = Date.now();
  const images = options.seeds.map((s) => s.bytes[0] !== 0x25);
  try {
    for (let k = 0; ; k++) {
      if (options.iterations !== undefined && k >= options.iterations) break;
      if (options.durationMs !== undefined && Date.now() - start >= options.durationMs) break;
      const runSeed = options.seed + k;
      const [pick] = fc.sample(fc.tuple(fc.nat(options.seeds.length - 1), fc.nat(options.seeds.length - 1), mutationsArb), { seed: runSeed, numRuns: 1 });
      const [i, j, mutations] = pick;
      const seed = options.seeds[i];
      const bytes = mutate(seed.bytes, mutations, options.seeds[j].bytes);
      const ocr = images[i] && k % options.ocrEvery === 0;
      const result = await target.run(bytes, ocr, options.timeoutMs);
      stats.inputs++;
      stats.lateRejections = target.lateRejections;
      const describe = { seed: seed.name, donor: options.seeds[j].name, run_seed: runSeed, mutations, ocr };
      if (result.outcome === 'ok') {
        stats.ok++;
        for (const d of result.detectorFailures) stats.detectorFailures[d] = (stats.detectorFailures[d] ?? 0) + 1;
      } else if (result.outcome === 'refused') {
        stats.refused[result.code] = (stats.refused[result.code] ?? 0) + 1;
      } else {
        const kind = result.outcome === 'hang' ? 'hang' : 'crash';
        const detail =
          result.outcome === 'hang'
            ? `no answer within ${options.timeoutMs} ms`
            : result.outcome === 'died'
              ? result.message
              : `${result.stage}: ${result.message}\n${result.stack ?? ''}`;
        const file = options.save ? save(kind, bytes, { ...describe, detail }) : null;
        stats.problems.push({ kind, file, seed: seed.name, mutations, detail });
      }
      stats.elapsedMs = Date.now() - start;
      options.onProgress?.(stats);
    }
  } finally {
    await target.close();
  }
  stats.elapsedMs = Date.now() - start;
  return stats;
}
