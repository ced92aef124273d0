import type { CheckErrorCode } from '../../../contract/enums.js';
import type { Analysis } from '../../../engine/index.js';

export interface AnalysisTask {
  path: string;
  filename: string;
  maxPages: number;
  maxMegapixels: number;
  /**
   * The password of a PDF that needs one. In memory only: handed to the analysis thread with the
   * task and never stored, logged or queued (checks/passwords.ts).
   */
  password?: string;
  /** A warm-up: the thread analyses a built-in one-page PDF (the path is ignored) so that the first real check runs on compiled code. */
  prime?: boolean;
}

/** `service_stopping` is never stored: the check stays `processing` and resumes at the next start. */
export type AnalysisOutcome =
  { ok: true; analysis: Analysis; work?: WorkerTimings } | { ok: false; code: CheckErrorCode | 'service_stopping'; message: string };

/** What the analysis thread measured of its own work (ms): reading the file and the whole task. */
export interface WorkerTimings {
  read: number;
  total: number;
  /** Set by the runner: how long the task waited for a free thread. */
  waited?: number;
}

/**
 * The queue of checks waiting to settle, one interface with two implementations: the desktop's
 * in-process queue over SQLite (check-processor.ts: the checks table is the durable queue) and
 * the team server's pg-boss queue on PostgreSQL (pg-queue.ts: any number of processes).
 */
export interface CheckQueue {
  /** Inside the transaction that inserts the check: on PostgreSQL the job commits with it. */
  add(tx: import('../store/index.js').Store, id: string): Promise<void>;
  /** After that transaction committed: the desktop starts the work in this process. */
  committed(id: string): void;
  /** Resolves when the check leaves `processing` or after `ms`, whichever is first. */
  waitFor(id: string, ms: number, signal?: AbortSignal): Promise<void>;
  /** Checks waiting or being analysed (the health route's queue depth): this process's on the desktop, all of them on a team server. */
  depth(): Promise<number>;
  /**
   * True when checks submitted here are analysed in this process (the desktop), so a password
   * can reach the analysis in memory; false on a team server, whose jobs any process may run.
   */
  readonly analysesHere: boolean;
  /** True once shutdown began: an analysis that ends now is not stored (it runs again). */
  readonly isStopping: boolean;
  /**
   * Shutdown began: waiters (`?wait=true`) answer at once with the check as it stands, and an
   * analysis that ends from now on is not stored (the check runs again). Synchronous, so the
   * HTTP server can drain before anything else stops.
   */
  drain(): void;
  /** Stops taking work; resolves when this process holds none (its jobs go back to the queue). */
  stop(): Promise<void>;
}
