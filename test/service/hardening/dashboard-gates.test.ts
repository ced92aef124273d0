/**
 * Regression (hardening issue, item 6): the dashboard routes parsed JSON before authenticating
 * (an unauthenticated 10 MB body gave a 500), had no rate limit and other error codes than the
 * API; `upload_missing` messages leaked the absolute path of the data folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import runAnalysis from '../../../electron/service/queue/worker.js';
import { assertWorkerBuilt, startTestService, tempDir, type TestService } from '../helpers.js';

describe('dashboard routes behind the API gates', () => {
  let svc: TestService;
  let viewer = '';
  beforeAll(async () => {
    assertWorkerBuilt();
    svc = await startTestService({ rateLimitPerMinute: 6 });
    viewer = (await svc.service.context.store.keys.create('viewer', 'viewer')).key;
  });
  afterAll(() => svc?.close());

  it('authenticates before reading a body: a large unauthenticated body is a 401, not a 500', async () => {
    const body = JSON.stringify({ check_id: 'dc_x', condition: 'x'.repeat(10 * 1024 * 1024) });
    const res = await svc.api('/dashboard/v1/rules/preview', { method: 'POST', body, headers: { 'content-type': 'application/json' }, key: null });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ type: 'authentication_error', code: 'missing_api_key' });
    const bad = await svc.api('/dashboard/v1/about', { key: 'vk_live_00000000000000000000000000000000' });
    expect(bad.body.error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key' });
  });

  it('uses the API codes for a missing permission', async () => {
    const res = await svc.api('/dashboard/v1/keys', { key: viewer });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ type: 'permission_error', code: 'insufficient_permissions' });
  });

  it('counts dashboard requests against the per-key rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await svc.api('/dashboard/v1/about', { key: viewer })).status);
    expect(statuses).toContain(429);
    const limited = await svc.api('/dashboard/v1/about', { key: viewer });
    expect(limited.body.error).toMatchObject({ type: 'rate_limit_error' });
  });
});

describe('upload_missing', () => {
  it('names the cause without the absolute path of the data folder', async () => {
    const dir = tempDir();
    const outcome = await runAnalysis({ path: `${dir}/uploads/ab/abcdef`, filename: 'a.pdf', maxPages: 10, maxMegapixels: 10 });
    expect(outcome).toMatchObject({ ok: false, code: 'upload_missing' });
    expect(JSON.stringify(outcome)).not.toContain(dir);
    expect(JSON.stringify(outcome)).toContain('ENOENT');
  });
});
