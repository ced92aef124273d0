/** Runs the command-line tools the lab drives (qpdf, ghostscript, poppler, ImageMagick, exiftool, chromium). */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class ToolError extends Error {
  constructor(
    readonly tool: string,
    message: string,
  ) {
    super(`${tool}: ${message}`);
  }
}

export function run(
  cmd: string,
  args: readonly string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      cmd,
      args,
      { cwd: opts.cwd, env: opts.env ?? process.env, timeout: opts.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) reject(new ToolError(cmd, `${err.message}\n${String(stderr).slice(0, 2000)}`));
        else resolve({ stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** A scratch folder that is removed whatever happens. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'veracity-lab-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Ghostscript honours SOURCE_DATE_EPOCH for the dates it writes, which keeps its output stable. */
export function envWithSourceDate(date: Date): NodeJS.ProcessEnv {
  return { ...process.env, SOURCE_DATE_EPOCH: String(Math.floor(date.getTime() / 1000)) };
}
