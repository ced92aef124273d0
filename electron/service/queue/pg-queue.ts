/**
 * The team server's check queue (issue 13): pg-boss jobs in the workspace's PostgreSQL, so any
 * number of processes on any machines (`veracity serve`, `veracity worker`) share one queue.
 *
 * - A check's job is written in the transaction that inserts the check: no check without a job.
 * - A worker claims the check with a fresh lease (store/checks.ts claim) and the settling write
 *   (completion or failure, with its webhook outbox row, in one transaction) counts only while
 *   the check is still `processing` under that lease: each check settles exactly once, whoever
 *   else runs it.
 * - A worker killed mid-analysis leaves its job `active`; pg-boss expires it after the
 *   per-document time limit plus a grace period and hands it to another worker. A document
 *   that took down its worker `MAX_ATTEMPTS` times fails with `engine_error`.
 * - Shutdown: the analyses in flight stop, their leases are given back and their jobs failed
 *   back into the queue (retried at once by another process, or at the next start).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { PgHandle } from '../db/postgres.js';
import type { Store } from '../store/index.js';
import type { CheckQueue } from './types.js';

export const CHECK_JOBS = 'veracity-checks';
/** Attempts of one check that ended with no outcome (worker killed, job expired) before it fails. */
export const MAX_ATTEMPTS = 3;

export interface PgQueueOptions {
  /** The store's PostgreSQL handle: pg-boss runs on the same pool. */
  sql: PgHandle;
  store: Store;
  /** Checks this process analyses at once; 0: none (a `serve --workers 0` that only accepts). */
  concurrency: number;
  /** The per-document time limit; a job expires this much plus `graceMs` after it started. */
  analysisTimeoutMs: number;
  graceMs?: number;
  /** How often expired jobs are looked for (pg-boss maintenance); default 30 s. */
  maintenanceSeconds?: number;
  /** How often an idle worker asks for a job; default 1 s. */
  pollSeconds?: number;
  logger: Logger;
}

/** One attempt at a check: settles it under `lease` and says how it went. */
export type SettleAttempt = (id: string, lease: string) => Promise<'settled' | 'interrupted' | 'skipped'>;

/** pg-boss's schema (its default; we never set another). */
const BOSS_SCHEMA = 'pgboss';

export class PgCheckQueue implements CheckQueue {
  /** Any process of the team may run a job: nothing held in this one's memory reaches it. */
  readonly analysesHere = false;
  private stopping = false;
  private stopped = false;
  private sweeper: NodeJS.Timeout | null = null;

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: PgQueueOptions,
  ) {}

  /** Starts pg-boss on the store's pool (its schema is created or migrated on first use). */
  static async start(options: PgQueueOptions): Promise<PgCheckQueue> {
    const boss = new PgBoss({
      db: bossDb(options.sql),
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 30,
    });
    boss.on('error', (err: unknown) => options.logger.warn({ err }, 'job queue error'));
    await boss.start();
    const expireInSeconds = Math.ceil((options.analysisTimeoutMs + (options.graceMs ?? 60_000)) / 1000);
    // Retries are many: the queue's own count grows with every shutdown; MAX_ATTEMPTS (counted in
    // the checks table) is what ends a document that keeps killing its worker.
    const settings = { name: CHECK_JOBS, retryLimit: 100, retryDelay: 1, expireInSeconds, policy: 'standard' as const };
    if (await boss.getQueue(CHECK_JOBS)) await boss.updateQueue(CHECK_JOBS, settings);
    else await boss.createQueue(CHECK_JOBS, settings).catch(() => boss.updateQueue(CHECK_JOBS, settings)); // another process created it first
    const queue = new PgCheckQueue(boss, options);
    const every = (options.maintenanceSeconds ?? 30) * 1000;
    queue.sweeper = setInterval(() => {
      queue.requeueOrphans().catch((err: unknown) => options.logger.warn({ err }, 'orphaned check sweep failed'));
    }, every);
    queue.sweeper.unref();
    return queue;
  }

  /**
   * Sends a new job for every check still `processing` that no job can settle any more (none
   * created, waiting for a retry or active). pg-boss ends a job by its id alone, so a handler that
   * ran past its expiry can complete the job that a newer attempt of the same check is running;
   * were that newer worker then killed, nothing would run the check again. Such a check is found
   * here and queued again; a duplicate job is harmless (the settle counts for one lease only, and
   * a settled check's job is skipped by its claim). Returns the checks re-queued.
   */
  async requeueOrphans(): Promise<string[]> {
    if (this.stopping || !this.options.sql.open) return [];
    const rows = await this.options.sql.all<{ id: string }>(
      `SELECT c.id FROM checks c WHERE c.status = 'processing' AND NOT EXISTS (
         SELECT 1 FROM ${BOSS_SCHEMA}.job j WHERE j.name = ? AND j.data->>'check_id' = c.id AND j.state IN ('created', 'retry', 'active'))`,
      [CHECK_JOBS],
    );
    for (const { id } of rows) {
      this.options.logger.warn({ check: id }, 'check left processing without a job: queued again');
      await this.boss.send(CHECK_JOBS, { check_id: id });
    }
    return rows.map((r) => r.id);
  }

  /** Starts pulling jobs (call once the process is ready to analyse). */
  async work(attempt: SettleAttempt): Promise<void> {
    const polling = { batchSize: 1, pollingIntervalSeconds: this.options.pollSeconds ?? 1 };
    for (let i = 0; i < this.options.concurrency; i++) {
      await this.boss.work<{ check_id: string }>(CHECK_JOBS, polling, async ([job]) => {
        if (job) await this.run(job.data.check_id, attempt);
      });
    }
  }

  private async run(id: string, attempt: SettleAttempt): Promise<void> {
    const { store, logger } = this.options;
    if (this.stopping) throw new Error('worker stopping');
    const lease = newLease();
    const n = await store.checks.claim(id, lease);
    if (n === null) return; // settled (by an earlier attempt) or deleted
    if (n > MAX_ATTEMPTS) {
      logger.warn({ check: id, attempts: n - 1 }, 'check given up: its analysis ended without an outcome too often');
      // The failure is stored through the check service so that its webhook goes out with it.
      await this.giveUp(id, lease, n - 1);
      return;
    }
    const outcome = await attempt(id, lease);
    if (outcome === 'interrupted') {
      await store.checks.release(id, lease).catch(() => {});
      // Failing the job puts it back: another process (or the next start) runs it again.
      throw new Error('analysis interrupted by shutdown');
    }
  }

  /** Set by the owner: stores `engine_error` for a check given up (check-service fail). */
  giveUp: (id: string, lease: string, attempts: number) => Promise<void> = async () => {};

  async add(tx: Store, id: string): Promise<void> {
    await this.boss.send(CHECK_JOBS, { check_id: id }, { db: bossDb(tx.sql as PgHandle) });
  }

  committed(): void {
    // The job committed with the check: a worker (maybe this process) picks it up.
  }

  /** Polls the check (its job may run in any process); PostgreSQL reads are cheap. */
  async waitFor(id: string, ms: number, signal?: AbortSignal): Promise<void> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && !signal?.aborted && !this.stopping && this.options.sql.open) {
      const row = await this.options.sql.get<{ status: string }>('SELECT status FROM checks WHERE id = ?', [id]).catch(() => undefined);
      if (!row || row.status !== 'processing') return;
      await new Promise((r) => setTimeout(r, Math.min(200, Math.max(0, deadline - Date.now()))));
    }
  }

  /** Every check still `processing`, whichever process holds it (a partial index keeps this small). */
  async depth(): Promise<number> {
    const row = await this.options.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM checks WHERE status = 'processing'");
    return Number(row?.n ?? 0);
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /**
   * Stops pulling jobs and waits for this process's handlers to end (the caller stops the
   * analyses they wait on); jobs still held after `timeoutMs` are failed back into the queue.
   */
  drain(): void {
    this.stopping = true;
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}

/**
 * A lease for one attempt: unique, and naming the process that holds it (`host/pid/uuid`), so that
 * an operator sees which node is analysing a check (`SELECT id, lease FROM checks WHERE status =
 * 'processing'`), and which one to look at when a check stays `processing`.
 */
export function newLease(host = hostname(), pid = process.pid): string {
  return `${host}/${pid}/${randomUUID()}`;
}

/** The process a lease names; null for a lease that names none (an older one, or none at all). */
export function leaseHolder(lease: string | null): { host: string; pid: number } | null {
  const parts = lease?.split('/') ?? [];
  const pid = Number(parts[1]);
  return parts.length === 3 && Number.isInteger(pid) && pid > 0 ? { host: parts[0]!, pid } : null;
}

/**
 * pg-boss on our pool. pg-boss records a job's end without awaiting it; once this process has
 * closed its pool such a write is dropped (not thrown, which would be an unhandled rejection):
 * the job expires and its check, already settled, is skipped by the next claim.
 */
function bossDb(sql: PgHandle): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      try {
        return await sql.query(text, values ?? []);
      } catch (err) {
        if (!sql.open) return { rows: [] };
        throw err;
      }
    },
  };
}
