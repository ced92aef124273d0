/**
 * Runs files through analysis workers with a per-file time limit. A file that runs over gets a
 * `timeout` outcome and its worker is terminated and replaced, so one pathological document
 * cannot stall or poison the rest of the run.
 */
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import { mapPool } from '../util/pool.js';
import type { Outcome, WorkerReply, WorkerRequest } from './outcome.js';

export interface RunOptions {
  timeoutMs: number;
  workers: number;
  now?: string;
  /** `false`: findings at their detectors' strengths, without producer-family context. */
  producerContext?: false;
  /** The worker script; defaults to the compiled eval worker next to this file. */
  workerUrl?: URL;
  onResult?: (outcome: Outcome, done: number, total: number) => void;
}

class AnalysisWorker {
  private worker: Worker | null = null;
  private seq = 0;

  constructor(private readonly url: URL) {}

  private spawn(): Worker {
    // Analysis of big scans needs room; the default young generation makes GC thrash.
    this.worker ??= new Worker(this.url, { resourceLimits: { maxOldGenerationSizeMb: 2048 } });
    return this.worker;
  }

  run(req: Omit<WorkerRequest, 'id'>, timeoutMs: number): Promise<Omit<WorkerReply, 'id'>> {
    const worker = this.spawn();
    const id = ++this.seq;
    return new Promise((resolve) => {
      const finish = (reply: Omit<WorkerReply, 'id'>) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(reply);
      };
      const onMessage = (msg: WorkerReply) => {
        if (msg.id === id) finish(msg);
      };
      const onError = (err: Error) => {
        this.worker = null;
        finish({ status: 'crash', error_code: 'worker_error', error: err.message.slice(0, 500) });
      };
      const onExit = (code: number) => {
        this.worker = null;
        finish({ status: 'crash', error_code: 'worker_exit', error: `worker exited with code ${code}` });
      };
      const timer = setTimeout(() => {
        this.worker = null;
        worker.off('exit', onExit);
        void worker.terminate();
        finish({ status: 'timeout', error_code: 'timeout', error: `no result within ${timeoutMs} ms`, latency_ms: timeoutMs });
      }, timeoutMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ ...req, id } satisfies WorkerRequest);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

/** `files` are [absolute path, corpus-relative name] pairs; outcomes come back in input order. */
export async function runAnalyses(files: ReadonlyArray<[string, string]>, opts: RunOptions): Promise<Outcome[]> {
  const url = opts.workerUrl ?? new URL('./worker.js', import.meta.url);
  const pool = Array.from({ length: Math.max(1, opts.workers) }, () => new AnalysisWorker(url));
  const free = [...pool];
  let done = 0;
  try {
    return await mapPool(files, pool.length, async ([path, rel]) => {
      const worker = free.pop()!;
      try {
        const reply = await worker.run({ path, filename: basename(rel), now: opts.now, producerContext: opts.producerContext }, opts.timeoutMs);
        const outcome: Outcome = { file: rel, ...reply };
        delete (outcome as Partial<WorkerReply>).id;
        opts.onResult?.(outcome, ++done, files.length);
        return outcome;
      } finally {
        free.push(worker);
      }
    });
  } finally {
    await Promise.all(pool.map((w) => w.close()));
  }
}
