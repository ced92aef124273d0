/** `veracity status` finds a running `veracity serve` through service.json, and says so when none runs. */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../service/helpers.js';
import { runCli, serve } from './cli-helpers.js';

const env = { VERACITY_POLICY_FILE: '/nonexistent/veracity-policy.json' };

describe('veracity status', () => {
  it('prints the URL of the service on the data folder, and exits 1 once it has stopped', async () => {
    const dir = tempDir();
    try {
      expect((await runCli(['status', '--data-dir', dir], env)).code).toBe(1);
      const s = await serve(['--data-dir', dir], env);
      const running = await runCli(['status', '--data-dir', dir], env);
      expect(running.code).toBe(0);
      expect(running.stdout.trim()).toBe(s.url);
      const json = await runCli(['status', '--data-dir', dir, '--json'], env);
      expect(JSON.parse(json.stdout)).toMatchObject({ url: s.url, pid: s.child.pid });
      s.child.kill('SIGTERM');
      await s.exited;
      const stopped = await runCli(['status', '--data-dir', dir], env);
      expect(stopped.code).toBe(1);
      expect(stopped.stderr).toMatch(/No Veracity service is running/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
