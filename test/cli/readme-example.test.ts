/**
 * The README's worked API example, run as written (taken from README.md, not copied here), twice
 * in a row in the same folder: the second run must work too, so the first must have stopped the
 * server it started and let go of the data folder. Only the port is changed (to a free one), so
 * that the test never meets a desktop app on 8410.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, missing } from '../support/environment.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const built = existsSync(join(REPO_ROOT, 'dist/electron/cli/index.js'));

/** The first ```sh block of the section "A worked API example". */
export function workedExample(readme: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith('A worked API example'));
  const block = section && /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md has no ```sh block under "A worked API example"');
  return block[1];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function runShell(script: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    delete env.VERACITY_DATA_DIR;
    const child = spawn('/bin/sh', ['-c', script], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!built || missing('curl').length > 0)('README worked API example', () => {
  it('runs as written twice in a row, and each run stops the server it started', async () => {
    const port = await freePort();
    const script = workedExample(README).replaceAll('8410', String(port));
    // A folder that looks like the repository to the script (bin/, dist/ through bin, node_modules/).
    const cwd = mkdtempSync(join(tmpdir(), 'veracity-readme-'));
    dirs.push(cwd);
    for (const name of ['bin', 'node_modules']) symlinkSync(join(REPO_ROOT, name), join(cwd, name));

    for (const run of [1, 2]) {
      const { code, stdout, stderr } = await runShell(script, cwd);
      expect(code, `run ${run} exited with ${code}; stderr: ${stderr}`).toBe(0);
      // What curl printed: the check, the list, the rule, the settings and the feedback; no error.
      for (const object of ['document_check', 'list', 'rule', 'thresholds', 'flag_settings']) expect(stdout, `run ${run}`).toContain(`"object":"${object}"`);
      expect(stdout, `run ${run}`).not.toMatch(/"error":\{/);
      expect(stdout, `run ${run}: server logs reached the terminal`).not.toContain('"level"');
      expect(readFileSync(join(cwd, 'serve.log'), 'utf8').split('\n')).toContain(`listening http://127.0.0.1:${port}`);
      // Stopped: nothing listens any more and the data folder is free for the next run.
      expect(await portOpen(port), `run ${run} left the server running`).toBe(false);
      expect(existsSync(join(cwd, 'veracity-data', 'service.lock')), `run ${run} left the data folder locked`).toBe(false);
    }
  }, 600_000);
});
