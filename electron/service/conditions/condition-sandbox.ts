/**
 * Rule conditions are user-written CEL, and CEL can burn CPU: `matches()` runs a backtracking
 * JavaScript regex (`'aaaa…!'.matches('^(a+)+$')` takes minutes) and comprehensions over the
 * document text are quadratic. So conditions are never evaluated on the API thread: they run on
 * one sandbox thread, each with a deadline; a condition that overruns is stopped by terminating
 * the thread, reported as that rule's evaluation error, and remembered, so the same condition
 * costs nothing on later checks.
 */
import { Worker } from 'node:worker_threads';
import type { ConditionContext, RuleOutcome } from '../../../engine/index.js';
import { compiledModule } from '../paths.js';
import type { SandboxReady, SandboxReply, SandboxRequest } from './protocol.js';

export const DEFAULT_CONDITION_TIMEOUT_MS = 500;
/** Conditions remembered as too slow; a bound so that a stream of distinct ones cannot grow it forever. */
const SLOW_MEMORY = 1_000;
/**
 * How long a new sandbox thread may take to load before its first deadline starts. Starting a
 * thread and loading the CEL library takes hundreds of ms on a loaded machine: counted against
 * the first condition, it reported (and remembered for good) `risk_score > 10` as too slow.
 */
const STARTUP_TIMEOUT_MS = 30_000;

export interface ConditionEvaluator {
  /** Outcomes of `conditions` on `ctx`, in order. Never rejects. */
  evaluate(conditions: readonly string[], ctx: ConditionContext): Promise<RuleOutcome[]>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  conditions: readonly string[];
  ctx: ConditionContext;
  outcomes: RuleOutcome[];
  /** Index of the next condition without an outcome. */
  next: number;
  resolve: (outcomes: RuleOutcome[]) => void;
}

export interface ConditionSandboxOptions {
  timeoutMs?: number;
  /** The compiled worker module (tests may substitute one). */
  workerFile?: string;
}

export class ConditionSandbox implements ConditionEvaluator {
  private readonly timeoutMs: number;
  private readonly workerFile: string;
  private worker: Worker | null = null;
  /** The current worker has loaded its modules; until then the startup deadline applies. */
  private workerReady = false;
  private readonly queue: Job[] = [];
  private current: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private jobs = 0;
  private closed = false;
  private readonly slow = new Map<string, string>();

  constructor(options: ConditionSandboxOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CONDITION_TIMEOUT_MS;
    this.workerFile = options.workerFile ?? compiledModule('electron/service/conditions/condition-worker.ts');
  }

  evaluate(conditions: readonly string[], ctx: ConditionContext): Promise<RuleOutcome[]> {
    if (conditions.length === 0) return Promise.resolve([]);
    if (this.closed) return Promise.resolve(conditions.map(() => ({ error: 'the service is stopping; the condition was not evaluated' })));
    return new Promise((resolve) => {
      this.queue.push({ id: ++this.jobs, conditions, ctx, outcomes: [], next: 0, resolve });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    const pending = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = null;
    for (const job of pending) this.finishRemaining(job, 'the service is stopping; the condition was not evaluated');
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    this.current = job;
    this.sendRest(job);
  }

  /** Sends the job's conditions from `next` on, answering remembered slow ones at once. */
  private sendRest(job: Job): void {
    while (job.next < job.conditions.length && this.slow.has(job.conditions[job.next])) {
      job.outcomes[job.next] = { error: this.slow.get(job.conditions[job.next])! };
      job.next++;
    }
    if (job.next >= job.conditions.length) return this.done(job);
    const rest = job.conditions.slice(job.next);
    const request: SandboxRequest = { job: job.id, conditions: rest, ctx: job.ctx };
    const offset = job.next;
    let worker: Worker;
    try {
      worker = this.ensureWorker();
    } catch (err) {
      this.finishRemaining(job, `the condition sandbox could not start: ${(err as Error).message}`);
      return this.done(job);
    }
    this.offset = offset;
    worker.postMessage(request);
    this.arm();
  }

  /** Where the conditions of the request in flight start within the current job. */
  private offset = 0;

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // A condition that builds huge values dies alone, on its own heap limit.
    const worker = new Worker(this.workerFile, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
    worker.unref();
    worker.on('message', (reply: SandboxReply | SandboxReady) => ('ready' in reply ? this.onReady(worker) : this.onReply(worker, reply)));
    worker.on('error', (err) => this.onWorkerGone(worker, `the condition sandbox failed: ${err.message}`));
    worker.on('exit', () => this.onWorkerGone(worker, 'the condition sandbox stopped'));
    this.worker = worker;
    this.workerReady = false;
    return worker;
  }

  private onReady(worker: Worker): void {
    if (worker !== this.worker) return;
    this.workerReady = true;
    // The condition in flight gets its whole deadline from now.
    if (this.current) this.arm();
  }

  private onReply(worker: Worker, reply: SandboxReply): void {
    const job = this.current;
    if (worker !== this.worker || !job || reply.job !== job.id) return;
    const index = this.offset + reply.index;
    if (index !== job.next) return;
    job.outcomes[index] = reply.outcome;
    job.next++;
    if (job.next >= job.conditions.length) return this.done(job);
    this.arm();
  }

  private arm(): void {
    this.clearTimer();
    if (this.workerReady) this.timer = setTimeout(() => this.onTimeout(), this.timeoutMs);
    else this.timer = setTimeout(() => this.onStartupTimeout(), STARTUP_TIMEOUT_MS);
  }

  /** The thread never finished loading: the conditions were not run, so none is remembered as slow. */
  private onStartupTimeout(): void {
    const job = this.current;
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    if (!job) return;
    this.finishRemaining(job, `the condition sandbox did not start within ${STARTUP_TIMEOUT_MS / 1000} s`);
    this.done(job);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private onTimeout(): void {
    const job = this.current;
    if (!job) return;
    const condition = job.conditions[job.next];
    const message = `the condition took longer than ${this.timeoutMs} ms to evaluate and was stopped`;
    this.remember(condition, message);
    job.outcomes[job.next] = { error: message };
    job.next++;
    // The thread is busy inside that condition: only terminating it stops the work.
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.sendRest(job);
  }

  private onWorkerGone(worker: Worker, message: string): void {
    if (worker !== this.worker) return;
    this.worker = null;
    const job = this.current;
    if (!job) return;
    this.clearTimer();
    if (!this.workerReady) {
      // It died while loading: no condition ran, so none is to blame.
      this.finishRemaining(job, message);
      return this.done(job);
    }
    // The condition running when the thread died is the one that killed it (e.g. out of memory).
    if (job.next < job.conditions.length) {
      this.remember(job.conditions[job.next], message);
      job.outcomes[job.next] = { error: message };
      job.next++;
    }
    this.sendRest(job);
  }

  private remember(condition: string, message: string): void {
    if (this.slow.size >= SLOW_MEMORY) this.slow.delete(this.slow.keys().next().value!);
    this.slow.set(condition, message);
  }

  private finishRemaining(job: Job, message: string): void {
    for (let i = job.next; i < job.conditions.length; i++) job.outcomes[i] = { error: message };
    job.next = job.conditions.length;
    job.resolve(job.outcomes);
  }

  private done(job: Job): void {
    this.clearTimer();
    if (this.current === job) this.current = null;
    job.resolve(job.outcomes);
    this.pump();
  }
}
