/**
 * The README's worked API example, run as written (taken from README.md, not copied here), twice
 * in a row in a git checkout of the repository's shape: the second run must work too, so the
 * first must have stopped the server it started and let go of the data folder, and afterwards
 * `git status --porcelain` must be empty (the example writes into its own temporary folder, not
 * the repository). Only the port is changed (to a free one), so that the test never meets a
 * desktop app on 8410.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, missing, toolPath } from '../support/environment.js';

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

function runShell(script: string, cwd: string, tmp: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // TMPDIR: where the example's `mktemp -d` makes its folder, so the test can look inside.
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
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

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd, encoding: 'utf8' });

describe.skipIf(!built || missing('curl').length > 0 || !toolPath('git'))('README worked API example', () => {
  it('runs as written twice in a row, each run stops the server it started, and the checkout stays clean', async () => {
    const port = await freePort();
    const script = workedExample(README).replaceAll('8410', String(port));
    // A checkout that looks like the repository to the script: bin/ (and dist/ through it),
    // node_modules/, and the repository's own .gitignore, all committed before the runs.
    const cwd = mkdtempSync(join(tmpdir(), 'veracity-readme-'));
    dirs.push(cwd);
    for (const name of ['bin', 'node_modules']) symlinkSync(join(REPO_ROOT, name), join(cwd, name));
    copyFileSync(join(REPO_ROOT, '.gitignore'), join(cwd, '.gitignore'));
    git(cwd, 'init', '-q');
    git(cwd, 'add', '-A');
    git(cwd, 'commit', '-q', '-m', 'clean');
    expect(git(cwd, 'status', '--porcelain')).toBe('');

    for (const run of [1, 2]) {
      const tmp = join(cwd, '..', `${cwd.split('/').pop()}-tmp${run}`);
      mkdirSync(tmp);
      dirs.push(tmp);
      const { code, stdout, stderr } = await runShell(script, cwd, tmp);
      expect(code, `run ${run} exited with ${code}; stderr: ${stderr}`).toBe(0);
      // What curl printed: the check, the list, the rule, the settings and the feedback; no error.
      for (const object of ['document_check', 'list', 'rule', 'thresholds', 'flag_settings', 'check_feedback'])
        expect(stdout, `run ${run}`).toContain(`"object":"${object}"`);
      expect(stdout, `run ${run}`).not.toMatch(/"error":\{/);
      expect(stdout, `run ${run}: server logs reached the terminal`).not.toContain('"level"');
      // Every body ends with a newline: each JSON body is a line of its own.
      const bodies = stdout.split('\n').filter((l) => l.startsWith('{'));
      expect(bodies.length, `run ${run}`).toBeGreaterThanOrEqual(7);
      for (const line of bodies) expect(() => JSON.parse(line), `run ${run}: ${line.slice(0, 80)}`).not.toThrow();
      // The feedback makes sense: agreeing, or disagreeing with another decision than the check's.
      const parsed = bodies.map(
        (l) =>
          JSON.parse(l) as { object: string; id?: string; decision?: string; document_check?: string; rating?: string; corrected_decision?: string | null },
      );
      const feedback = parsed.find((b) => b.object === 'check_feedback')!;
      const checked = parsed.find((b) => b.object === 'document_check' && b.id === feedback.document_check);
      expect(checked, `run ${run}: the example prints the check it gives feedback on`).toBeDefined();
      if (feedback.rating === 'disagree') expect(feedback.corrected_decision).not.toBe(checked!.decision);
      // What it wrote is in its own temporary folder, not in the checkout.
      const [work] = readdirSync(tmp);
      expect(work, `run ${run}: mktemp -d made no folder under TMPDIR`).toBeDefined();
      expect(readFileSync(join(tmp, work, 'serve.log'), 'utf8').split('\n')).toContain(`listening http://127.0.0.1:${port}`);
      expect(git(cwd, 'status', '--porcelain', '--ignored'), `run ${run} wrote into the checkout`).toBe('!! node_modules\n');
      // Stopped: nothing listens any more and the data folder is free.
      expect(await portOpen(port), `run ${run} left the server running`).toBe(false);
      expect(existsSync(join(tmp, work, 'data', 'service.lock')), `run ${run} left the data folder locked`).toBe(false);
    }
    expect(git(cwd, 'status', '--porcelain')).toBe('');
  }, 600_000);
});
