/** `GET /api/v1/health/` (DECISIONS): no key needed; status, versions and the queue depth. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '../../engine/version.js';
import { assertWorkerBuilt, makePdf, pdfForm, startTestService, type TestService } from './helpers.js';

let svc: TestService;
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
});
afterAll(() => svc?.close());

describe('GET /api/v1/health/', () => {
  it('answers without a key: status, version, engine version, an empty queue', async () => {
    for (const path of ['/api/v1/health/', '/api/v1/health']) {
      const res = await svc.api(path, { key: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ object: 'health', status: 'ok', version: VERSION, engine_version: ENGINE_VERSION, queue_depth: 0 });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('counts the checks waiting or being analysed', async () => {
    // Long enough that both are still queued or running when health is read, however slow the submits.
    const slow = await makePdf('slow', { delay_ms: 4000 });
    for (let i = 0; i < 2; i++) expect((await svc.api('/api/v1/document-checks/', { form: pdfForm(slow) })).status).toBe(201);
    expect((await svc.api('/api/v1/health/', { key: null })).body.queue_depth).toBe(2);
    await expect.poll(async () => (await svc.api('/api/v1/health/', { key: null })).body.queue_depth, { timeout: 30_000, interval: 200 }).toBe(0);
  });

  it('still guards the other routes', async () => {
    expect((await svc.api('/api/v1/rules/', { key: null })).status).toBe(401);
  });
});
