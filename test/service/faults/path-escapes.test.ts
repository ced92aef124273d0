/**
 * Regression (issue 29, item 6): a path parameter that is not valid percent-encoding made the
 * router's decodeURIComponent throw, and the URIError surfaced as 500 `internal_error`. Such a
 * path names nothing: it is the client's mistake, answered 400 in the error envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, startTestService, type TestService } from '../helpers.js';

let svc: TestService;

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
});
afterAll(() => svc?.close());

const MALFORMED: Array<[method: string, path: string]> = [
  ['GET', '/api/v1/rules/%ZZ/'],
  ['PATCH', '/api/v1/rules/%ZZ/'],
  ['DELETE', '/api/v1/rules/%ZZ/'],
  ['GET', '/api/v1/document-checks/%E0%A4%A/'],
  ['GET', '/api/v1/document-checks/%ZZ/related/'],
  ['POST', '/api/v1/document-checks/%ZZ/feedback/'],
  ['GET', '/dashboard/v1/checks/%ZZ/file'],
  ['GET', '/dashboard/v1/checks/%ZZ/analysis'],
  ['DELETE', '/dashboard/v1/keys/%ZZ'],
];

describe('malformed percent-escapes in a path', () => {
  it.each(MALFORMED)('%s %s is 400 in the error envelope, not 500', async (method, path) => {
    const json = method === 'POST' || method === 'PATCH' ? {} : undefined;
    const res = await svc.api(path, { method, json });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid' });
    expect(res.body.error.message).toContain('percent-encoding');
  });

  it('still answers a well-formed escape of an unknown id with 404', async () => {
    const res = await svc.api('/api/v1/rules/rule_%41/');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('resource_missing');
  });
});
