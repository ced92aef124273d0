/**
 * Regression (issue 29, item 7): DECISIONS says a condition compiles on write, yet a regex
 * literal that cannot compile (`text.matches("(")`) was stored with 201 and failed only when a
 * check was scored. Regex literals are compiled with the condition now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, startTestService, type TestService } from '../helpers.js';

let svc: TestService;

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
});
afterAll(() => svc?.close());

const INVALID = ['text.matches("(")', 'mode == "standard" || text.matches("[a-")', 'text.matches("a{2,1}")', 'flag_codes.exists(c, c.matches("*x"))'];

describe('regex literals in a rule condition', () => {
  it.each(INVALID)('POST with %s is 400 invalid_condition naming the regex', async (condition) => {
    const res = await svc.api('/api/v1/rules/', { json: { title: 'bad', condition } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_condition' });
    expect(res.body.error.message).toMatch(/regular expression/i);
  });

  it('rejects an invalid regex on PATCH and PUT and keeps the stored condition', async () => {
    const created = await svc.api('/api/v1/rules/', { json: { title: 'ok', condition: 'text.matches("^Invoice [0-9]+$")' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const patch = await svc.api(`/api/v1/rules/${id}/`, { method: 'PATCH', json: { condition: 'text.matches("(")' } });
    expect(patch.status).toBe(400);
    expect(patch.body.error.code).toBe('invalid_condition');
    const put = await svc.api(`/api/v1/rules/${id}/`, { method: 'PUT', json: { title: 'ok', condition: 'text.matches(")")' } });
    expect(put.status).toBe(400);
    expect(put.body.error.code).toBe('invalid_condition');
    expect((await svc.api(`/api/v1/rules/${id}/`)).body.condition).toBe('text.matches("^Invoice [0-9]+$")');
  });

  it('still accepts valid regex literals and patterns built at run time', async () => {
    for (const condition of ['text.matches("total")', 'text.matches("^(a|b)+$")', 'text.matches(mode)']) {
      const res = await svc.api('/api/v1/rules/', { json: { title: 'fine', condition } });
      expect(res.status, condition).toBe(201);
    }
  });
});
