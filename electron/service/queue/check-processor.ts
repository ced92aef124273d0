/**
 * The desktop's queue of checks waiting to settle (SQLite, one process). The checks table is the
 * durable queue (a check stays `processing` until it settles, and start-up re-queues those); this
 * class keeps the in-memory view of what is in flight and runs each check's work
 * (checks/check-service.ts) once. The team server's queue is pg-queue.ts.
 */
import { EventEmitter, once } from 'node:events';
import type { Logger } from 'pino';
import type { CheckQueue } from './types.js';

export class CheckProcessor implements CheckQueue {
  private readonly inFlight = new Set<string>();
  private readonly settled = new EventEmitter();
  private stopping = false;
  private readonly draining = new AbortController();

  /** `work` takes a check from `processing` to settled; it never throws (failures are stored). */
  constructor(
    private readonly work: (id: string) => Promise<unknown>,
    private readonly logger: Logger,
  ) {
    this.settled.setMaxListeners(0);
  }

  readonly analysesHere = true;

  /** The checks table is the queue: nothing to write beside the check. */
  async add(): Promise<void> {}

  committed(id: string): void {
    this.enqueue(id);
  }

  /** Queues a check for analysis (idempotent while it is in flight). */
  enqueue(id: string): void {
    if (this.stopping || this.inFlight.has(id)) return;
    this.inFlight.add(id);
    void this.work(id)
      .catch((err: unknown) => this.logger.error({ err, check: id }, 'check processing failed'))
      .finally(() => {
        this.inFlight.delete(id);
        this.settled.emit(id);
      });
  }

  /** Re-queues every check a previous run left `processing` (DECISIONS: nothing returned is lost). */
  recover(ids: readonly string[]): number {
    for (const id of ids) this.enqueue(id);
    if (ids.length > 0) this.logger.info({ count: ids.length }, 're-queued checks left processing');
    return ids.length;
  }

  /** Resolves when the check leaves `processing` or after `ms`, whichever is first. */
  async waitFor(id: string, ms: number, signal?: AbortSignal): Promise<void> {
    if (!this.inFlight.has(id)) return;
    const timeout = AbortSignal.timeout(ms);
    const signals = [timeout, this.draining.signal, ...(signal ? [signal] : [])];
    try {
      await once(this.settled, id, { signal: AbortSignal.any(signals) });
    } catch {
      // timed out or the client went away: the caller returns the check as it stands
    }
  }

  get pending(): number {
    return this.inFlight.size;
  }

  async depth(): Promise<number> {
    return this.inFlight.size;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  drain(): void {
    this.stopping = true;
    this.draining.abort();
  }

  async stop(): Promise<void> {
    this.drain();
  }
}
