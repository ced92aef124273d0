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
  status: 'pending' | 'delivered' | 'failed';
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export class OutboxStore {
  constructor(private readonly sql: Sql) {}

  async enqueue(item: Pick<OutboxItem, 'id' | 'check_id' | 'event' | 'url' | 'body'>, dueAt: number): Promise<void> {
    await this.sql.run("INSERT INTO webhook_outbox (id, check_id, event, url, body, next_attempt_at, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)", [
      item.id,
      item.check_id,
      item.event,
      item.url,
      item.body,
      dueAt,
      nowIso(),
    ]);
  }

  async due(now: number, limit = 20): Promise<OutboxItem[]> {
    return this.sql.all<OutboxItem>("SELECT * FROM webhook_outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?", [now, limit]);
  }

  async nextDueAt(): Promise<number | null> {
    const row = await this.sql.get<{ at: number | null }>("SELECT MIN(next_attempt_at) AS at FROM webhook_outbox WHERE status = 'pending'");
    return row?.at == null ? null : Number(row.at);
  }

  async markDelivered(id: string, attempts: number): Promise<void> {
    await this.sql.run("UPDATE webhook_outbox SET status = 'delivered', attempts = ?, delivered_at = ?, last_error = NULL WHERE id = ?", [attempts, nowIso(), id]);
  }

  async reschedule(id: string, attempts: number, nextAt: number, error: string): Promise<void> {
    await this.sql.run('UPDATE webhook_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?', [attempts, nextAt, error, id]);
  }

  async markFailed(id: string, attempts: number, error: string): Promise<void> {
    await this.sql.run("UPDATE webhook_outbox SET status = 'failed', attempts = ?, last_error = ? WHERE id = ?", [attempts, error, id]);
  }

  async get(id: string): Promise<OutboxItem | null> {
    return (await this.sql.get<OutboxItem>('SELECT * FROM webhook_outbox WHERE id = ?', [id])) ?? null;
  }

  async forCheck(checkId: string): Promise<OutboxItem[]> {
    return this.sql.all<OutboxItem>('SELECT * FROM webhook_outbox WHERE check_id = ? ORDER BY created_at', [checkId]);
  }
}
