/**
 * One service per data folder: two would both re-queue each other's `processing` checks at
 * start-up and race on every analysis. The lock is a file naming the owner's pid; a lock left by
 * a process that no longer exists (crash, SIGKILL) is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'service.lock';

/** Folders locked by this process: a lock naming our own pid is ours only if it is listed here. */
const heldHere = new Set<string>();

export class DataDirInUseError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(`Another Veracity service (pid ${pid}) is using the data folder ${dataDir}. Stop it or choose another --data-dir.`);
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface InstanceLock {
  update(info: Record<string, unknown>): void;
  release(): void;
}

export function acquireInstanceLock(dataDir: string): InstanceLock {
  const file = join(dataDir, LOCK_FILE);
  const write = (info: Record<string, unknown>, flag: 'wx' | 'w') => writeFileSync(file, JSON.stringify({ pid: process.pid, ...info }), { flag });
  try {
    write({}, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    let holder = NaN;
    try {
      holder = Number((JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown }).pid);
    } catch {
      // unreadable lock: treat as stale
    }
    // Our own pid in a lock we do not hold is a stale lock from an earlier life with a recycled pid.
    const inUse = holder === process.pid ? heldHere.has(file) : Number.isInteger(holder) && alive(holder);
    if (inUse) throw new DataDirInUseError(holder, dataDir);
    write({}, 'w');
  }
  heldHere.add(file);
  let released = false;
  return {
    update(info) {
      if (!released) write(info, 'w');
    },
    release() {
      if (released) return;
      released = true;
      heldHere.delete(file);
      rmSync(file, { force: true });
    },
  };
}
