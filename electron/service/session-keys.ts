/**
 * Keys issued to this run's windows (the desktop app's, `serve --open`'s browser tab). They die
 * with the run: revoked by close(), and, should the process crash, at the next start, because
 * their ids are kept in `session-keys.json` in the data folder until revoked.
 *
 * A browser is opened on a one-time login code, not on the key: a URL given to the system's
 * opener travels in a process's argv, which other local users can read. The code is good once,
 * for two minutes, and is exchanged for the key by the page (POST /dashboard/v1/session/redeem).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from './store/keys.js';
import type { Store } from './store/index.js';

const LOGIN_CODE_TTL_MS = 120_000;

export class SessionKeys {
  private readonly file: string;
  private readonly issued = new Set<string>();
  private readonly codes = new Map<string, { key: string; id: string; expires: number }>();

  constructor(
    private readonly store: Store,
    dataDir: string,
  ) {
    this.file = join(dataDir, 'session-keys.json');
  }

  /** Revokes the session keys a previous run left behind (it crashed); returns how many. */
  async revokeLeftovers(): Promise<number> {
    if (!existsSync(this.file)) return 0;
    let ids: string[] = [];
    try {
      ids = JSON.parse(readFileSync(this.file, 'utf8')) as string[];
    } catch {
      // unreadable: nothing to go on
    }
    let revoked = 0;
    for (const id of ids) if (typeof id === 'string' && (await this.store.keys.revoke(id, null, 'session'))) revoked++;
    this.persist();
    return revoked;
  }

  async create(role: Role, name: string): Promise<string> {
    return (await this.issue(role, name)).key;
  }

  /** Audited as `api_key.created` with `details.via: "session"` (store/keys.ts). */
  private async issue(role: Role, name: string): Promise<{ key: string; id: string }> {
    const { key, record } = await this.store.keys.create(role, name, null, 'session');
    this.issued.add(record.id);
    this.persist();
    return { key, id: record.id };
  }

  /** A one-time code for a new session key, to put in a URL instead of the key itself. */
  async loginCode(role: Role, name: string): Promise<string> {
    const { key, id } = await this.issue(role, name);
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, { key, id, expires: Date.now() + LOGIN_CODE_TTL_MS });
    return code;
  }

  /** The key for a login code, once; null for an unknown, used or expired code. */
  async redeem(code: string): Promise<string | null> {
    const entry = this.codes.get(code);
    this.codes.delete(code);
    if (!entry || entry.expires < Date.now()) return null;
    // The UI's sign-in: the audit log records which session key the page now holds.
    await this.store.audit.append(entry.id, { action: 'session.signed_in', target_id: entry.id, details: { via: 'login_code' } });
    return entry.key;
  }

  async revokeAll(): Promise<void> {
    for (const id of this.issued) await this.store.keys.revoke(id, null, 'session');
    this.issued.clear();
    this.codes.clear();
    this.persist();
  }

  private persist(): void {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...this.issued]));
    renameSync(tmp, this.file);
  }
}
