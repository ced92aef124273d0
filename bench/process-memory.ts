import { readFileSync } from 'node:fs';

/** A process's resident memory in MB; 0 once it has exited (the caller reports that failure itself). */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
