/** Opens the workspace store a node is configured with: SQLite in the data folder, or a team server's PostgreSQL. */
import { join } from 'node:path';
import { isPostgresUrl } from '../db/sql.js';
import { DATABASE_FILE, Store } from './index.js';
import { assertDatabaseIntact } from './integrity.js';

export interface StoreLocation {
  dataDir: string;
  /** `postgresql://…`; absent: SQLite in `dataDir`. */
  database?: string;
  filesDir?: string;
}

export async function openStore(where: StoreLocation): Promise<Store> {
  if (where.database === undefined) {
    assertDatabaseIntact(join(where.dataDir, DATABASE_FILE));
    return new Store(where.dataDir, { filesDir: where.filesDir });
  }
  if (!isPostgresUrl(where.database)) throw new Error('--database must be a postgresql:// URL');
  // Loaded only for a team server: the desktop never loads the pg driver.
  const { PostgresSql } = await import('../db/postgres.js');
  return new Store(where.dataDir, { sql: await PostgresSql.connect(where.database), filesDir: where.filesDir });
}
