/**
 * A quick look at a desktop workspace's database before anything trusts it. SQLite opens a
 * damaged file happily and fails only on the pages that are hurt (page 1 of a list answers, page
 * 2 is 500), and it takes a zero-length file for a new database: the service then started as an
 * empty workspace, every key was refused and the stored files were orphaned. A damaged or
 * emptied database is refused with what to do; an absent one is a new workspace.
 */
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';

export class WorkspaceDamagedError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(
      `The workspace database ${file} ${problem}. Veracity will not open it, nor start a new, empty workspace in its place. ` +
        'Restore your latest backup into a new data folder with `veracity restore BACKUP --data-dir NEW_FOLDER` and use that folder; ' +
        'keep the damaged folder for recovery.',
    );
    this.name = 'WorkspaceDamagedError';
  }
}

/** How many problems `quick_check` lists before it stops: the first few say enough. */
const REPORTED_PROBLEMS = 3;

/** Throws WorkspaceDamagedError when `file` exists but is empty or fails SQLite's quick_check. */
export function assertDatabaseIntact(file: string): void {
  if (!existsSync(file)) return;
  if (statSync(file).size === 0) throw new WorkspaceDamagedError(file, 'is empty (0 bytes)');
  let problems: string[];
  try {
    const db = new Database(file, { fileMustExist: true });
    try {
      problems = (db.pragma(`quick_check(${REPORTED_PROBLEMS})`) as Array<{ quick_check: string }>).map((row) => row.quick_check);
    } finally {
      db.close();
    }
  } catch (err) {
    problems = [(err as Error).message];
  }
  if (problems.length !== 1 || problems[0] !== 'ok') throw new WorkspaceDamagedError(file, `is damaged (${problems.join('; ')})`);
}
