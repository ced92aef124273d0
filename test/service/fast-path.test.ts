/**
 * GET /api/v1/document-checks/{id}/ is answered by a node:http fast path; a query string sends
 * the same request through Express. Both must answer alike in everything a client can see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, request, startTestService, submitAndWait, type ApiResponse, type TestService } from './helpers.js';

let svc: TestService;
let id: string;

beforeAll(async () => {
  svc = await startTestService();
  id = (await submitAndWait(svc, await makePdf('Invoice 77  Total 12.00'))).id;
});
afterAll(() => svc.close());

const viaFastPath = (path: string, key?: string | null) => request(svc.url, path, key === undefined ? { key: svc.key } : { key });
const viaExpress = (path: string, key?: string | null) => request(svc.url, `${path}?via=express`, key === undefined ? { key: svc.key } : { key });

function visible(res: ApiResponse) {
  return {
    status: res.status,
    body: res.body,
    contentType: res.headers.get('content-type'),
    wwwAuthenticate: res.headers.get('www-authenticate'),
    rateLimitPolicy: res.headers.get('ratelimit-policy'),
  };
}

describe('GET check fast path', () => {
  it.each([
    ['an existing check, with the slash', (): string => `/api/v1/document-checks/${id}/`, undefined],
    ['an existing check, without the slash', (): string => `/api/v1/document-checks/${id}`, undefined],
    ['an unknown check', (): string => '/api/v1/document-checks/dc_doesnotexist/', undefined],
    ['no key', (): string => `/api/v1/document-checks/${id}/`, null],
    ['an invalid key', (): string => `/api/v1/document-checks/${id}/`, 'vk_live_00000000000000000000000000000000'],
  ] as const)('answers like the Express route: %s', async (_name, path, key) => {
    const fast = visible(await viaFastPath(path(), key));
    const slow = visible(await viaExpress(path(), key));
    expect(fast).toEqual(slow);
  });

  it('serves the stored check', async () => {
    const res = await viaFastPath(`/api/v1/document-checks/${id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, object: 'document_check', status: expect.stringMatching(/completed|failed/) });
  });

  it('counts against the same per-key rate limit as every other route', async () => {
    const limited = await startTestService({ rateLimitPerMinute: 3 });
    try {
      const path = '/api/v1/document-checks/dc_nothing/';
      expect((await limited.api('/api/v1/thresholds/')).status).toBe(200);
      expect((await limited.api(path)).status).toBe(404);
      expect((await limited.api('/api/v1/thresholds/')).status).toBe(200);
      const res = await limited.api(path);
      expect(res.status).toBe(429);
      expect(res.body.error).toEqual({ type: 'rate_limit_error', code: 'rate_limit_exceeded', message: expect.any(String) });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('ratelimit')).toContain('remaining=0');
    } finally {
      await limited.close();
    }
  });
});
