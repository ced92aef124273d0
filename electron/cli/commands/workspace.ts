/**
 * Opens the workspace store of a data folder for one-shot commands. The store (SQLite and every
 * table's module) is imported when a command opens it, not when the CLI starts: `veracity check`
 * without a data folder never needs it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveDataDir } from '../../service/data-dir.js';
import type { Store } from '../../service/store/index.js';

export async function withStore<T>(dataDirFlag: string | undefined, fn: (store: Store) => T): Promise<T> {
  const { Store } = await import('../../service/store/index.js');
  const store = new Store(resolveDataDir(dataDirFlag));
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

/** The store only if the data folder already holds a workspace (so `check` never creates one). */
export async function existingStore(dataDirFlag: string | undefined): Promise<Store | null> {
  const dir = resolveDataDir(dataDirFlag);
  const { DATABASE_FILE, Store } = await import('../../service/store/index.js');
  return existsSync(join(dir, DATABASE_FILE)) ? new Store(dir) : null;
}
