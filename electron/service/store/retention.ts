/**
 * Retention (DECISIONS "Beyond v1"): `delete_files_after_days` removes stored files whose every
 * check is older than that (the checks stay and answer as before; the dashboard has no file to
 * show); `delete_checks_after_days` deletes checks older than that, as DELETE does. null keeps
 * forever. Ages count from a check's created_at; checks still processing are never touched.
 * The policy lives in the settings table under `retention`.
 */
import { rmSync } from 'node:fs';
import type { Logger } from 'pino';
import { deleteCheck } from './deletion.js';
import { nowIso } from './ids.js';
import type { Store } from './index.js';

export interface RetentionPolicy {
  delete_files_after_days: number | null;
  delete_checks_after_days: number | null;
  updated_at: string | null;
}

const KEY = 'retention';
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/** Retention values a machine policy pins (policy.ts); they win over the workspace's. */
export type RetentionPin = Partial<Omit<RetentionPolicy, 'updated_at'>>;

/** The retention in force: the workspace's, with the machine policy's pinned values over it. */
export async function getRetention(store: Store, pin: RetentionPin = {}): Promise<RetentionPolicy> {
  const own = await storedRetention(store);
  return {
    delete_files_after_days: pin.delete_files_after_days !== undefined ? pin.delete_files_after_days : own.delete_files_after_days,
    delete_checks_after_days: pin.delete_checks_after_days !== undefined ? pin.delete_checks_after_days : own.delete_checks_after_days,
    updated_at: own.updated_at,
  };
}

async function storedRetention(store: Store): Promise<RetentionPolicy> {
  const row = await store.settings.raw(KEY);
  if (!row) return { delete_files_after_days: null, delete_checks_after_days: null, updated_at: null };
  const value = JSON.parse(row.value) as Omit<RetentionPolicy, 'updated_at'>;
  return {
    delete_files_after_days: value.delete_files_after_days ?? null,
    delete_checks_after_days: value.delete_checks_after_days ?? null,
    updated_at: row.updated_at,
  };
}

export function setRetention(store: Store, patch: Partial<Omit<RetentionPolicy, 'updated_at'>>, actor: string | null): Promise<RetentionPolicy> {
  return store.audited(
    actor,
    async (tx) => {
      const current = await storedRetention(tx);
      const value = {
        delete_files_after_days: patch.delete_files_after_days === undefined ? current.delete_files_after_days : patch.delete_files_after_days,
        delete_checks_after_days: patch.delete_checks_after_days === undefined ? current.delete_checks_after_days : patch.delete_checks_after_days,
      };
      const at = await tx.settings.write(KEY, value);
      return { ...value, updated_at: at };
    },
    (next) => ({
      action: 'retention.updated',
      target_id: null,
      details: { delete_files_after_days: next.delete_files_after_days, delete_checks_after_days: next.delete_checks_after_days },
    }),
  );
}

/** The ISO instant before which things expire, or null (keep forever, or older than any date). */
function cutoff(days: number | null, now: number): string | null {
  if (days === null || days * DAY_MS >= now) return null;
  return new Date(now - days * DAY_MS).toISOString();
}

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One pass: expired checks, then expired files. Batches yield to the event loop between them. */
export async function sweepRetention(store: Store, now = Date.now(), pin: RetentionPin = {}): Promise<{ checks: number; files: number }> {
  const policy = await getRetention(store, pin);
  const { sql } = store;
  let checks = 0;
  let files = 0;
  const checksBefore = cutoff(policy.delete_checks_after_days, now);
  if (checksBefore) {
    for (;;) {
      const ids = (
        await sql.all<{ id: string }>("SELECT id FROM checks WHERE created_at < ? AND status != 'processing' ORDER BY seq LIMIT ?", [checksBefore, BATCH])
      ).map((r) => r.id);
      for (const id of ids) if (sql.open && (await deleteCheck(store, id, null, 'retention'))) checks++;
      if (ids.length < BATCH || !sql.open) break;
      await yieldToIo();
    }
  }
  const filesBefore = cutoff(policy.delete_files_after_days, now);
  if (filesBefore && sql.open) {
    const seen = new Set<string>();
    for (;;) {
      const expired = await sql.all<{ sha256: string }>(
        `SELECT u.sha256 FROM uploads u WHERE u.created_at < ? AND NOT EXISTS (SELECT 1 FROM uploads_deleted d WHERE d.sha256 = u.sha256)
           AND NOT EXISTS (SELECT 1 FROM checks c WHERE c.sha256 = u.sha256 AND (c.created_at >= ? OR c.status = 'processing'))
         LIMIT ?`,
        [filesBefore, filesBefore, BATCH],
      );
      const shas = expired.map((r) => r.sha256).filter((s) => !seen.has(s));
      if (shas.length === 0) break;
      for (const sha of shas) {
        seen.add(sha);
        if (store.uploads.isHeld(sha)) continue;
        const checkIds = (await sql.all<{ id: string }>('SELECT id FROM checks WHERE sha256 = ? ORDER BY seq', [sha])).map((r) => r.id);
        const marked = await store.audited(
          null,
          async (tx) => (await tx.sql.run('INSERT INTO uploads_deleted (sha256, deleted_at) VALUES (?, ?) ON CONFLICT DO NOTHING', [sha, nowIso()])) > 0,
          (changed) => (changed ? { action: 'document_file.deleted', target_id: sha, details: { reason: 'retention', check_ids: checkIds } } : null),
        );
        if (marked) {
          rmSync(store.uploads.pathFor(sha), { force: true });
          files++;
        }
      }
      if (!sql.open) break;
      await yieldToIo();
    }
  }
  return { checks, files };
}

/** The service's retention timer: a pass at start, then every `intervalMs`, and soon after a policy change. */
export class RetentionSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
    private readonly intervalMs = 60 * 60 * 1000,
    private readonly pin: RetentionPin = {},
  ) {}

  start(): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass now, or right after the one under way. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          const removed = await sweepRetention(this.store, Date.now(), this.pin);
          if (removed.checks + removed.files > 0) this.logger.info(removed, 'retention removed expired checks and files');
        } catch (err) {
          this.logger.error({ err }, 'retention pass failed');
        }
      } while (this.again && !this.stopped);
      this.running = null;
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
