/**
 * Opens the workspace store of a data folder for one-shot commands. The store (SQLite and every
 * table's module) is imported when a command opens it, not when the CLI starts: `veracity check`
 * without a data folder never needs it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveDataDir } from '../../service/data-dir.js';
import type { Store } from '../../service/store/index.js';
import type { StoreLocation } from '../../service/store/open.js';

/** The flags a command that opens a workspace takes. */
export interface WorkspaceFlags {
  dataDir?: string;
  database?: string;
}

/**
 * The team server's database: `--database`, else VERACITY_DATABASE_URL, as `serve` and `worker`
 * resolve it; undefined means SQLite in the data folder. Every command goes through here, so a
 * key created on a server configured through its environment lands in the server's database.
 */
export function resolveDatabaseUrl(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return flag ?? (env.VERACITY_DATABASE_URL || undefined);
}

export function resolveWorkspace(flags: WorkspaceFlags): StoreLocation {
  return { dataDir: resolveDataDir(flags.dataDir), database: resolveDatabaseUrl(flags.database) };
}

export async function withStore<T>(flags: WorkspaceFlags, fn: (store: Store) => Promise<T>): Promise<T> {
  const { openStore } = await import('../../service/store/open.js');
  const store = await openStore(resolveWorkspace(flags));
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** The store only if the workspace already exists (so `check` never creates one); a team server's always does. */
export async function existingStore(flags: WorkspaceFlags): Promise<Store | null> {
  const where = resolveWorkspace(flags);
  const { DATABASE_FILE } = await import('../../service/store/database-file.js');
  if (where.database === undefined && !existsSync(join(where.dataDir, DATABASE_FILE))) return null;
  const { openStore } = await import('../../service/store/open.js');
  return openStore(where);
}
