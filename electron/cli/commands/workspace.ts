/**
 * Opens the workspace store of a data folder for one-shot commands. The store (SQLite and every
 * table's module) is imported when a command opens it, not when the CLI starts: `veracity check`
 * without a data folder never needs it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveDataDir } from '../../service/data-dir.js';
import type { Store } from '../../service/store/index.js';

export async function withStore<T>(where: string | undefined | { dataDir?: string; database?: string }, fn: (store: Store) => Promise<T>): Promise<T> {
  const { dataDir, database } = typeof where === 'object' ? where : { dataDir: where, database: undefined };
  const { openStore } = await import('../../service/store/open.js');
  const store = await openStore({ dataDir: resolveDataDir(dataDir), database });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** The store only if the data folder already holds a workspace (so `check` never creates one). */
export async function existingStore(dataDirFlag: string | undefined): Promise<Store | null> {
  const dir = resolveDataDir(dataDirFlag);
  const { DATABASE_FILE, Store } = await import('../../service/store/index.js');
  return existsSync(join(dir, DATABASE_FILE)) ? new Store(dir) : null;
}
