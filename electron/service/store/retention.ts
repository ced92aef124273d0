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
export function getRetention(store: Store, pin: RetentionPin = {}): RetentionPolicy {
  const own = storedRetention(store);
  return {
    delete_files_after_days: pin.delete_files_after_days !== undefined ? pin.delete_files_after_days : own.delete_files_after_days,
    delete_checks_after_days: pin.delete_checks_after_days !== undefined ? pin.delete_checks_after_days : own.delete_checks_after_days,
    updated_at: own.updated_at,
  };
}

function storedRetention(store: Store): RetentionPolicy {
  const row = store.db.prepare('SELECT value, updated_at FROM settings WHERE key = ?').get(KEY) as { value: string; updated_at: string } | undefined;
  if (!row) return { delete_files_after_days: null, delete_checks_after_days: null, updated_at: null };
  const value = JSON.parse(row.value) as Omit<RetentionPolicy, 'updated_at'>;
  return { delete_files_after_days: value.delete_files_after_days ?? null, delete_checks_after_days: value.delete_checks_after_days ?? null, updated_at: row.updated_at };
}

export function setRetention(store: Store, patch: Partial<Omit<RetentionPolicy, 'updated_at'>>, actor: string | null): RetentionPolicy {
  return store.audit.record(
    actor,
    () => {
      const current = storedRetention(store);
      const value = {
        delete_files_after_days: patch.delete_files_after_days === undefined ? current.delete_files_after_days : patch.delete_files_after_days,
        delete_checks_after_days: patch.delete_checks_after_days === undefined ? current.delete_checks_after_days : patch.delete_checks_after_days,
      };
      const at = nowIso();
      store.db
        .prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at')
        .run(KEY, JSON.stringify(value), at);
      return { ...value, updated_at: at };
    },
    (next) => ({ action: 'retention.updated', target_id: null, details: { delete_files_after_days: next.delete_files_after_days, delete_checks_after_days: next.delete_checks_after_days } }),
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
  const policy = getRetention(store, pin);
  let checks = 0;
  let files = 0;
  const checksBefore = cutoff(policy.delete_checks_after_days, now);
  if (checksBefore) {
    const expired = store.db.prepare("SELECT id FROM checks WHERE created_at < ? AND status != 'processing' ORDER BY seq LIMIT ?");
    for (;;) {
      const ids = (expired.all(checksBefore, BATCH) as Array<{ id: string }>).map((r) => r.id);
      for (const id of ids) if (store.db.open && deleteCheck(store, id, null, 'retention')) checks++;
      if (ids.length < BATCH || !store.db.open) break;
      await yieldToIo();
    }
  }
  const filesBefore = cutoff(policy.delete_files_after_days, now);
  if (filesBefore && store.db.open) {
    const expired = store.db.prepare(
      `SELECT u.sha256 FROM uploads u WHERE u.created_at < ? AND NOT EXISTS (SELECT 1 FROM uploads_deleted d WHERE d.sha256 = u.sha256)
         AND NOT EXISTS (SELECT 1 FROM checks c WHERE c.sha256 = u.sha256 AND (c.created_at >= ? OR c.status = 'processing'))
       LIMIT ?`,
    );
    const seen = new Set<string>();
    for (;;) {
      const shas = (expired.all(filesBefore, filesBefore, BATCH) as Array<{ sha256: string }>).map((r) => r.sha256).filter((s) => !seen.has(s));
      if (shas.length === 0) break;
      for (const sha of shas) {
        seen.add(sha);
        if (store.uploads.isHeld(sha)) continue;
        const checkIds = (store.db.prepare('SELECT id FROM checks WHERE sha256 = ? ORDER BY seq').all(sha) as Array<{ id: string }>).map((r) => r.id);
        const marked = store.audit.record(
          null,
          () => store.db.prepare('INSERT OR IGNORE INTO uploads_deleted (sha256, deleted_at) VALUES (?, ?)').run(sha, nowIso()).changes > 0,
          (changed) => (changed ? { action: 'document_file.deleted', target_id: sha, details: { reason: 'retention', check_ids: checkIds } } : null),
        );
        if (marked) {
          rmSync(store.uploads.pathFor(sha), { force: true });
          files++;
        }
      }
      if (!store.db.open) break;
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
