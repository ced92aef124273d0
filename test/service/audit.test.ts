/** The audit log: every change appends a hash-chained audit_event; GET /api/v1/audit-events/ lists them. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH, canonicalJson } from '../../electron/service/store/audit.js';
import { assertWorkerBuilt, makePdf, submitAndWait, startTestService, type TestService } from './helpers.js';

let svc: TestService;
const keys: Record<string, string> = {};
const keyIds: Record<string, string> = {};

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
  for (const role of ['admin', 'analyst', 'viewer'] as const) {
    keys[role] = await svc.service.createSessionKey(role, `${role} test`);
    keyIds[role] = (await svc.service.context.store.keys.authenticate(keys[role]))!.id;
  }
  ownerKeyId = (await svc.service.context.store.keys.authenticate(svc.key))!.id;
});
afterAll(() => svc?.close());

let ownerKeyId = '';
const ownerId = () => ownerKeyId;

async function allEvents(): Promise<any[]> {
  const out: any[] = [];
  let after = '';
  for (;;) {
    const page = await svc.api(`/api/v1/audit-events/?limit=100${after ? `&starting_after=${after}` : ''}`);
    expect(page.status).toBe(200);
    out.push(...page.body.data);
    if (!page.body.has_more) return out;
    after = page.body.data.at(-1).id;
  }
}

describe('canonical JSON', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }, true], é: 'ü\n' })).toBe('{"a":[{"c":null,"d":"x"},true],"b":1,"é":"ü\\n"}');
  });
});

describe('audit events', () => {
  it('records every kind of change with its actor, target and details', async () => {
    const check = await submitAndWait(svc, await makePdf('audited'));
    await svc.api(`/api/v1/document-checks/${check.id}/feedback/`, { key: keys.analyst, json: { rating: 'disagree', corrected_decision: 'fraudulent' } });
    const rule = (await svc.api('/api/v1/rules/', { key: keys.admin, json: { title: 'r', condition: 'true' } })).body;
    await svc.api(`/api/v1/rules/${rule.id}/`, { method: 'PATCH', json: { title: 'r2' } });
    await svc.api(`/api/v1/rules/${rule.id}/`, { method: 'PUT', json: { title: 'r3', condition: 'false' } });
    await svc.api(`/api/v1/rules/${rule.id}/`, { method: 'DELETE' });
    await svc.api('/api/v1/thresholds/', { method: 'PATCH', json: { pending_below: 20 } });
    await svc.api('/api/v1/flag-settings/', { method: 'PATCH', json: { disabled_flag_codes: [] } });
    await svc.api('/api/v1/retention/', { method: 'PATCH', json: { delete_files_after_days: 365 } });
    await svc.api(`/api/v1/document-checks/${check.id}/`, { method: 'DELETE' });
    const created = (await svc.api('/dashboard/v1/keys', { json: { role: 'viewer', name: 'dash' } })).body;
    await svc.api(`/dashboard/v1/keys/${created.id}`, { method: 'DELETE' });

    const events = (await allEvents()).reverse();
    const find = (action: string, target?: string) => events.find((e) => e.action === action && (target === undefined || e.target_id === target));
    expect(find('api_key.created', keyIds.viewer)).toMatchObject({ actor_key_id: null, details: { role: 'viewer', via: 'session' } });
    expect(find('document_check.created', check.id)).toMatchObject({ actor_key_id: ownerId(), details: { sha256: check.document.sha256, mode: 'normal' } });
    expect(find('feedback.created', check.id)).toMatchObject({
      actor_key_id: keyIds.analyst,
      details: { rating: 'disagree', corrected_decision: 'fraudulent' },
    });
    expect(find('rule.created', rule.id)).toMatchObject({ actor_key_id: keyIds.admin, details: { title: 'r', condition: 'true' } });
    expect(events.filter((e) => e.action === 'rule.updated' && e.target_id === rule.id).map((e) => e.details.title)).toEqual(['r2', 'r3']);
    expect(find('rule.deleted', rule.id)).toMatchObject({ actor_key_id: ownerId() });
    expect(find('thresholds.updated')).toMatchObject({ details: { pending_below: 20 } });
    expect(find('flag_settings.updated')).toMatchObject({ details: { disabled_flag_codes: [] } });
    expect(find('retention.updated')).toMatchObject({ details: { delete_files_after_days: 365, delete_checks_after_days: null } });
    expect(find('document_check.deleted', check.id)).toMatchObject({ actor_key_id: ownerId(), details: { reason: 'request', file_deleted: true } });
    expect(find('api_key.created', created.id)).toMatchObject({ actor_key_id: ownerId(), details: { via: 'dashboard' } });
    expect(find('api_key.revoked', created.id)).toMatchObject({ actor_key_id: ownerId() });

    // Every event has the documented shape, and the chain links and hashes as docs/api.md says.
    let prev = GENESIS_HASH;
    for (const e of events) {
      expect(Object.keys(e).sort()).toEqual(['action', 'actor_key_id', 'created_at', 'details', 'hash', 'id', 'object', 'prev_hash', 'target_id']);
      expect(e.id).toMatch(/^ae_[0-9A-Za-z]{24}$/);
      expect(e.object).toBe('audit_event');
      expect(e.prev_hash).toBe(prev);
      const { hash, ...rest } = e;
      expect(hash).toBe(
        createHash('sha256')
          .update(prev + canonicalJson(rest))
          .digest('hex'),
      );
      prev = hash;
    }
    expect(await svc.service.context.store.audit.verify()).toEqual({ ok: true, count: events.length });
  });

  it('a UI sign-in (a login code redeemed for a session key) is an event; a failed one is not', async () => {
    const code = await svc.service.createLoginCode('viewer', 'audit sign-in');
    const before = await svc.service.context.store.audit.count();
    const redeemed = await svc.api('/dashboard/v1/session/redeem', { key: null, json: { code } });
    expect(redeemed.status).toBe(200);
    const id = (await svc.service.context.store.keys.authenticate(redeemed.body.key))!.id;
    const [latest] = (await svc.api('/api/v1/audit-events/?limit=1')).body.data;
    expect(latest).toMatchObject({ action: 'session.signed_in', actor_key_id: id, target_id: id, details: { via: 'login_code' } });
    expect((await svc.api('/dashboard/v1/session/redeem', { key: null, json: { code } })).status).not.toBe(200);
    expect(await svc.service.context.store.audit.count()).toBe(before + 1);
  });

  it('reads and refused writes append nothing', async () => {
    const before = await svc.service.context.store.audit.count();
    await svc.api('/api/v1/document-checks/');
    await svc.api('/api/v1/thresholds/');
    await svc.api('/api/v1/rules/', { key: keys.viewer, json: { title: 'x', condition: 'true' } });
    await svc.api('/api/v1/rules/', { json: { title: 'x', condition: '(((' } });
    await svc.api('/api/v1/thresholds/', { method: 'PATCH', json: { pending_below: 99 } });
    await svc.api('/api/v1/document-checks/dc_nope/', { method: 'DELETE' });
    expect(await svc.service.context.store.audit.count()).toBe(before);
  });

  it('lists newest first with the checks list envelope and pagination', async () => {
    const first = await svc.api('/api/v1/audit-events/?limit=2');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['object', 'data', 'has_more']);
    expect(first.body.object).toBe('list');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.has_more).toBe(true);
    const all = await allEvents();
    expect(all.slice(0, 2)).toEqual(first.body.data);
    // Newest first: each event's prev_hash is the next one's hash.
    for (let i = 0; i + 1 < all.length; i++) expect(all[i].prev_hash).toBe(all[i + 1].hash);
    const next = await svc.api(`/api/v1/audit-events/?limit=2&starting_after=${first.body.data[1].id}`);
    expect(next.body.data[0]).toEqual(all[2]);
    expect((await svc.api('/api/v1/audit-events/')).body.data).toHaveLength(Math.min(20, all.length));
  });

  it('validates the query and needs manage_keys', async () => {
    for (const q of ['limit=0', 'limit=101', 'limit=abc']) {
      const r = await svc.api(`/api/v1/audit-events/?${q}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid' });
    }
    const missing = await svc.api('/api/v1/audit-events/?starting_after=ae_nope');
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('resource_missing');
    for (const role of ['admin', 'analyst', 'viewer']) {
      const denied = await svc.api('/api/v1/audit-events/', { key: keys[role] });
      expect(denied.status).toBe(403);
      expect(denied.body.error).toMatchObject({ type: 'permission_error', code: 'insufficient_permissions' });
    }
    expect((await svc.api('/api/v1/audit-events/', { key: null })).status).toBe(401);
    expect((await svc.api('/api/v1/audit-events/', { method: 'POST', json: {} })).status).toBe(404);
  });

  it('names the first altered or removed event', async () => {
    const store = svc.service.context.store;
    const rows = await store.sql.all<{ seq: number; id: string; details: string }>('SELECT seq, id, details FROM audit_events ORDER BY seq');
    const victim = rows[2];
    await store.sql.run('UPDATE audit_events SET details = ? WHERE seq = ?', ['{"tampered":true}', victim.seq]);
    expect(await store.audit.verify()).toMatchObject({ ok: false, count: 2, broken: { id: victim.id, position: 3 } });
    await store.sql.run('UPDATE audit_events SET details = ? WHERE seq = ?', [victim.details, victim.seq]);
    expect((await store.audit.verify()).ok).toBe(true);
    // Removing an event breaks the link of the one after it.
    const removed = rows[1];
    const row = (await store.sql.get<Record<string, string | number | null>>(
      'SELECT seq, id, created_at, actor_key_id, action, target_id, details, prev_hash, hash FROM audit_events WHERE seq = ?',
      [removed.seq],
    ))!;
    await store.sql.run('DELETE FROM audit_events WHERE seq = ?', [removed.seq]);
    expect(await store.audit.verify()).toMatchObject({ ok: false, broken: { id: rows[2].id } });
    const cols = ['seq', 'id', 'created_at', 'actor_key_id', 'action', 'target_id', 'details', 'prev_hash', 'hash'];
    await store.sql.run(
      `INSERT INTO audit_events (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
      cols.map((c) => row[c]),
    );
    expect((await store.audit.verify()).ok).toBe(true);
  });
});
