/**
 * The audit log (DECISIONS "Beyond v1"): an append-only hash chain of every change made through
 * a key (or by the service itself, actor null). Each event's `hash` is
 *   sha256_hex(prev_hash + canonical_json(event without `hash`))
 * where the first event's prev_hash is 64 zeros, and canonical JSON is JSON with object keys
 * sorted (by UTF-16 code units, as Array.prototype.sort does), no whitespace, strings and
 * numbers as JSON.stringify writes them (RFC 8785 for the values stored here: strings,
 * integers, booleans, null, arrays, objects). Appends run inside an IMMEDIATE transaction (or
 * the caller's), so two writers, even in two processes, never fork the chain.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/open.js';
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

export type ChainVerdict =
  | { ok: true; count: number }
  | { ok: false; count: number; broken: { id: string; position: number; reason: string } };

/** Walks the chain oldest first; names the first event whose hash or link does not hold. */
export function verifyChain(db: Db): ChainVerdict {
  let prev = GENESIS_HASH;
  let position = 0;
  const rows = db.prepare('SELECT seq, id, created_at, actor_key_id, action, target_id, details, prev_hash, hash FROM audit_events ORDER BY seq').iterate() as IterableIterator<AuditRow>;
  for (const row of rows) {
    position++;
    const fail = (reason: string): ChainVerdict => ({ ok: false, count: position - 1, broken: { id: row.id, position, reason } });
    if (row.prev_hash !== prev) {
      return fail(position === 1 ? 'the first event does not start from the genesis hash' : 'its prev_hash is not the previous event\'s hash (an event before it was removed or altered)');
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
  }
  return { ok: true, count: position };
}

export class AuditStore {
  private readonly lastHash;
  private readonly insertRow;
  private readonly seqOf;
  private readonly firstPage;
  private readonly nextPage;

  constructor(private readonly db: Db) {
    this.lastHash = db.prepare('SELECT hash FROM audit_events ORDER BY seq DESC LIMIT 1');
    this.insertRow = db.prepare(
      'INSERT INTO audit_events (id, created_at, actor_key_id, action, target_id, details, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.seqOf = db.prepare('SELECT seq FROM audit_events WHERE id = ?');
    this.firstPage = db.prepare('SELECT * FROM audit_events ORDER BY seq DESC LIMIT ?');
    this.nextPage = db.prepare('SELECT * FROM audit_events WHERE seq < ? ORDER BY seq DESC LIMIT ?');
  }

  /** Appends one event; joins the caller's transaction when there is one. */
  append(actorKeyId: string | null, input: AuditInput): AuditEvent {
    return this.db.transaction(() => {
      const prev = (this.lastHash.get() as { hash: string } | undefined)?.hash ?? GENESIS_HASH;
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
      this.insertRow.run(event.id, event.created_at, event.actor_key_id, event.action, event.target_id, canonicalJson(details), prev, hash);
      return { ...event, hash };
    }).immediate();
  }

  /**
   * Runs `change` and appends the event `describe` derives from its result, in one IMMEDIATE
   * transaction: the change and its audit event commit together or not at all.
   */
  record<T>(actorKeyId: string | null, change: () => T, describe: (result: T) => AuditInput | null): T {
    return this.db.transaction(() => {
      const result = change();
      const input = describe(result);
      if (input) this.append(actorKeyId, input);
      return result;
    }).immediate();
  }

  /** Newest first, like the checks list; null when `startingAfter` names no event. */
  list(limit: number, startingAfter?: string): { data: AuditEvent[]; has_more: boolean } | null {
    let rows: AuditRow[];
    if (startingAfter) {
      const anchor = this.seqOf.get(startingAfter) as { seq: number } | undefined;
      if (!anchor) return null;
      rows = this.nextPage.all(anchor.seq, limit + 1) as AuditRow[];
    } else {
      rows = this.firstPage.all(limit + 1) as AuditRow[];
    }
    return { data: rows.slice(0, limit).map(fromRow), has_more: rows.length > limit };
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM audit_events').get() as { n: number }).n;
  }

  verify(): ChainVerdict {
    return verifyChain(this.db);
  }
}
