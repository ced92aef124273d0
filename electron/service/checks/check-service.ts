/**
 * The use cases of a document check, in the order a check lives them:
 * submit -> store -> queue -> analyse -> score -> persist -> present (then list, relate, delete).
 * HTTP (api/), the queue (queue/) and the CLI call these; nothing here knows about HTTP.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { DocumentCheck } from '../../../contract/check.js';
import { sniffMime, type Mode, ENGINE_VERSION } from '../../../engine/index.js';
import type { CheckError, CheckRecord, SettingsSnapshot } from '../domain/check-record.js';
import { presentCheck } from '../domain/present-check.js';
import { asStorageError, StorageError } from '../domain/storage-error.js';
import { StorageHealth } from '../domain/storage-health.js';
import type { CheckProcessor } from '../queue/check-processor.js';
import type { CheckQueue } from '../queue/types.js';
import { deleteCheck } from '../store/deletion.js';
import { newCheckId } from '../store/ids.js';
import type { Store } from '../store/index.js';
import { WebhookDispatcher } from '../webhooks/dispatcher.js';
import type { Comparison } from '../library/compare.js';
import type { RelatedItem } from '../library/store.js';
import { assess, type Pipeline } from './assess.js';
import { PasswordVault } from './passwords.js';
import { WorkspaceLibrary } from './library.js';
import { workspaceSettings } from './settings.js';

/** A received file, hashed and still in its temp place (store/uploads.ts IncomingFile). */
export interface ReceivedFile {
  tempPath: string;
  filename: string;
  sha256: string;
  size: number;
  /** The first bytes, to sniff the type from the content. */
  head: Buffer;
}

export interface Submission {
  mode?: Mode;
  webhook_url?: string | null;
  /** The key that submitted it, for the audit log. */
  actor: string | null;
  /** A PDF's password: kept in this process's memory until the check settles, never stored. */
  password?: string;
  /** How long receiving the upload took (ms), for the check's stage timings. */
  receivedMs?: number;
}

/** A password came with a check this process will not analyse itself (a team server). */
export class PasswordNotAccepted extends Error {
  readonly code = 'password_not_accepted';
  constructor() {
    super(
      "This server's checks are analysed by worker processes that a password cannot reach without being stored; send the document without its password (decrypted) or check it on the desktop app.",
    );
  }
}

/** The document is not one the engine reads; nothing was stored. */
export class UnsupportedDocument extends Error {
  readonly code = 'unsupported_document';
  constructor() {
    super('The file is not a PDF, PNG or JPEG (judged by its content, not its name).');
  }
}

/** The longest wait between two attempts to store an outcome the disk refused. */
const MAX_STORAGE_RETRY_MS = 30_000;

/** What a settling write returns when shutdown came while it waited for the disk. */
const STOPPED = Symbol('stopped');

/** Submits whose checks have not started analysing yet, at most this many remembered (the rest lose their submit-side timings). */
const MAX_PENDING_TIMINGS = 10_000;

const round2 = (ms: number) => Math.round(ms * 100) / 100;

export class CheckService {
  private queue: CheckQueue | null = null;
  private readonly library: WorkspaceLibrary;
  private readonly passwords = new PasswordVault();
  /**
   * The submit-side stages of checks this process received, until their analysis starts here
   * (in memory only: a check settled by another process, or after a restart, has none).
   */
  private readonly submitted = new Map<string, { receive?: number; store: number; at: number }>();
  /** The settling write of checks settled here, until a waiting request takes it (`settledTimings`). */
  private readonly persisted = new Map<string, { persist: number; at: number }>();

  constructor(
    private readonly store: Store,
    private readonly pipeline: Pipeline,
    private readonly webhooks: WebhookDispatcher,
    private readonly logger: Logger,
    /** Told of every write the disk refuses or takes (the health probe reads it). */
    readonly storage: StorageHealth = new StorageHealth(),
    /** The first wait before storing a refused outcome again; it doubles up to 30 s. */
    private readonly storageRetryMs = 1_000,
  ) {
    this.library = new WorkspaceLibrary(store.library);
  }

  /** The queue that runs `settle`; set once at start-up (the queue is built around `settle`). */
  attach(queue: CheckQueue): void {
    this.queue = queue;
  }

  /** submit -> store -> queue: everything durable happens before this returns. */
  async submit(file: ReceivedFile, submission: Submission): Promise<CheckRecord> {
    const { store } = this;
    const started = performance.now();
    const mime = sniffMime(file.head);
    if (!mime) throw new UnsupportedDocument();
    if (submission.password !== undefined && this.queue && !this.queue.analysesHere) throw new PasswordNotAccepted();
    await store.uploads.commit(file.tempPath, file.sha256, file.size, mime);
    try {
      const settings = await workspaceSettings(store);
      const insert = (tx: Store) =>
        tx.checks.insert({
          id: newCheckId(),
          filename: file.filename,
          mime_type: mime,
          size_bytes: file.size,
          sha256: file.sha256,
          mode: submission.mode ?? 'normal',
          engine_version: ENGINE_VERSION,
          thresholds: settings.thresholds,
          snapshot: settings.snapshot,
          webhook_url: submission.webhook_url ?? null,
          pages: mime === 'application/pdf' ? null : 1,
          password_supplied: submission.password !== undefined,
        });
      const insertAndQueue = async (tx: Store) => {
        const c = await insert(tx);
        await this.queue?.add(tx, c.id);
        return c;
      };
      const check = await store.audited(submission.actor, insertAndQueue, (c) => ({
        action: 'document_check.created',
        target_id: c.id,
        details: { sha256: c.sha256, size_bytes: c.size_bytes, mime_type: c.mime_type, mode: c.mode },
      }));
      this.storage.recovered();
      // Before the work starts in this process; it leaves memory when the check settles.
      if (submission.password !== undefined) this.passwords.hold(check.id, submission.password);
      if (this.submitted.size >= MAX_PENDING_TIMINGS) this.submitted.delete(this.submitted.keys().next().value!);
      const at = performance.now();
      this.submitted.set(check.id, { receive: submission.receivedMs, store: round2(at - started), at });
      this.queue?.committed(check.id);
      return check;
    } finally {
      store.uploads.release(file.sha256);
    }
  }

  /** Resolves when the check settles or after `ms`. */
  waitFor(id: string, ms: number, signal?: AbortSignal): Promise<void> {
    return this.queue ? this.queue.waitFor(id, ms, signal) : Promise.resolve();
  }

  /**
   * For a request that waited on the check: how long its settling write took and how long since
   * it ended (the wake-up of the waiter). Once per check; null when it settled elsewhere.
   */
  settledTimings(id: string): { persist: number; wake: number } | null {
    const done = this.persisted.get(id);
    if (!done) return null;
    this.persisted.delete(id);
    return { persist: done.persist, wake: round2(performance.now() - done.at) };
  }

  /** Re-queues what a previous run left `processing` (the desktop's in-process queue only). */
  async recover(processor: CheckProcessor): Promise<number> {
    return processor.recover(await this.store.checks.processing());
  }

  /**
   * analyse -> score -> persist (with its webhook in the same transaction). The queue's work.
   * `lease`: the team server's attempt (pg-queue.ts); the settling write counts only while the
   * check is still `processing` under it. Resolves 'interrupted' when shutdown stopped the
   * analysis (nothing stored: the check runs again).
   */
  async settle(id: string, lease: string | null = null): Promise<'settled' | 'interrupted' | 'skipped'> {
    const submitted = this.submitted.get(id);
    this.submitted.delete(id);
    const check = await this.store.checks.get(id);
    if (!check || check.status !== 'processing') {
      this.passwords.forget(id);
      return 'skipped';
    }
    let comparison: Comparison | null = null;
    const password = this.passwords.take(id);
    const outcome = await assess(this.pipeline, {
      ...(password !== undefined ? { password } : {}),
      path: this.store.uploads.pathFor(check.sha256),
      filename: check.filename,
      mode: check.mode,
      thresholds: check.thresholds,
      snapshot: () => this.currentSnapshot(id),
      compare: async (analysis) => {
        comparison = await this.library.compare(id, check.sha256, analysis);
        return comparison.findings;
      },
      timings: submitted && {
        ...(submitted.receive !== undefined ? { receive: submitted.receive } : {}),
        store: submitted.store,
        queue: round2(performance.now() - submitted.at),
      },
    });
    // Interrupted by shutdown: leave it `processing` so the next start picks it up. Deleted meanwhile: nothing to store.
    if (outcome.status === 'interrupted' || this.queue?.isStopping) return 'interrupted';
    if (outcome.status === 'gone') return 'skipped';
    if (outcome.status === 'failed') {
      return (await this.persist(id, () => this.fail(id, outcome.error, lease))) === STOPPED ? 'interrupted' : 'settled';
    }
    const { result, ruleErrors } = outcome;
    if (ruleErrors.length > 0) this.logger.warn({ check: id, rule_errors: ruleErrors }, 'rules failed to evaluate');
    // One transaction with the outbox row, so a crash cannot complete a check and lose its webhook.
    // A check deleted while it was being analysed is not stored and sends no webhook.
    const writing = performance.now();
    const queued = await this.persist(id, () =>
      this.store.transaction(async (tx) => {
        if (!(await tx.checks.complete(id, result, lease))) return null;
        await WorkspaceLibrary.add(tx.library, id, check.sha256, result.analysis, result.verdict.decision, comparison);
        return this.notify(tx, id, 'document_check.completed');
      }),
    );
    if (queued === STOPPED) return 'interrupted';
    // null: settled by another attempt meanwhile (or deleted): this one's result is dropped.
    if (queued === null) return 'skipped';
    if (this.persisted.size >= MAX_PENDING_TIMINGS) this.persisted.delete(this.persisted.keys().next().value!);
    this.persisted.set(id, { persist: round2(performance.now() - writing), at: performance.now() });
    if (queued) this.webhooks.kick();
    const { verdict } = result;
    this.logger.info({ check: id, decision: verdict.decision, risk_score: verdict.risk_score, ms: result.analysis.timings.total }, 'check completed');
    return 'settled';
  }

  /**
   * Runs a settling write; while the disk refuses it (full, read-only), waits and tries again.
   * Given up on, the check would stay `processing` with nothing left to finish it until a
   * restart; retried, it settles once space returns. STOPPED when shutdown comes first: the
   * check stays `processing` and the next start queues it again.
   */
  private async persist<T>(id: string, write: () => Promise<T>): Promise<T | typeof STOPPED> {
    for (let attempt = 0; ; attempt++) {
      try {
        const written = await write();
        this.storage.recovered();
        return written;
      } catch (err) {
        const storage = asStorageError(err, 'The outcome of the check could not be stored');
        if (!(storage instanceof StorageError) || this.queue?.isStopping) throw err;
        this.storage.failed(storage);
        const waitMs = Math.min(this.storageRetryMs * 2 ** Math.min(attempt, 20), MAX_STORAGE_RETRY_MS);
        this.logger.error({ check: id, err, retry_in_ms: waitMs }, 'storing the check failed; retrying when the disk takes writes again');
        await sleep(waitMs, undefined, { ref: false });
        if (this.queue?.isStopping) return STOPPED;
      }
    }
  }

  /** The submit-time snapshot minus rules deleted since (a deleted rule never fires); null when the check is gone. */
  private async currentSnapshot(id: string): Promise<SettingsSnapshot | null> {
    const snapshot = await this.store.checks.snapshot(id);
    if (!snapshot) return null;
    const deleted = await this.store.rules.deletedAmong(snapshot.rules.map((r) => r.id));
    return { ...snapshot, rules: snapshot.rules.filter((r) => !deleted.has(r.id)) };
  }

  /** present: the contract's document_check, or null when there is no such check. */
  async present(id: string): Promise<DocumentCheck | null> {
    const check = await this.store.checks.get(id);
    return check ? presentCheck(check) : null;
  }

  /** presented, newest first; null when `startingAfter` names no check. */
  async list(limit: number, startingAfter?: string): Promise<{ data: DocumentCheck[]; has_more: boolean } | null> {
    const page = await this.store.checks.list(limit, startingAfter);
    return page && { data: page.data.map(presentCheck), has_more: page.has_more };
  }

  async exists(id: string): Promise<boolean> {
    return (await this.store.checks.get(id)) !== null;
  }

  /** Deletes the check, its analysis, feedback and webhook rows (and its file unless shared); false when there is no such check. */
  remove(id: string, actor: string): Promise<boolean> {
    return deleteCheck(this.store, id, actor, 'request');
  }

  /** The checks related to this one through the library, both directions; null when there is no such check. */
  async related(id: string, limit: number): Promise<{ data: RelatedItem[]; has_more: boolean } | null> {
    if (!(await this.exists(id))) return null;
    return this.library.related(id, limit);
  }

  /** Stores a failure (with its webhook) if the check is still `processing` under `lease`. */
  async fail(id: string, error: CheckError, lease: string | null = null): Promise<void> {
    const queued = await this.store.transaction(async (tx) => (await tx.checks.fail(id, error, lease)) && this.notify(tx, id, 'document_check.failed'));
    if (queued) this.webhooks.kick();
    this.logger.warn({ check: id, code: error.code, message: error.message }, 'check failed');
  }

  /** Writes the event to the outbox in the caller's transaction; true when there was one to send. */
  private async notify(tx: Store, id: string, event: string): Promise<boolean> {
    const check = await tx.checks.get(id);
    if (!check?.webhook_url) return false;
    await WebhookDispatcher.write(tx.outbox, event, id, check.webhook_url, presentCheck(check));
    return true;
  }
}
