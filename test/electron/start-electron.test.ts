import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function electronInstalled(): boolean {
  try {
    const p = createRequire(import.meta.url)('electron') as unknown;
    return typeof p === 'string' && existsSync(p);
  } catch {
    return false;
  }
}

describe.skipIf(electronInstalled())('npm start without the Electron binary', () => {
  it('explains how to install Electron or use `veracity serve`, exits non-zero, prints no stack', () => {
    const r = spawnSync(process.execPath, ['scripts/start-electron.js'], { cwd: root, encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Electron binary is not installed');
    expect(r.stderr).toContain('node node_modules/electron/install.js');
    expect(r.stderr).toContain('veracity.js serve');
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(r.stdout).toBe('');
  });
});
