/** The persisted webhook outbox: a delivery survives restarts until it succeeds or runs out of retries. */
import type { Db } from '../db/open.js';
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
  status: 'pending' | 'delivered' | 'failed';
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export class OutboxStore {
  constructor(private readonly db: Db) {}

  enqueue(item: Pick<OutboxItem, 'id' | 'check_id' | 'event' | 'url' | 'body'>, dueAt: number): void {
    this.db
      .prepare("INSERT INTO webhook_outbox (id, check_id, event, url, body, next_attempt_at, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)")
      .run(item.id, item.check_id, item.event, item.url, item.body, dueAt, nowIso());
  }

  due(now: number, limit = 20): OutboxItem[] {
    return this.db.prepare("SELECT * FROM webhook_outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?").all(now, limit) as OutboxItem[];
  }

  nextDueAt(): number | null {
    const row = this.db.prepare("SELECT MIN(next_attempt_at) AS at FROM webhook_outbox WHERE status = 'pending'").get() as { at: number | null };
    return row.at;
  }

  markDelivered(id: string, attempts: number): void {
    this.db.prepare("UPDATE webhook_outbox SET status = 'delivered', attempts = ?, delivered_at = ?, last_error = NULL WHERE id = ?").run(attempts, nowIso(), id);
  }

  reschedule(id: string, attempts: number, nextAt: number, error: string): void {
    this.db.prepare('UPDATE webhook_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?').run(attempts, nextAt, error, id);
  }

  markFailed(id: string, attempts: number, error: string): void {
    this.db.prepare("UPDATE webhook_outbox SET status = 'failed', attempts = ?, last_error = ? WHERE id = ?").run(attempts, error, id);
  }

  get(id: string): OutboxItem | null {
    return (this.db.prepare('SELECT * FROM webhook_outbox WHERE id = ?').get(id) as OutboxItem | undefined) ?? null;
  }

  forCheck(checkId: string): OutboxItem[] {
    return this.db.prepare('SELECT * FROM webhook_outbox WHERE check_id = ? ORDER BY created_at').all(checkId) as OutboxItem[];
  }
}
