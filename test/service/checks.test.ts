import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, finding, makePdf, pdfForm, startTestService, submitAndWait, type TestService } from './helpers.js';

let svc: TestService;
const ids: string[] = [];

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
  const pdf = await makePdf('list me');
  // 5 checks, oldest first in `ids`
  for (let i = 0; i < 5; i++) {
    const res = await svc.api('/api/v1/document-checks/', { form: pdfForm(pdf, {}, `doc-${i}.pdf`) });
    ids.push(res.body.id);
  }
});

afterAll(() => svc?.close());

describe('GET /api/v1/document-checks/{id}/', () => {
  it('returns the check, with or without the trailing slash', async () => {
    for (const path of [`/api/v1/document-checks/${ids[0]}/`, `/api/v1/document-checks/${ids[0]}`]) {
      const res = await svc.api(path);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(ids[0]);
    }
  });

  it('is 404 not_found_error for an unknown id', async () => {
    const res = await svc.api('/api/v1/document-checks/dc_doesnotexist/');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: 'not_found_error', code: expect.any(String), message: expect.any(String) });
  });
});

describe('GET /api/v1/document-checks/ (list)', () => {
  it('lists newest first with the list envelope and a default page of 20', async () => {
    const res = await svc.api('/api/v1/document-checks/');
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('list');
    expect(res.body.has_more).toBe(false);
    expect(res.body.data.map((c: any) => c.id)).toEqual([...ids].reverse());
  });

  it('pages with limit and starting_after until has_more is false', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await svc.api(`/api/v1/document-checks/?limit=2${after ? `&starting_after=${after}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((c: any) => c.id));
      if (!res.body.has_more) break;
      expect(res.body.data).toHaveLength(2);
      after = res.body.data.at(-1).id;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('has_more is false when the page ends exactly at the last check', async () => {
    const res = await svc.api(`/api/v1/document-checks/?limit=1&starting_after=${ids[1]}`);
    expect(res.body.data.map((c: any) => c.id)).toEqual([ids[0]]);
    expect(res.body.has_more).toBe(false);
    const past = await svc.api(`/api/v1/document-checks/?starting_after=${ids[0]}`);
    expect(past.body).toEqual({ object: 'list', data: [], has_more: false });
  });

  it('accepts limit 1 and 100 and rejects 0, 101, non-integers, naming the field', async () => {
    expect((await svc.api('/api/v1/document-checks/?limit=1')).body.data).toHaveLength(1);
    expect((await svc.api('/api/v1/document-checks/?limit=100')).status).toBe(200);
    for (const bad of ['0', '101', '2.5', 'abc', '-1', '']) {
      const res = await svc.api(`/api/v1/document-checks/?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.type).toBe('invalid_request_error');
      expect(res.body.error.message).toContain('limit');
    }
  });

  it('rejects an unknown starting_after', async () => {
    const res = await svc.api('/api/v1/document-checks/?starting_after=dc_nope');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('starting_after');
  });
});

describe('POST /api/v1/document-checks/{id}/feedback/', () => {
  let checkId: string;
  beforeAll(async () => {
    checkId = (await submitAndWait(svc, await makePdf('feedback', { findings: [finding('incremental_edit', 0.7)] }))).id;
  });

  it('records verdict feedback from JSON', async () => {
    const res = await svc.api(`/api/v1/document-checks/${checkId}/feedback/`, {
      json: { rating: 'disagree', corrected_decision: 'fraudulent', reason: 'amount edited', extra: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      object: 'check_feedback',
      created_at: expect.any(String),
      document_check: checkId,
      kind: 'verdict',
      rating: 'disagree',
      flag_code: null,
      corrected_decision: 'fraudulent',
      reason: 'amount edited',
    });
  });

  it('derives kind flag from flag_code, from a form-urlencoded body', async () => {
    const res = await svc.api(`/api/v1/document-checks/${checkId}/feedback`, {
      body: new URLSearchParams({ rating: 'agree', flag_code: 'incremental_edit', corrected_decision: '', reason: '' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'flag', flag_code: 'incremental_edit', rating: 'agree', corrected_decision: null, reason: null });
  });

  it('accepts a multipart body', async () => {
    const form = new FormData();
    form.append('rating', 'agree');
    const res = await svc.api(`/api/v1/document-checks/${checkId}/feedback/`, { form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'verdict', flag_code: null });
  });

  it('validates rating, corrected_decision, reason length and flag_code', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'rating'],
      [{ rating: 'meh' }, 'rating'],
      [{ rating: 'agree', corrected_decision: 'maybe' }, 'corrected_decision'],
      [{ rating: 'agree', reason: 'x'.repeat(5001) }, 'reason'],
      [{ rating: 'agree', reason: 5 }, 'reason'],
      [{ rating: 'agree', flag_code: 'not_a_flag' }, 'flag_code'],
    ];
    for (const [json, field] of cases) {
      const res = await svc.api(`/api/v1/document-checks/${checkId}/feedback/`, { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.type).toBe('invalid_request_error');
      expect(res.body.error.message).toContain(field);
    }
    const ok = await svc.api(`/api/v1/document-checks/${checkId}/feedback/`, { json: { rating: 'agree', reason: 'x'.repeat(5000) } });
    expect(ok.status).toBe(201);
  });

  it('is 404 for an unknown check', async () => {
    const res = await svc.api('/api/v1/document-checks/dc_nope/feedback/', { json: { rating: 'agree' } });
    expect(res.status).toBe(404);
    expect(res.body.error.type).toBe('not_found_error');
  });
});

describe('error envelope everywhere', () => {
  it('unknown routes are 404 with the envelope', async () => {
    for (const path of ['/api/v1/nothing-here/', '/api/v2/document-checks/', '/nope']) {
      const res = await svc.api(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error).toEqual({ type: 'not_found_error', code: expect.any(String), message: expect.any(String) });
    }
  });

  it('a wrong method on a known path is 404 route_not_found with Allow and the envelope', async () => {
    const res = await svc.api('/api/v1/thresholds/', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toContain('PATCH');
    expect(res.body.error).toEqual({ type: 'not_found_error', code: 'route_not_found', message: expect.stringContaining('PATCH') });
  });

  it('malformed JSON is 400 with the envelope', async () => {
    const res = await svc.api('/api/v1/rules/', { body: '{"title": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ type: 'invalid_request_error', code: 'invalid_json', message: expect.any(String) });
  });

  it('a JSON body that is not an object is 400', async () => {
    const res = await svc.api('/api/v1/rules/', { json: ['title'] });
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('invalid_request_error');
  });
});
