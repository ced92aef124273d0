/** Opens the workspace store of a data folder for one-shot commands. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveDataDir } from '../../service/data-dir.js';
import { DATABASE_FILE, Store } from '../../service/store/index.js';

export function withStore<T>(dataDirFlag: string | undefined, fn: (store: Store) => T): T {
  const store = new Store(resolveDataDir(dataDirFlag));
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

/** The store only if the data folder already holds a workspace (so `check` never creates one). */
export function existingStore(dataDirFlag: string | undefined): Store | null {
  const dir = resolveDataDir(dataDirFlag);
  return existsSync(join(dir, DATABASE_FILE)) ? new Store(dir) : null;
}
