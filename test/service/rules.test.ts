import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, startTestService, type TestService } from './helpers.js';

let svc: TestService;
beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
});
afterAll(() => svc?.close());

const create = (json: unknown) => svc.api('/api/v1/rules/', { json });

describe('rules CRUD', () => {
  it('POST 201 with defaults for omitted optional fields', async () => {
    const res = await create({ title: 'Big delta', condition: 'risk_score > 50' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^rule_/),
      object: 'rule',
      title: 'Big delta',
      condition: 'risk_score > 50',
      guidance: null,
      outcome_guidance: 'ADVISORY',
      score_delta: 0,
      document_types: null,
      status: 'active',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('rejects a condition that does not compile with 400 invalid_condition and the compiler message', async () => {
    for (const condition of ['risk_score >', 'unknown_var == 1', '"a string"', '']) {
      const res = await create({ title: 'bad', condition });
      expect(res.status, condition).toBe(400);
      expect(res.body.error.code, condition).toBe('invalid_condition');
      expect(res.body.error.message.length).toBeGreaterThan(10);
    }
  });

  it('validates fields and names them', async () => {
    const cases: Array<[unknown, string]> = [
      [{ condition: 'true' }, 'title'],
      [{ title: 'x' }, 'condition'],
      [{ title: 'x', condition: 'true', score_delta: 101 }, 'score_delta'],
      [{ title: 'x', condition: 'true', score_delta: 1.5 }, 'score_delta'],
      [{ title: 'x', condition: 'true', score_delta: '5' }, 'score_delta'],
      [{ title: 'x', condition: 'true', outcome_guidance: 'MAYBE' }, 'outcome_guidance'],
      [{ title: 'x', condition: 'true', status: 'paused' }, 'status'],
      [{ title: 'x', condition: 'true', document_types: 'invoice' }, 'document_types'],
      [{ title: 'x', condition: 'true', document_types: ['spaceship_manual'] }, 'document_types'],
      [{ title: 7, condition: 'true' }, 'title'],
    ];
    for (const [json, field] of cases) {
      const res = await create(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.type).toBe('invalid_request_error');
      expect(res.body.error.message, JSON.stringify(json)).toContain(field);
    }
  });

  it('GET one, PATCH a subset, PUT resets omitted optional fields', async () => {
    const made = (
      await create({ title: 'r', condition: 'true', guidance: 'look at totals', outcome_guidance: 'PENDING', score_delta: 10, document_types: ['invoice'] })
    ).body;
    const got = await svc.api(`/api/v1/rules/${made.id}/`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(made);

    const patched = await svc.api(`/api/v1/rules/${made.id}/`, { method: 'PATCH', json: { status: 'disabled', score_delta: -5 } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      status: 'disabled',
      score_delta: -5,
      guidance: 'look at totals',
      outcome_guidance: 'PENDING',
      document_types: ['invoice'],
    });

    const badPatch = await svc.api(`/api/v1/rules/${made.id}/`, { method: 'PATCH', json: { condition: 'risk_score >' } });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.error.code).toBe('invalid_condition');

    const put = await svc.api(`/api/v1/rules/${made.id}`, { method: 'PUT', json: { title: 'replaced', condition: 'risk_score < 5' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      id: made.id,
      title: 'replaced',
      condition: 'risk_score < 5',
      guidance: null,
      outcome_guidance: 'ADVISORY',
      score_delta: 0,
      document_types: null,
      status: 'active',
    });
    expect(put.body.created_at).toBe(made.created_at);

    const putMissing = await svc.api(`/api/v1/rules/${made.id}/`, { method: 'PUT', json: { title: 'no condition' } });
    expect(putMissing.status).toBe(400);
    expect(putMissing.body.error.message).toContain('condition');
  });

  it('DELETE soft-deletes: 200 {id, object, deleted}, then 404 everywhere and gone from the list', async () => {
    const made = (await create({ title: 'doomed', condition: 'true' })).body;
    const del = await svc.api(`/api/v1/rules/${made.id}/`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: made.id, object: 'rule', deleted: true });
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
      const res = await svc.api(`/api/v1/rules/${made.id}/`, {
        method,
        json: method === 'GET' || method === 'DELETE' ? undefined : { title: 'x', condition: 'true' },
      });
      expect(res.status, method).toBe(404);
      expect(res.body.error.type).toBe('not_found_error');
    }
    const list = await svc.api('/api/v1/rules/?limit=100');
    expect(list.body.data.map((r: any) => r.id)).not.toContain(made.id);
  });

  it('lists newest first with the list envelope and pages', async () => {
    const a = (await create({ title: 'first', condition: 'true' })).body.id;
    const b = (await create({ title: 'second', condition: 'true' })).body.id;
    const list = await svc.api('/api/v1/rules/');
    expect(list.body.object).toBe('list');
    expect(list.body.data[0].id).toBe(b);
    expect(list.body.data[1].id).toBe(a);
    const page = await svc.api('/api/v1/rules/?limit=1');
    expect(page.body.has_more).toBe(true);
    const next = await svc.api(`/api/v1/rules/?limit=1&starting_after=${b}`);
    expect(next.body.data[0].id).toBe(a);
  });
});
