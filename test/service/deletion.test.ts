/** DELETE /api/v1/document-checks/{id}/ and retention (DECISIONS "Beyond v1"). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepRetention } from '../../electron/service/store/retention.js';
import { assertWorkerBuilt, makePdf, pdfForm, startTestService, submitAndWait, type TestService } from './helpers.js';

let svc: TestService;
const keys: Record<string, string> = {};

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
  for (const role of ['admin', 'analyst', 'viewer'] as const) keys[role] = await svc.service.createSessionKey(role, `${role} test`);
});
afterAll(() => svc?.close());

const fileOf = (sha: string) => join(svc.dataDir, 'uploads', sha.slice(0, 2), sha);
const sql = () => svc.service.context.store.sql;
/** Makes a check look `days` old. */
const age = (id: string, days: number) =>
  sql().run('UPDATE checks SET created_at = ? WHERE id = ?', [new Date(Date.now() - days * 86_400_000).toISOString(), id]);
const ageUpload = (sha: string, days: number) =>
  sql().run('UPDATE uploads SET created_at = ? WHERE sha256 = ?', [new Date(Date.now() - days * 86_400_000).toISOString(), sha]);

describe('DELETE /api/v1/document-checks/{id}/', () => {
  it('deletes the check, its feedback, outbox rows and file; 404 afterwards on GET (fast path), list, feedback and DELETE', async () => {
    const check = await submitAndWait(svc, await makePdf('to be deleted'), { webhook_url: 'http://127.0.0.1:9/hook' });
    expect((await svc.api(`/api/v1/document-checks/${check.id}/feedback/`, { json: { rating: 'agree' } })).status).toBe(201);
    const sha = check.document.sha256;
    expect(existsSync(fileOf(sha))).toBe(true);
    expect((await svc.service.context.store.outbox.forCheck(check.id)).length).toBe(1);

    const res = await svc.api(`/api/v1/document-checks/${check.id}/`, { method: 'DELETE', key: keys.admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: check.id, object: 'document_check', deleted: true });

    expect(existsSync(fileOf(sha))).toBe(false);
    expect(await svc.service.context.store.outbox.forCheck(check.id)).toEqual([]);
    expect(await svc.service.context.store.feedback.forCheck(check.id)).toEqual([]);
    expect(await svc.service.context.store.checks.analysis(check.id)).toBeNull();

    const get = await svc.api(`/api/v1/document-checks/${check.id}/`);
    expect(get.status).toBe(404);
    expect(get.body.error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
    expect((await svc.api(`/api/v1/document-checks/${check.id}`)).status).toBe(404);
    const list = await svc.api('/api/v1/document-checks/?limit=100');
    expect(list.body.data.map((c: any) => c.id)).not.toContain(check.id);
    expect((await svc.api(`/api/v1/document-checks/${check.id}/feedback/`, { json: { rating: 'agree' } })).status).toBe(404);
    expect((await svc.api(`/api/v1/document-checks/${check.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect((await svc.api(`/dashboard/v1/checks/${check.id}/file`)).status).toBe(404);
  });

  it('keeps the stored file while another check shares it', async () => {
    const bytes = await makePdf('shared file');
    const a = await submitAndWait(svc, bytes);
    const b = await submitAndWait(svc, bytes);
    expect(a.document.sha256).toBe(b.document.sha256);
    expect((await svc.api(`/api/v1/document-checks/${a.id}/`, { method: 'DELETE' })).status).toBe(200);
    expect(existsSync(fileOf(b.document.sha256))).toBe(true);
    expect((await svc.api(`/api/v1/document-checks/${b.id}/`)).status).toBe(200);
    expect((await svc.api(`/api/v1/document-checks/${b.id}/`, { method: 'DELETE' })).status).toBe(200);
    expect(existsSync(fileOf(b.document.sha256))).toBe(false);
    // Sent again, it is stored again.
    const c = await submitAndWait(svc, bytes);
    expect(c.status).toBe('completed');
    expect(existsSync(fileOf(c.document.sha256))).toBe(true);
  });

  it('needs manage_documents: analyst and viewer get 403, no key 401, unknown id 404', async () => {
    const check = await submitAndWait(svc, await makePdf('roles'));
    for (const role of ['analyst', 'viewer']) {
      const res = await svc.api(`/api/v1/document-checks/${check.id}/`, { method: 'DELETE', key: keys[role] });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('insufficient_permissions');
    }
    expect((await svc.api(`/api/v1/document-checks/${check.id}/`, { method: 'DELETE', key: null })).status).toBe(401);
    const missing = await svc.api('/api/v1/document-checks/dc_doesnotexist/', { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('resource_missing');
    expect((await svc.api(`/api/v1/document-checks/${check.id}/`)).status).toBe(200);
    // Other methods still answer route_not_found with the allowed ones.
    const put = await svc.api(`/api/v1/document-checks/${check.id}/`, { method: 'PUT', json: {} });
    expect(put.status).toBe(404);
    expect(put.headers.get('allow')).toContain('DELETE');
  });

  it('a check deleted while processing is never completed nor announced', async () => {
    const res = await svc.api('/api/v1/document-checks/', {
      form: pdfForm(await makePdf('slow', { delay_ms: 400 }), { webhook_url: 'http://127.0.0.1:9/hook' }),
    });
    expect(res.status).toBe(201);
    expect((await svc.api(`/api/v1/document-checks/${res.body.id}/`, { method: 'DELETE' })).status).toBe(200);
    await svc.service.context.processor.waitFor(res.body.id, 10_000);
    expect((await svc.api(`/api/v1/document-checks/${res.body.id}/`)).status).toBe(404);
    expect(await svc.service.context.store.outbox.forCheck(res.body.id)).toEqual([]);
  });
});

describe('retention', () => {
  it('GET shows keep-forever by default; PATCH validates and needs manage_documents', async () => {
    const res = await svc.api('/api/v1/retention/', { key: keys.viewer });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'retention', delete_files_after_days: null, delete_checks_after_days: null, updated_at: null });
    for (const role of ['analyst', 'viewer']) {
      const denied = await svc.api('/api/v1/retention/', { method: 'PATCH', key: keys[role], json: { delete_files_after_days: 5 } });
      expect(denied.status).toBe(403);
    }
    expect((await svc.api('/api/v1/retention/', { key: null })).status).toBe(401);
    for (const bad of [0, -1, 1.5, '3', true]) {
      const r = await svc.api('/api/v1/retention/', { method: 'PATCH', json: { delete_checks_after_days: bad } });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid' });
      expect(r.body.error.message).toContain('delete_checks_after_days');
    }
    expect((await svc.api('/api/v1/retention/', { method: 'PATCH', body: '[1', headers: { 'content-type': 'application/json' } })).body.error.code).toBe(
      'invalid_json',
    );
    expect((await svc.api('/api/v1/retention/', { method: 'POST', json: {} })).status).toBe(404);

    const set = await svc.api('/api/v1/retention/', { method: 'PATCH', key: keys.admin, json: { delete_files_after_days: 30 } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ object: 'retention', delete_files_after_days: 30, delete_checks_after_days: null });
    expect(typeof set.body.updated_at).toBe('string');
    const partial = await svc.api('/api/v1/retention/', { method: 'PATCH', json: { delete_checks_after_days: 90 } });
    expect(partial.body).toMatchObject({ delete_files_after_days: 30, delete_checks_after_days: 90 });
    const cleared = await svc.api('/api/v1/retention/', { method: 'PATCH', json: { delete_files_after_days: null, delete_checks_after_days: null } });
    expect(cleared.body).toMatchObject({ delete_files_after_days: null, delete_checks_after_days: null });
    expect((await svc.api('/api/v1/retention/')).body).toEqual(cleared.body);
  });

  it('removes expired files (checks stay) and expired checks; recent ones are kept', async () => {
    const oldBytes = await makePdf('old file');
    const old = await submitAndWait(svc, oldBytes);
    const older = await submitAndWait(svc, await makePdf('older check'));
    const fresh = await submitAndWait(svc, await makePdf('fresh'));
    await age(old.id, 10);
    await ageUpload(old.document.sha256, 10);
    await age(older.id, 40);
    await ageUpload(older.document.sha256, 40);
    const before = (await svc.api(`/api/v1/document-checks/${old.id}/`)).body;

    expect((await svc.api('/api/v1/retention/', { method: 'PATCH', json: { delete_files_after_days: 7, delete_checks_after_days: 30 } })).status).toBe(200);
    // The PATCH kicks a pass; run one more to be sure it has finished.
    await svc.service.context.retention!.kick();

    expect(existsSync(fileOf(old.document.sha256))).toBe(false);
    expect((await svc.api(`/api/v1/document-checks/${old.id}/`)).body).toEqual(before);
    expect((await svc.api(`/dashboard/v1/checks/${old.id}/file`)).status).toBe(404);
    expect((await svc.api(`/api/v1/document-checks/${older.id}/`)).status).toBe(404);
    expect(existsSync(fileOf(older.document.sha256))).toBe(false);
    expect((await svc.api(`/api/v1/document-checks/${fresh.id}/`)).status).toBe(200);
    expect(existsSync(fileOf(fresh.document.sha256))).toBe(true);

    const events = (await svc.api('/api/v1/audit-events/?limit=100')).body.data;
    expect(events.find((e: any) => e.action === 'document_file.deleted' && e.target_id === old.document.sha256)).toMatchObject({
      actor_key_id: null,
      details: { reason: 'retention', check_ids: [old.id] },
    });
    expect(events.find((e: any) => e.action === 'document_check.deleted' && e.target_id === older.id)).toMatchObject({
      actor_key_id: null,
      details: { reason: 'retention' },
    });
    // A second pass finds nothing more.
    expect(await sweepRetention(svc.service.context.store)).toEqual({ checks: 0, files: 0 });
    // The same file sent again is stored again and analysed.
    const resent = await submitAndWait(svc, oldBytes);
    expect(resent.status).toBe('completed');
    expect(existsSync(fileOf(old.document.sha256))).toBe(true);
    await svc.api('/api/v1/retention/', { method: 'PATCH', json: { delete_files_after_days: null, delete_checks_after_days: null } });
  });

  it('runs at start: a policy set before a restart applies without a PATCH', async () => {
    const own = await startTestService();
    try {
      const check = await submitAndWait(own, await makePdf('restart'));
      await own.api('/api/v1/retention/', { method: 'PATCH', json: { delete_checks_after_days: 1 } });
      await own.service.context.retention!.kick();
      expect((await own.api(`/api/v1/document-checks/${check.id}/`)).status).toBe(200);
      await own.service.context.store.sql.run('UPDATE checks SET created_at = ? WHERE id = ?', ['2020-01-01T00:00:00.000Z', check.id]);
      await own.service.close();
      const again = await startTestService({ dataDir: own.dataDir });
      try {
        const deadline = Date.now() + 10_000;
        while ((await again.api(`/api/v1/document-checks/${check.id}/`)).status !== 404) {
          if (Date.now() > deadline) throw new Error('retention did not run at start');
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await again.service.close();
      }
    } finally {
      const { rmSync } = await import('node:fs');
      rmSync(own.dataDir, { recursive: true, force: true });
    }
  });
});
