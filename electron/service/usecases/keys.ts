/**
 * API keys: who a presented key is, and the key management the dashboard offers. Creating and
 * revoking are audited by the key store itself (whoever does it: API, UI, CLI, service).
 */
import type { ApiKeyRecord, Role } from '../domain/roles.js';
import type { Store } from '../store/index.js';

export class Keys {
  constructor(private readonly store: Store) {}

  /** The active key for a presented key, or null. */
  authenticate(presented: string): Promise<ApiKeyRecord | null> {
    return this.store.keys.authenticate(presented);
  }

  /** Records that the key was used (last_used_at). */
  touch(id: string): Promise<void> {
    return this.store.keys.touch(id);
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.store.keys.list();
  }

  /** The plaintext `key` is returned this once and never stored. `via` says which surface asked (audit log). */
  create(role: Role, name: string, actor: string, via: string): Promise<{ key: string; record: ApiKeyRecord }> {
    return this.store.keys.create(role, name, actor, via);
  }

  /** false when there is no such key (or it is already revoked). */
  revoke(id: string, actor: string, via: string): Promise<boolean> {
    return this.store.keys.revoke(id, actor, via);
  }
}
