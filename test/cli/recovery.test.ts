/**
 * Nothing the API acknowledged is lost: SIGKILL `veracity serve` while checks are mid-analysis,
 * start it again on the same data folder, and every check completes from its stored upload.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../electron/service/store/index.js';
import { OWNER_KEY, makePdf, pdfForm, pollUntilSettled, request, tempDir } from '../service/helpers.js';
import { serve, serveWith, type ServeProcess } from './cli-helpers.js';

const FAKE_ENGINE_SERVE = fileURLToPath(new URL('./fixtures/serve-fake-engine.mjs', import.meta.url));

const dataDir = tempDir('veracity-recovery-');
const running: ServeProcess[] = [];
afterAll(() => {
  for (const s of running) s.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('restart recovery', () => {
  it('re-queues checks left processing by a killed service and completes every one', async () => {
    // The first run's (fake) engine takes a minute per document, so the kill lands mid-analysis;
    // the second run is the real `veracity serve` with the real engine (which ignores the script line).
    const first = await serveWith([FAKE_ENGINE_SERVE, dataDir], { VERACITY_BOOTSTRAP_KEY: OWNER_KEY });
    running.push(first);
    const ids: string[] = [];
    const shas: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(first.url, '/api/v1/document-checks/', {
        key: OWNER_KEY,
        form: pdfForm(await makePdf(`Statement ${i} balance 100.0${i}`, { delay_ms: 60_000 }), {}, `s${i}.pdf`),
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
      shas.push(res.body.document.sha256);
    }
    first.child.kill('SIGKILL');
    await first.exited;

    const store = new Store(dataDir);
    try {
      expect(await Promise.all(ids.map(async (id) => (await store.checks.get(id))?.status))).toEqual(['processing', 'processing', 'processing']);
      for (const sha of shas) expect(existsSync(join(dataDir, 'uploads', sha.slice(0, 2), sha))).toBe(true);
    } finally {
      await store.close();
    }

    const second = await serve(['--data-dir', dataDir, '--workers', '1']);
    running.push(second);
    const api = (path: string) => request(second.url, path, { key: OWNER_KEY });
    for (const id of ids) {
      const done = await pollUntilSettled({ api }, id, 90_000);
      expect(done.status, JSON.stringify(done.error)).toBe('completed');
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
