/**
 * Regression (issue 29, item 3): 64 KiB of random bytes written into a stopped workspace's
 * database went unnoticed at start (health `ok`, page 2 of the list 500), and a zero-length
 * `veracity.db` started as a new, empty workspace (every key 401, the stored files orphaned).
 * A quick integrity check at start now refuses both, naming `veracity restore`; a database
 * file that is genuinely absent is still a new workspace. SQLite only: the file is the subject.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readdirSync, rmSync, statSync, truncateSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../electron/service/store/index.js';
import { BACKEND, assertWorkerBuilt, makePdf, startTestService, submitAndWait, tempDir } from '../helpers.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A stopped workspace with a few checks and their stored files. */
async function stoppedWorkspace(): Promise<string> {
  const dataDir = tempDir();
  dirs.push(dataDir);
  const svc = await startTestService({ dataDir });
  for (let i = 0; i < 3; i++) await submitAndWait(svc, await makePdf(`Invoice ${i}`));
  await svc.close();
  return dataDir;
}

const storedFiles = (dataDir: string) => readdirSync(join(dataDir, 'uploads'), { recursive: true }).length;

describe.skipIf(BACKEND === 'postgres')('the database is checked when a workspace opens', () => {
  beforeEach(() => assertWorkerBuilt());

  it('refuses a zero-length database, naming veracity restore, and never turns it into a new workspace', async () => {
    const dataDir = await stoppedWorkspace();
    const files = storedFiles(dataDir);
    truncateSync(join(dataDir, DATABASE_FILE), 0);
    await expect(startTestService({ dataDir })).rejects.toThrow(/is empty \(0 bytes\).*veracity restore/s);
    expect(statSync(join(dataDir, DATABASE_FILE)).size).toBe(0);
    expect(storedFiles(dataDir)).toBe(files);
  });

  it('refuses a database with 64 KiB of random bytes written into it', async () => {
    const dataDir = await stoppedWorkspace();
    const file = join(dataDir, DATABASE_FILE);
    const fd = openSync(file, 'r+');
    // From page 2 on: the schema's and the tables' b-tree pages, whatever the file's size.
    writeSync(fd, randomBytes(64 * 1024), 0, 64 * 1024, 4096);
    closeSync(fd);
    await expect(startTestService({ dataDir })).rejects.toThrow(/is damaged \(.+\).*veracity restore/s);
  });

  it('still starts a new workspace where no database file exists', async () => {
    const dataDir = await stoppedWorkspace();
    rmSync(join(dataDir, DATABASE_FILE));
    const svc = await startTestService({ dataDir });
    try {
      expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(true);
      expect((await svc.api('/api/v1/document-checks/')).body.data).toEqual([]);
    } finally {
      await svc.close();
    }
  });
});
