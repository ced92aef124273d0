/**
 * `npx veracity serve` (or `npm run serve`) killed: npm passes the signal to the `sh -c` it
 * started, the shell dies, and the server under it must stop too rather than run on orphaned,
 * holding its port and data folder (issue 32). The real npm wrapper (`npm exec -c`, which needs
 * no package) is killed the way a script would, with SIGTERM to its pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { stopWithNpmLauncher } from '../../electron/cli/launcher.js';
import { REPO_ROOT, toolPath } from '../support/environment.js';

const NPM = toolPath('npm');
const built = existsSync(join(REPO_ROOT, 'dist/electron/cli/index.js'));
if (!NPM) process.stdout.write('npm not found on PATH: the npx wrapper test is skipped\n');

/** Pids whose command line names `needle` (the data folder: one test's server and nothing else). */
function pidsNaming(needle: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(needle)) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function portOpen(url: string): Promise<boolean> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('stopWithNpmLauncher', () => {
  // Real timers: fake ones in this shared-module fast loop left later files' timers faked.
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  it('stops once when the parent npm started it under changes, and only under npm', async () => {
    let parent = 100;
    const stop = vi.fn();
    const unwatch = stopWithNpmLauncher(stop, { env: { npm_command: 'exec' }, parentPid: () => parent, intervalMs: 5 });
    await sleep(40);
    expect(stop).not.toHaveBeenCalled();
    parent = 1;
    await sleep(40);
    expect(stop).toHaveBeenCalledTimes(1);
    unwatch();
    const detached = vi.fn();
    stopWithNpmLauncher(detached, { env: {}, parentPid: () => (parent += 1), intervalMs: 5 });
    await sleep(40);
    expect(detached).not.toHaveBeenCalled();
  });
});

const started: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  // Whatever is left of this test's process group (it is its own group: detached).
  for (const c of started)
    try {
      if (c.pid) process.kill(-c.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!NPM || !built)('veracity serve under the npm wrapper', () => {
  it('stops when the wrapper is killed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'veracity-npm-wrapper-'));
    dirs.push(dataDir);
    const child = spawn(NPM!, ['exec', '--offline', '-c', `node bin/veracity.js serve --port 0 --workers 1 --data-dir ${dataDir}`], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    await expect.poll(() => /listening (\S+)/.exec(out)?.[1], { timeout: 60_000 }).toBeDefined();
    const url = /listening (\S+)/.exec(out)![1];
    const server = pidsNaming(dataDir).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('node'));
    expect(server, 'the server process').toHaveLength(1);

    child.kill('SIGTERM'); // the wrapper only, as `kill $!` after `npx veracity serve &`
    await expect.poll(() => pidsNaming(dataDir).length, { timeout: 20_000 }).toBe(0);
    expect(await portOpen(url)).toBe(false);
    expect(existsSync(join(dataDir, 'service.lock')), 'the data folder is still locked').toBe(false);
  }, 90_000);
});
