/**
 * `veracity migrate` (issue 13): moves a desktop workspace (SQLite in a data folder, plus its
 * stored files) to a team server's PostgreSQL. Every table the two schemas share is copied as
 * is (checks with their analyses and snapshots, rules, thresholds and flag settings, keys,
 * webhook secret and outbox, audit chain, library), in one transaction, into a database that
 * has no workspace yet; the stored files are copied into the files folder.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql, SqlValue } from '../db/sql.js';
import { Store } from './index.js';
import { openStore } from './open.js';

/** Parents before the tables that refer to them; the rest follow in name order. */
const FIRST = ['settings', 'api_keys', 'uploads', 'uploads_deleted', 'checks'];
const SKIP = new Set(['schema_migrations', 'sqlite_sequence']);
/** Tables whose rows say a workspace is already there. */
const CONTENT = ['checks', 'api_keys', 'rules', 'audit_events'];
const BATCH = 200;

export interface MigrationReport {
  tables: Record<string, number>;
  files: number;
}

export async function migrateWorkspace(from: { dataDir: string }, to: { database: string; filesDir: string; dataDir: string }): Promise<MigrationReport> {
  if (!existsSync(join(from.dataDir, 'veracity.db'))) throw new Error(`${from.dataDir} holds no workspace (veracity.db is missing).`);
  const source = new Store(from.dataDir);
  const target = await openStore({ dataDir: to.dataDir, database: to.database, filesDir: to.filesDir });
  try {
    for (const table of CONTENT) {
      const n = await target.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
      if (Number(n?.n ?? 0) > 0) throw new Error(`The database already holds a workspace (${table} is not empty); migrate into a new, empty database.`);
    }
    const tables = await copyTables(source.sql, target.sql);
    // A desktop workspace keeps its files in <data-dir>/uploads.
    const files = copyFiles(join(from.dataDir, 'uploads'), to.filesDir);
    return { tables, files };
  } finally {
    await source.close();
    await target.close();
  }
}

async function copyTables(source: Sql, target: Sql): Promise<Record<string, number>> {
  const names = (await source.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"))
    .map((r) => r.name)
    .filter((n) => !SKIP.has(n));
  const ordered = [...FIRST.filter((t) => names.includes(t)), ...names.filter((t) => !FIRST.includes(t))];
  const counts: Record<string, number> = {};
  await target.transaction(async (tx) => {
    const targetColumns = new Map<string, Set<string>>();
    for (const table of ordered) {
      const cols = await tx.all<{ column_name: string }>(
        'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?',
        [table],
      );
      if (cols.length > 0) targetColumns.set(table, new Set(cols.map((c) => c.column_name)));
    }
    // The new database's defaults (settings rows made by its migrations) give way to the workspace's.
    for (const table of [...ordered].reverse()) if (targetColumns.has(table)) await tx.run(`DELETE FROM ${table}`);
    for (const table of ordered) {
      const into = targetColumns.get(table);
      if (!into) throw new Error(`Table ${table} has no counterpart on PostgreSQL; this workspace is newer than this program.`);
      const rows = await source.all<Record<string, SqlValue>>(`SELECT * FROM ${table}`);
      counts[table] = rows.length;
      if (rows.length === 0) continue;
      const columns = Object.keys(rows[0]!).filter((c) => into.has(c));
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = rows.slice(i, i + BATCH);
        const values = batch.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
        await tx.run(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`,
          batch.flatMap((row) => columns.map((c) => row[c] ?? null)),
        );
      }
      // Serial columns carry on after the copied values.
      const serials = await tx.all<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND column_default LIKE 'nextval(%'",
        [table],
      );
      for (const { column_name: col } of serials) {
        await tx.get(`SELECT setval(pg_get_serial_sequence('${table}', '${col}'), GREATEST(COALESCE((SELECT MAX(${col}) FROM ${table}), 0), 1))`);
      }
    }
  });
  return counts;
}

/** The stored files (`<aa>/<sha256>`), copied where they are missing. */
function copyFiles(fromDir: string, toDir: string): number {
  if (!existsSync(fromDir)) return 0;
  let n = 0;
  for (const prefix of readdirSync(fromDir)) {
    const dir = join(fromDir, prefix);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir)) {
      mkdirSync(join(toDir, prefix), { recursive: true });
      const dest = join(toDir, prefix, name);
      if (!existsSync(dest)) copyFileSync(join(dir, name), dest);
      n++;
    }
  }
  return n;
}
