/**
 * `/dashboard/v1` inside the service app: the same keys, roles, error envelope and codes as
 * /api/v1 (every response here is also checked against the OpenAPI document by helpers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finding, makePdf, startTestService, submitAndWait, type TestService } from './helpers.js';

let svc: TestService;
let viewer: string;
let checkId: string;
let pdf: Buffer;
beforeAll(async () => {
  svc = await startTestService();
  viewer = (await svc.service.context.store.keys.create('viewer', 'dash viewer')).key;
  pdf = await makePdf('Invoice 7', { doc_type: 'invoice', findings: [finding('incremental_edit', 0.7, 'content_changed')] });
  checkId = (await submitAndWait(svc, pdf)).id;
});
afterAll(() => svc?.close());

describe('dashboard routes', () => {
  it('refuses missing and unknown keys with the v1 error envelope', async () => {
    const res = await svc.api(`/dashboard/v1/checks/${checkId}/analysis`, { key: null });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ type: 'authentication_error', code: 'missing_api_key' });
    expect((await svc.api(`/dashboard/v1/checks/${checkId}/analysis`, { key: 'nope' })).body.error.code).toBe('invalid_api_key');
  });

  it('serves the original bytes and the structural analysis to viewers', async () => {
    const file = await svc.api(`/dashboard/v1/checks/${checkId}/file`, { key: viewer });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(String(file.body).startsWith('%PDF-')).toBe(true);
    const a = await svc.api(`/dashboard/v1/checks/${checkId}/analysis`, { key: viewer });
    expect(a.body).toMatchObject({ object: 'check_analysis', available: true, page_sizes: [{ width: 612, height: 792 }] });
    expect((await svc.api('/dashboard/v1/checks/dc_nope/analysis', { key: viewer })).body.error.code).toBe('resource_missing');
    expect((await svc.api('/dashboard/v1/checks/dc_nope/file', { key: viewer })).status).toBe(404);
  });

  it('previews a CEL condition against a stored check; compile errors are invalid_condition', async () => {
    const ok = await svc.api('/dashboard/v1/rules/preview', {
      key: viewer,
      json: { check_id: checkId, condition: '"incremental_edit" in flag_codes && extracted.doc_type == "invoice"' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ object: 'rule_preview', check_id: checkId, matched: true });
    expect(ok.body.risk_score).toBeGreaterThan(0);
    const miss = await svc.api('/dashboard/v1/rules/preview', { key: viewer, json: { check_id: checkId, condition: 'risk_score > 99' } });
    expect(miss.body.matched).toBe(false);
    const bad = await svc.api('/dashboard/v1/rules/preview', { key: viewer, json: { check_id: checkId, condition: 'risk_score >' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_condition');
    const missing = await svc.api('/dashboard/v1/rules/preview', { key: viewer, json: { condition: 'true' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('check_id');
  });

  it('guards key management with manage_keys', async () => {
    expect((await svc.api('/dashboard/v1/keys', { key: viewer })).body.error.code).toBe('insufficient_permissions');
    const created = await svc.api('/dashboard/v1/keys', { json: { role: 'analyst', name: 'Desk 2' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'api_key', role: 'analyst', name: 'Desk 2' });
    expect(created.body.key).toMatch(/^vk_live_/);
    expect((await svc.api('/dashboard/v1/keys', { json: { role: 'god' } })).body.error.code).toBe('parameter_invalid');
    const list = await svc.api('/dashboard/v1/keys');
    expect(list.body.data.map((k: { name: string | null }) => k.name)).toContain('Desk 2');
    expect((await svc.api(`/dashboard/v1/keys/${created.body.id}`, { method: 'DELETE' })).body).toEqual({
      id: created.body.id,
      object: 'api_key',
      revoked: true,
    });
    expect((await svc.api('/dashboard/v1/keys/key_404', { method: 'DELETE' })).status).toBe(404);
    expect((await svc.api('/dashboard/v1/webhook-secret', { key: viewer })).status).toBe(403);
    expect((await svc.api('/dashboard/v1/webhook-secret')).body.secret).toMatch(/^whsec_/);
  });

  it('exposes the flag catalog, score distribution and about; unknown paths are route_not_found', async () => {
    const catalog = await svc.api('/dashboard/v1/flag-catalog', { key: viewer });
    expect(catalog.body.data.find((f: { code: string }) => f.code === 'incremental_edit').title).toBeTruthy();
    const scores = await svc.api('/dashboard/v1/stats/scores?limit=5', { key: viewer });
    expect(scores.body.data[0]).toMatchObject({ id: checkId });
    const about = await svc.api('/dashboard/v1/about', { key: viewer });
    // The data folder's path is for the roles that manage the workspace (issue 29, item 9).
    expect(about.body.data_dir).toBeNull();
    expect((await svc.api('/dashboard/v1/about')).body.data_dir).toBe(svc.dataDir);
    expect((await svc.api('/dashboard/v1/nope', { key: viewer })).body.error.code).toBe('route_not_found');
  });
});
