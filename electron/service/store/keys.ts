/**
 * API keys (DECISIONS "Keys, roles, permissions"). Only a sha256 of the key is stored: keys are
 * 190 bits of randomness, so a slow KDF would add latency to every request without adding safety.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/open.js';
import type { AuditStore } from './audit.js';
import { API_KEY_PATTERN, newApiKey, newKeyId, nowIso } from './ids.js';

export const ROLES = ['owner', 'admin', 'analyst', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['view_documents', 'submit_documents', 'manage_documents', 'manage_keys'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: ['view_documents', 'submit_documents', 'manage_documents'],
  analyst: ['view_documents', 'submit_documents'],
  viewer: ['view_documents'],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function roleHas(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export interface ApiKeyRecord {
  id: string;
  name: string;
  role: Role;
  key_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

interface KeyRow extends ApiKeyRecord {
  key_hash: string;
}

function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export class KeyStore {
  private readonly byHash;
  constructor(
    private readonly db: Db,
    /** Every key created or revoked is an audit event, whoever does it (API, UI, CLI, service). */
    private readonly audit?: AuditStore,
  ) {
    this.byHash = db.prepare('SELECT * FROM api_keys WHERE key_hash = ?');
  }

  /** Creates a key; the plaintext is returned once and never stored. `actor` is the key that asked (audit log). */
  create(role: Role, name = '', actor: string | null = null, via?: string): { key: string; record: ApiKeyRecord } {
    return this.register(newApiKey(), role, name, actor, via);
  }

  register(key: string, role: Role, name = '', actor: string | null = null, via?: string): { key: string; record: ApiKeyRecord } {
    const insert = () => this.insert(key, role, name);
    if (!this.audit) return insert();
    return this.audit.record(actor, insert, ({ record }) => ({
      action: 'api_key.created',
      target_id: record.id,
      details: { role: record.role, name: record.name, key_prefix: record.key_prefix, ...(via ? { via } : {}) },
    }));
  }

  private insert(key: string, role: Role, name: string): { key: string; record: ApiKeyRecord } {
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
    this.db
      .prepare('INSERT INTO api_keys (id, name, role, key_hash, key_prefix, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(record.id, record.name, record.role, hashKey(key).toString('hex'), record.key_prefix, record.created_at);
    return { key, record };
  }

  /** Registers `key` as owner only while the workspace has no key at all (VERACITY_BOOTSTRAP_KEY). */
  bootstrap(key: string): boolean {
    return this.db.transaction(() => {
      const count = (this.db.prepare('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
      if (count > 0) return false;
      this.register(key, 'owner', 'bootstrap', null, 'bootstrap');
      return true;
    }).immediate();
  }

  /** The active key record for a presented key, or null. */
  authenticate(presented: string): ApiKeyRecord | null {
    if (!API_KEY_PATTERN.test(presented)) return null;
    const hash = hashKey(presented);
    const row = this.byHash.get(hash.toString('hex')) as KeyRow | undefined;
    // The lookup is by hash (no secret-dependent timing on the key itself); compare again in
    // constant time so a future change of lookup strategy cannot introduce a timing leak.
    if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), hash)) return null;
    if (row.revoked_at) return null;
    const { key_hash: _drop, ...record } = row;
    return record;
  }

  list(): ApiKeyRecord[] {
    return this.db
      .prepare('SELECT id, name, role, key_prefix, created_at, last_used_at, revoked_at FROM api_keys ORDER BY created_at DESC, id')
      .all() as ApiKeyRecord[];
  }

  get(id: string): ApiKeyRecord | null {
    return (this.db.prepare('SELECT id, name, role, key_prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE id = ?').get(id) as ApiKeyRecord | undefined) ?? null;
  }

  touch(id: string): void {
    this.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(nowIso(), id);
  }

  revoke(id: string, actor: string | null = null, via?: string): boolean {
    const revoke = () => this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(nowIso(), id).changes > 0;
    if (!this.audit) return revoke();
    return this.audit.record(actor, revoke, (changed) => (changed ? { action: 'api_key.revoked', target_id: id, details: via ? { via } : undefined } : null));
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
  }
}
