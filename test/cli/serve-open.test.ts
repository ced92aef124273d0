/**
 * Regression (hardening issue, item 6): `serve --open` put the owner session key in the URL
 * handed to the browser opener (readable in its argv), and the key stayed valid after a crash.
 * Now the URL carries a one-time login code, and session keys left by a crash are revoked at the
 * next start.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from '../service/helpers.js';
import { tempDir } from '../service/helpers.js';
import { serve, type ServeProcess } from './cli-helpers.js';

const running: ServeProcess[] = [];
afterAll(() => running.forEach((p) => p.child.kill('SIGKILL')));

async function until<T>(fn: () => T | null, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(process.platform === 'win32' || process.platform === 'darwin')('serve --open', () => {
  it('opens the browser on a one-time code; the key it redeems dies with a crashed run', async () => {
    const dataDir = tempDir();
    const bin = join(dataDir, 'fake-bin');
    mkdirSync(bin);
    const argvFile = join(dataDir, 'opener-argv.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${argvFile}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);

    const first = await serve(['--open', '--data-dir', dataDir], { PATH: `${bin}:${process.env.PATH}` });
    running.push(first);
    const url = await until(() => {
      try {
        return readFileSync(argvFile, 'utf8').trim() || null;
      } catch {
        return null;
      }
    });
    expect(url).toMatch(/\/#login=[A-Za-z0-9_-]{20,}$/);
    expect(url).not.toContain('vk_live_');

    const code = url.split('#login=')[1];
    const redeemed = await request(first.url, '/dashboard/v1/session/redeem', { json: { code } });
    expect(redeemed.status).toBe(200);
    const key = redeemed.body.key as string;
    expect((await request(first.url, '/api/v1/document-checks/?limit=1', { key })).status).toBe(200);
    const again = await request(first.url, '/dashboard/v1/session/redeem', { json: { code } });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('invalid_login_code');

    // A crash: no clean close, so nothing revoked the key yet.
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await serve(['--data-dir', dataDir]);
    running.push(second);
    const after = await request(second.url, '/api/v1/document-checks/?limit=1', { key });
    expect(after.status).toBe(401);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
