/** The persisted webhook outbox: a delivery survives restarts until it succeeds or runs out of retries. */
import type { Sql } from '../db/sql.js';
import { nowIso } from './ids.js';

export interface OutboxItem {
  id: string;
  check_id: string;
  event: string;
  url: string;
  /** The exact bytes signed and sent on every attempt. */
  body: string;
  attempts: number;
  next_attempt_at: number;
  /** A process holds this delivery until then (ms); null when none does. */
  claimed_until?: number | null;
  status: 'pending' | 'delivered' | 'failed';
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export class OutboxStore {
  constructor(private readonly sql: Sql) {}

  async enqueue(item: Pick<OutboxItem, 'id' | 'check_id' | 'event' | 'url' | 'body'>, dueAt: number): Promise<void> {
    await this.sql.run(
      "INSERT INTO webhook_outbox (id, check_id, event, url, body, next_attempt_at, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)",
      [item.id, item.check_id, item.event, item.url, item.body, dueAt, nowIso()],
    );
  }

  /** Pending deliveries that are due and that no process holds a claim on. */
  async due(now: number, limit = 20): Promise<OutboxItem[]> {
    return this.sql.all<OutboxItem>(
      "SELECT * FROM webhook_outbox WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_attempt_at LIMIT ?",
      [now, now, limit],
    );
  }

  /**
   * Takes a delivery for one attempt until `until` (ms): a single conditional UPDATE, so of
   * several processes looking at the same row exactly one gets it (PostgreSQL re-checks the
   * condition on the row it waited for). A claim outlives the request deadline; a process killed
   * mid-attempt leaves it to expire, and the delivery goes out again with the same id.
   */
  async claim(id: string, now: number, until: number): Promise<boolean> {
    return (
      (await this.sql.run("UPDATE webhook_outbox SET claimed_until = ? WHERE id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?)", [
        until,
        id,
        now,
      ])) > 0
    );
  }

  /** Gives claims back (an attempt interrupted by shutdown): the rows are due again at once. */
  async unclaim(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.sql.run("UPDATE webhook_outbox SET claimed_until = NULL WHERE id = ? AND status = 'pending'", [id]);
  }

  /** Drops every claim: a desktop (one process per workspace, under its lock) starting after a crash. */
  async releaseAll(): Promise<void> {
    await this.sql.run("UPDATE webhook_outbox SET claimed_until = NULL WHERE status = 'pending' AND claimed_until IS NOT NULL");
  }

  /** When the next pending delivery is due (a claimed one: when its claim ends). */
  async nextDueAt(): Promise<number | null> {
    const row = await this.sql.get<{ at: number | null }>(
      "SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > next_attempt_at THEN claimed_until ELSE next_attempt_at END) AS at FROM webhook_outbox WHERE status = 'pending'",
    );
    return row?.at == null ? null : Number(row.at);
  }

  async markDelivered(id: string, attempts: number): Promise<void> {
    await this.sql.run("UPDATE webhook_outbox SET status = 'delivered', attempts = ?, delivered_at = ?, last_error = NULL, claimed_until = NULL WHERE id = ?", [
      attempts,
      nowIso(),
      id,
    ]);
  }

  async reschedule(id: string, attempts: number, nextAt: number, error: string): Promise<void> {
    await this.sql.run('UPDATE webhook_outbox SET attempts = ?, next_attempt_at = ?, last_error = ?, claimed_until = NULL WHERE id = ?', [
      attempts,
      nextAt,
      error,
      id,
    ]);
  }

  /** Moves a pending delivery's next attempt later without counting an attempt (its receiver is backed off). */
  async postpone(id: string, until: number): Promise<void> {
    await this.sql.run("UPDATE webhook_outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at < ?", [until, id, until]);
  }

  async markFailed(id: string, attempts: number, error: string): Promise<void> {
    await this.sql.run("UPDATE webhook_outbox SET status = 'failed', attempts = ?, last_error = ?, claimed_until = NULL WHERE id = ?", [attempts, error, id]);
  }

  async get(id: string): Promise<OutboxItem | null> {
    return (await this.sql.get<OutboxItem>('SELECT * FROM webhook_outbox WHERE id = ?', [id])) ?? null;
  }

  async forCheck(checkId: string): Promise<OutboxItem[]> {
    return this.sql.all<OutboxItem>('SELECT * FROM webhook_outbox WHERE check_id = ? ORDER BY created_at', [checkId]);
  }
}
