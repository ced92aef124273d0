/**
 * npx and `npm run` start a command under `sh -c`, and when they are killed they pass the signal
 * on to that shell only. Debian's dash (and others) does not exec the command it was given, so
 * the shell dies and a long-running command under it (`veracity serve`, `veracity worker`) is
 * left running, orphaned, holding its port and its data folder. Started that way (npm sets
 * `npm_command` for what it runs), the command stops when the shell that started it goes, which
 * shows as a new parent process. Started any other way (a terminal, a service manager, nohup),
 * nothing changes: a server detached on purpose keeps running.
 */

export interface LauncherWatch {
  env?: NodeJS.ProcessEnv;
  /** The current parent's pid (process.ppid is re-read on every access). */
  parentPid?: () => number;
  intervalMs?: number;
}

/** Calls `stop` once when the npm-started parent is gone; returns a function that stops watching. */
export function stopWithNpmLauncher(stop: () => void, { env = process.env, parentPid = () => process.ppid, intervalMs = 500 }: LauncherWatch = {}): () => void {
  if (!env.npm_command) return () => undefined;
  const first = parentPid();
  const timer = setInterval(() => {
    if (parentPid() === first) return;
    clearInterval(timer);
    stop();
  }, intervalMs);
  // Never the reason the process stays alive.
  timer.unref();
  return () => clearInterval(timer);
}
