/**
 * The audit log (DECISIONS "Beyond v1"): an append-only hash chain of every change made through
 * a key (or by the service itself, actor null). Each event's `hash` is
 *   sha256_hex(prev_hash + canonical_json(event without `hash`))
 * where the first event's prev_hash is 64 zeros, and canonical JSON is JSON with object keys
 * sorted (by UTF-16 code units, as Array.prototype.sort does), no whitespace, strings and
 * numbers as JSON.stringify writes them (RFC 8785 for the values stored here: strings,
 * integers, booleans, null, arrays, objects). Appends run inside a transaction that holds the
 * chain's tail (or the caller's), so two writers, even in two processes, never fork the chain.
 */
import { createHash } from 'node:crypto';
import type { Sql } from '../db/sql.js';
import { nowIso, randomBase62 } from './ids.js';

export const GENESIS_HASH = '0'.repeat(64);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface AuditInput {
  action: string;
  target_id: string | null;
  details?: Record<string, Json>;
}

export interface AuditEvent {
  id: string;
  object: 'audit_event';
  created_at: string;
  actor_key_id: string | null;
  action: string;
  target_id: string | null;
  details: Record<string, Json>;
  prev_hash: string;
  hash: string;
}

interface AuditRow {
  seq: number;
  id: string;
  created_at: string;
  actor_key_id: string | null;
  action: string;
  target_id: string | null;
  details: string;
  prev_hash: string;
  hash: string;
}

/** Sorted keys, no whitespace; `undefined` members are dropped as JSON.stringify drops them. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`not JSON: ${String(value)}`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

export function eventHash(event: Omit<AuditEvent, 'hash'>): string {
  const { id, object, created_at, actor_key_id, action, target_id, details, prev_hash } = event;
  const body = canonicalJson({ id, object, created_at, actor_key_id, action, target_id, details, prev_hash });
  return createHash('sha256').update(prev_hash).update(body).digest('hex');
}

export const newAuditEventId = () => `ae_${randomBase62(24)}`;

function fromRow(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    object: 'audit_event',
    created_at: row.created_at,
    actor_key_id: row.actor_key_id,
    action: row.action,
    target_id: row.target_id,
    details: JSON.parse(row.details) as Record<string, Json>,
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

export type ChainVerdict = { ok: true; count: number } | { ok: false; count: number; broken: { id: string; position: number; reason: string } };

/** Walks the chain oldest first, a page at a time; names the first event whose hash or link does not hold. */
export async function verifyChain(sql: Sql): Promise<ChainVerdict> {
  let prev = GENESIS_HASH;
  let position = 0;
  let after = -1;
  for (;;) {
    const rows = await sql.all<AuditRow>(
      'SELECT seq, id, created_at, actor_key_id, action, target_id, details, prev_hash, hash FROM audit_events WHERE seq > ? ORDER BY seq LIMIT 1000',
      [after],
    );
    if (rows.length === 0) return { ok: true, count: position };
    for (const row of rows) {
      position++;
      const fail = (reason: string): ChainVerdict => ({ ok: false, count: position - 1, broken: { id: row.id, position, reason } });
      if (row.prev_hash !== prev) {
        return fail(
          position === 1
            ? 'the first event does not start from the genesis hash'
            : "its prev_hash is not the previous event's hash (an event before it was removed or altered)",
        );
      }
      let details: Record<string, Json>;
      try {
        details = JSON.parse(row.details) as Record<string, Json>;
      } catch {
        return fail('its details are not JSON');
      }
      const expected = eventHash({ ...fromRow({ ...row, details: '{}' }), details });
      if (expected !== row.hash) return fail('its hash does not match its contents (the event was altered)');
      prev = row.hash;
      after = Number(row.seq);
    }
  }
}

/** Any fixed number: the PostgreSQL advisory lock that orders appends to the chain across processes. */
const AUDIT_LOCK = 7_351_013;

export class AuditStore {
  constructor(private readonly sql: Sql) {}

  /**
   * Inside a transaction, holds the chain's tail until commit. SQLite's BEGIN IMMEDIATE already
   * admits one writer; PostgreSQL writers take this advisory lock.
   */
  async lock(): Promise<void> {
    if (this.sql.dialect === 'postgres') await this.sql.get('SELECT pg_advisory_xact_lock(?)', [AUDIT_LOCK]);
  }

  /** Appends one event; joins the caller's transaction when there is one. */
  append(actorKeyId: string | null, input: AuditInput): Promise<AuditEvent> {
    return this.sql.transaction(async (tx) => {
      await new AuditStore(tx).lock();
      const prev = (await tx.get<{ hash: string }>('SELECT hash FROM audit_events ORDER BY seq DESC LIMIT 1'))?.hash ?? GENESIS_HASH;
      // Round-trip the details through canonical JSON so what is hashed is exactly what is stored.
      const details = JSON.parse(canonicalJson(input.details ?? {})) as Record<string, Json>;
      const event: Omit<AuditEvent, 'hash'> = {
        id: newAuditEventId(),
        object: 'audit_event',
        created_at: nowIso(),
        actor_key_id: actorKeyId,
        action: input.action,
        target_id: input.target_id,
        details,
        prev_hash: prev,
      };
      const hash = eventHash(event);
      await tx.run('INSERT INTO audit_events (id, created_at, actor_key_id, action, target_id, details, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        event.id,
        event.created_at,
        event.actor_key_id,
        event.action,
        event.target_id,
        canonicalJson(details),
        prev,
        hash,
      ]);
      return { ...event, hash };
    });
  }

  /** Newest first, like the checks list; null when `startingAfter` names no event. */
  async list(limit: number, startingAfter?: string): Promise<{ data: AuditEvent[]; has_more: boolean } | null> {
    let rows: AuditRow[];
    if (startingAfter) {
      const anchor = await this.sql.get<{ seq: number }>('SELECT seq FROM audit_events WHERE id = ?', [startingAfter]);
      if (!anchor) return null;
      rows = await this.sql.all<AuditRow>('SELECT * FROM audit_events WHERE seq < ? ORDER BY seq DESC LIMIT ?', [anchor.seq, limit + 1]);
    } else {
      rows = await this.sql.all<AuditRow>('SELECT * FROM audit_events ORDER BY seq DESC LIMIT ?', [limit + 1]);
    }
    return { data: rows.slice(0, limit).map(fromRow), has_more: rows.length > limit };
  }

  async count(): Promise<number> {
    return Number((await this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM audit_events'))!.n);
  }

  verify(): Promise<ChainVerdict> {
    return verifyChain(this.sql);
  }
}
