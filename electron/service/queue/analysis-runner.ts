/**
 * Runs analyses on a piscina pool with at most `workers` at once. The time limit starts when a
 * task reaches a thread (not while it waits), and an expired or crashed task never takes the
 * pool down: aborting a piscina task terminates its thread and piscina starts a fresh one.
 */
import { availableParallelism, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { compiledModule } from '../paths.js';
import type { AnalysisOutcome, AnalysisTask } from './types.js';

export interface AnalysisRunnerOptions {
  workers?: number;
  timeoutMs: number;
  /** Compiled worker module; tests substitute fakes (crashing, hanging, scripted findings). */
  workerFile?: string;
}

/**
 * What one analysis may take: its JavaScript heap is capped here (a worker over it dies alone and
 * the check fails with a named code); decoded streams outside the heap are bounded by the engine's
 * decode budget (engine/read/pdf/structure/decode-budget.ts).
 */
export const WORKER_HEAP_MB = 1024;
/**
 * The thread's young generation (V8 sizes it at three semi-spaces: this is 32 MB semi-spaces, the
 * default is 16 MB). An analysis allocates mostly short-lived objects (pdf.js's operator lists and
 * text items, the text layer's runs): with twice the room, fewer scavenges copy what is still
 * alive, and a warm thread spent ~10 % less CPU per small PDF in paired runs (issue 33). It costs
 * at most 48 MB more per thread, well inside PLANNED_BYTES_PER_WORKER.
 */
export const WORKER_YOUNG_MB = 96;
/** Memory planned per worker (heap, decoded buffers, pdf.js and OCR) when sizing the pool. */
const PLANNED_BYTES_PER_WORKER = 1.5 * 1024 ** 3;
/** Left for the API thread, SQLite and the rest of the machine. */
const RESERVED_BYTES = 2 * 1024 ** 3;

/** Cores - 1, and no more workers than the machine's memory can carry at their planned peak. */
export function defaultWorkerCount(cores = availableParallelism(), memory = totalmem()): number {
  const byMemory = Math.floor((memory - RESERVED_BYTES) / PLANNED_BYTES_PER_WORKER);
  return Math.max(1, Math.min(cores - 1, byMemory));
}

interface Pending {
  task: AnalysisTask;
  resolve: (outcome: AnalysisOutcome) => void;
  /** performance.now() when it was queued: the wait for a free thread is one of the check's stages. */
  at: number;
}

export class AnalysisRunner {
  readonly workers: number;
  private pool: Piscina | null = null;
  private readonly file: string;
  private readonly waiting: Pending[] = [];
  private readonly running = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: AnalysisRunnerOptions) {
    this.workers = Math.max(1, Math.floor(options.workers ?? defaultWorkerCount()));
    this.file = options.workerFile ?? compiledModule('electron/service/queue/worker.ts');
  }

  /**
   * Starts the worker threads (each loads the whole engine). Deferred until after the server
   * listens so that start-up does not compete with them for the CPU.
   */
  warmUp(): Piscina {
    if (!this.pool) {
      this.pool = new Piscina({
        filename: pathToFileURL(this.file).href,
        maxThreads: this.workers,
        minThreads: this.workers,
        idleTimeout: 60_000,
        concurrentTasksPerWorker: 1,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
      });
      // A thread that dies is reported through the task's rejection; keep the pool's own emitter quiet.
      this.pool.on('error', () => {});
    }
    return this.pool;
  }

  /**
   * One built-in one-page analysis on each thread, its result dropped: the first check a user
   * submits then runs on warmed-up code instead of paying the first-run compilation of pdf.js and
   * the detectors. For the service only (`veracity check` would pay it before its own file), and
   * only with the engine's own worker (tests' fake workers know no warm-up).
   */
  prime(): void {
    if (this.options.workerFile || this.closed) return;
    const pool = this.warmUp();
    const task: AnalysisTask = { prime: true, path: '', filename: 'warm-up.pdf', maxPages: 1, maxMegapixels: 1 };
    for (let i = 0; i < this.workers; i++) pool.run(task).catch(() => {});
  }

  run(task: AnalysisTask): Promise<AnalysisOutcome> {
    if (this.closed) return Promise.resolve({ ok: false, code: 'service_stopping', message: 'The service is shutting down.' });
    return new Promise((resolve) => {
      this.waiting.push({ task, resolve, at: performance.now() });
      this.pump();
    });
  }

  get queued(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running.size;
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.workers && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      void this.dispatch(next);
    }
  }

  private async dispatch({ task, resolve, at }: Pending): Promise<void> {
    const waited = Math.round((performance.now() - at) * 100) / 100;
    const abort = new AbortController();
    this.running.add(abort);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, this.options.timeoutMs);
    try {
      const outcome = (await this.warmUp().run(task, { signal: abort.signal })) as AnalysisOutcome;
      resolve(outcome.ok && outcome.work ? { ...outcome, work: { ...outcome.work, waited } } : outcome);
    } catch (err) {
      if (timedOut) {
        resolve({ ok: false, code: 'analysis_timeout', message: `Analysis did not finish within ${Math.round(this.options.timeoutMs / 1000)} s.` });
      } else if (this.closed) {
        resolve({ ok: false, code: 'service_stopping', message: 'The service is shutting down.' });
      } else if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        // The thread's heap limit stopped a document that asked for more than any real one.
        resolve({ ok: false, code: 'resource_limit', message: 'The document needed more memory than an analysis may use.' });
      } else {
        resolve({ ok: false, code: 'engine_error', message: `The analysis worker stopped unexpectedly: ${(err as Error).message.split('\n')[0]}` });
      }
    } finally {
      clearTimeout(timer);
      this.running.delete(abort);
      this.pump();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.resolve({ ok: false, code: 'service_stopping', message: 'The service is shutting down.' });
    for (const abort of this.running) abort.abort();
    await this.pool?.destroy();
  }
}
