/**
 * Launches the real desktop app when an Electron binary is installed; otherwise the skip is
 * visible in the test report (CI sets ELECTRON_SKIP_BINARY_DOWNLOAD, so this usually skips).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function electronBinary(): string | null {
  try {
    const p = createRequire(import.meta.url)('electron') as unknown;
    return typeof p === 'string' && existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const built = existsSync(join(root, 'dist/electron/main/main.js')) && existsSync(join(root, 'dist/renderer/index.html'));
const reason = !binary ? 'Electron binary not installed' : !built ? 'app not built (npm run build)' : '';

describe.skipIf(reason !== '')(`Electron smoke test${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('starts, serves the UI on loopback and keeps running until killed', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'veracity-electron-'));
    const child = spawn(binary!, [root, `--user-data-dir=${userData}`, '--no-sandbox', '--disable-gpu', '--headless'], {
      env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const early = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 8000))]);
    child.kill('SIGTERM');
    await exited;
    rmSync(userData, { recursive: true, force: true });
    expect(early, output).toBe('running');
    expect(output).not.toMatch(/could not start|Uncaught/i);
  });
});
