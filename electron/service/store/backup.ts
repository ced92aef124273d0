/**
 * `veracity backup` / `veracity restore` (DECISIONS "Beyond v1"). A backup is a folder:
 *   veracity.db      SQLite's online backup of the workspace database (one consistent snapshot,
 *                    taken through its own connection: no instance lock, the service keeps running)
 *   uploads/ab/<sha> every stored file the snapshot references (files are immutable once stored,
 *                    so copying them after the snapshot is consistent)
 *   backup.json      {object: "veracity_backup", format, created_at, checks, audit_events, files, missing_files}
 * A file deleted between the snapshot and its copy (DELETE or retention) is listed in
 * missing_files; its checks still answer every GET, only the dashboard has no file to show.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ENGINE_VERSION } from '../../../engine/index.js';
import { DATABASE_FILE, Store } from './index.js';

export const MANIFEST_FILE = 'backup.json';
const FORMAT = 1;

export class BackupError extends Error {}

export interface BackupSummary {
  object: 'veracity_backup';
  format: number;
  created_at: string;
  engine_version: string;
  checks: number;
  audit_events: number;
  files: number;
  missing_files: string[];
}

function isEmptyOrAbsent(dir: string): boolean {
  if (!existsSync(dir)) return true;
  if (!statSync(dir).isDirectory()) return false;
  return readdirSync(dir).length === 0;
}

const fileOf = (root: string, sha: string) => join(root, 'uploads', sha.slice(0, 2), sha);

export async function backupWorkspace(dataDir: string, outDir: string): Promise<BackupSummary> {
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new BackupError(`No workspace in ${dataDir} (no ${DATABASE_FILE}).`);
  if (!isEmptyOrAbsent(outDir)) throw new BackupError(`${outDir} is not an empty folder; choose a new path for the backup.`);
  mkdirSync(outDir, { recursive: true });

  const created_at = new Date().toISOString();
  const src = new Database(source, { fileMustExist: true });
  try {
    src.pragma('busy_timeout = 5000');
    // All remaining pages in one step: one read transaction, so writes by the running service
    // between steps can never make the copy restart over and over.
    await src.backup(join(outDir, DATABASE_FILE), { progress: () => 1 << 30 });
  } finally {
    src.close();
  }

  const copy = new Database(join(outDir, DATABASE_FILE));
  let summary: BackupSummary;
  try {
    const integrity = copy.pragma('quick_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`The snapshot failed SQLite's integrity check: ${String(integrity)}`);
    const hasTable = (name: string) => copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    const gone = hasTable('uploads_deleted') ? ' WHERE sha256 NOT IN (SELECT sha256 FROM uploads_deleted)' : '';
    const shas = (copy.prepare(`SELECT sha256 FROM uploads${gone} ORDER BY sha256`).all() as Array<{ sha256: string }>).map((r) => r.sha256);
    const missing: string[] = [];
    let files = 0;
    for (const sha of shas) {
      const from = fileOf(dataDir, sha);
      if (!existsSync(from)) {
        missing.push(sha);
        continue;
      }
      mkdirSync(join(outDir, 'uploads', sha.slice(0, 2)), { recursive: true });
      copyFileSync(from, fileOf(outDir, sha));
      files++;
    }
    summary = {
      object: 'veracity_backup',
      format: FORMAT,
      created_at,
      engine_version: ENGINE_VERSION,
      checks: (copy.prepare('SELECT COUNT(*) AS n FROM checks').get() as { n: number }).n,
      audit_events: hasTable('audit_events') ? (copy.prepare('SELECT COUNT(*) AS n FROM audit_events').get() as { n: number }).n : 0,
      files,
      missing_files: missing,
    };
    // One self-contained file: no -wal/-shm to carry along.
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  writeFileSync(join(outDir, MANIFEST_FILE), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

export async function restoreWorkspace(backupDir: string, dataDir: string): Promise<{ checks: number; files: number }> {
  if (!existsSync(join(backupDir, DATABASE_FILE)) || !existsSync(join(backupDir, MANIFEST_FILE))) {
    throw new BackupError(`${backupDir} is not a Veracity backup (it needs ${DATABASE_FILE} and ${MANIFEST_FILE}).`);
  }
  if (!isEmptyOrAbsent(dataDir)) throw new BackupError(`Refusing to restore into ${dataDir}: the folder is not empty.`);
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(join(backupDir, DATABASE_FILE), join(dataDir, DATABASE_FILE));
  if (existsSync(join(backupDir, 'uploads'))) cpSync(join(backupDir, 'uploads'), join(dataDir, 'uploads'), { recursive: true });
  // Opening the store brings an older backup's schema up to date and creates tmp/.
  const store = new Store(dataDir);
  try {
    const checks = await store.checks.count();
    const files = Number((await store.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM uploads WHERE sha256 NOT IN (SELECT sha256 FROM uploads_deleted)'))!.n);
    return { checks, files };
  } finally {
    await store.close();
  }
}
