/**
 * API keys (DECISIONS "Keys, roles, permissions"). Only a sha256 of the key is stored: keys are
 * 190 bits of randomness, so a slow KDF would add latency to every request without adding safety.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/sql.js';
import type { AuditInput } from './audit.js';
import { API_KEY_PATTERN, newApiKey, newKeyId, nowIso } from './ids.js';
import type { ApiKeyRecord, Role } from '../domain/roles.js';

// The roles live with the domain (the HTTP layer checks them too); the CLI and the service's index read them here.
export { ROLES, PERMISSIONS, ROLE_PERMISSIONS, isRole, roleHas, type Role, type Permission, type ApiKeyRecord } from '../domain/roles.js';

interface KeyRow extends ApiKeyRecord {
  key_hash: string;
}

function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Runs a change and its audit event in one transaction (Store.audited). */
export type Audited = <T>(actor: string | null, change: (tx: { keys: KeyStore }) => Promise<T>, describe: (result: T) => AuditInput | null) => Promise<T>;

export class KeyStore {
  constructor(
    private readonly sql: Sql,
    /** Every key created or revoked is an audit event, whoever does it (API, UI, CLI, service). */
    private readonly audited?: Audited,
  ) {}

  /** Creates a key; the plaintext is returned once and never stored. `actor` is the key that asked (audit log). */
  create(role: Role, name = '', actor: string | null = null, via?: string): Promise<{ key: string; record: ApiKeyRecord }> {
    return this.register(newApiKey(), role, name, actor, via);
  }

  register(key: string, role: Role, name = '', actor: string | null = null, via?: string): Promise<{ key: string; record: ApiKeyRecord }> {
    if (!this.audited) return this.insert(key, role, name);
    return this.audited(
      actor,
      (tx) => tx.keys.insert(key, role, name),
      ({ record }) => ({
        action: 'api_key.created',
        target_id: record.id,
        details: { role: record.role, name: record.name, key_prefix: record.key_prefix, ...(via ? { via } : {}) },
      }),
    );
  }

  /** The row only (no audit event): call through `register`. */
  async insert(key: string, role: Role, name: string): Promise<{ key: string; record: ApiKeyRecord }> {
    if (!API_KEY_PATTERN.test(key)) throw new Error('API keys look like vk_live_ followed by 32 letters or digits');
    const record: ApiKeyRecord = {
      id: newKeyId(),
      name,
      role,
      key_prefix: key.slice(0, 12),
      created_at: nowIso(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.sql.run('INSERT INTO api_keys (id, name, role, key_hash, key_prefix, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      record.id,
      record.name,
      record.role,
      hashKey(key).toString('hex'),
      record.key_prefix,
      record.created_at,
    ]);
    return { key, record };
  }

  /** Registers `key` as owner only while the workspace has no key at all (VERACITY_BOOTSTRAP_KEY). */
  async bootstrap(key: string): Promise<boolean> {
    if (!this.audited) throw new Error('bootstrap needs the audited store');
    return this.audited(
      null,
      async (tx) => {
        // Counted inside the transaction that holds the audit lock: two processes starting at once register one key.
        if ((await tx.keys.count()) > 0) return null;
        return tx.keys.insert(key, 'owner', 'bootstrap');
      },
      (created) =>
        created && {
          action: 'api_key.created',
          target_id: created.record.id,
          details: { role: 'owner', name: 'bootstrap', key_prefix: created.record.key_prefix, via: 'bootstrap' },
        },
    ).then((created) => created !== null);
  }

  /** The active key record for a presented key, or null. */
  async authenticate(presented: string): Promise<ApiKeyRecord | null> {
    if (!API_KEY_PATTERN.test(presented)) return null;
    const hash = hashKey(presented);
    const row = await this.sql.get<KeyRow>('SELECT * FROM api_keys WHERE key_hash = ?', [hash.toString('hex')]);
    // The lookup is by hash (no secret-dependent timing on the key itself); compare again in
    // constant time so a future change of lookup strategy cannot introduce a timing leak.
    if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), hash)) return null;
    if (row.revoked_at) return null;
    const { key_hash: _drop, ...record } = row;
    return record;
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.sql.all<ApiKeyRecord>('SELECT id, name, role, key_prefix, created_at, last_used_at, revoked_at FROM api_keys ORDER BY created_at DESC, id');
  }

  async get(id: string): Promise<ApiKeyRecord | null> {
    return (
      (await this.sql.get<ApiKeyRecord>('SELECT id, name, role, key_prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE id = ?', [id])) ?? null
    );
  }

  async touch(id: string): Promise<void> {
    await this.sql.run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [nowIso(), id]);
  }

  /** Sets revoked_at (no audit event): call through `revoke`. */
  async markRevoked(id: string): Promise<boolean> {
    return (await this.sql.run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [nowIso(), id])) > 0;
  }

  revoke(id: string, actor: string | null = null, via?: string): Promise<boolean> {
    if (!this.audited) return this.markRevoked(id);
    return this.audited(
      actor,
      (tx) => tx.keys.markRevoked(id),
      (changed) => (changed ? { action: 'api_key.revoked', target_id: id, details: via ? { via } : undefined } : null),
    );
  }

  async count(): Promise<number> {
    return Number((await this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM api_keys'))!.n);
  }
}
