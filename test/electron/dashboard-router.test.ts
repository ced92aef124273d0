import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRouter, type DashboardDeps, type KeyRecord, type PublicCheck, type Role } from '../../electron/service/dashboard/index.js';
import type { Analysis } from '../../engine/types.js';
import { evaluateRule } from '../../engine/scoring/rules.js';

const KEYS: Record<string, Role> = { k_owner: 'owner', k_viewer: 'viewer' };

const check: PublicCheck = {
  id: 'dc_1',
  status: 'completed',
  created_at: '2025-01-01T00:00:00Z',
  decision: 'suspicious',
  risk_score: 70,
  thresholds: { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 },
  flags: [{ code: 'incremental_edit', reasons: [] }],
  document: { filename: 'a.pdf', mime_type: 'application/pdf', sha256: 'ab' },
  extracted: { doc_type: 'invoice', issuer: 'ACME' },
  engine: { version: '0.1.0', mode: 'normal' },
};

const analysis: Analysis = {
  engineVersion: '0.1.0',
  document: { mime_type: 'application/pdf', format: 'digital_pdf', pages: 1 },
  extracted: { doc_type: 'invoice', issuer: 'ACME', name: null, address: null, document_date: null, account_number: null, currency: null },
  findings: [{ flag: 'incremental_edit', code: 'incremental_edit.content_changed', summary: 's', pages: [1], evidence: {}, strength: 0.7 }],
  text: 'Total 100',
  structure: {
    revisions: [{ number: 1, endOffset: 10, kind: 'original', added: [], changed: [], deleted: [], changedPages: [] }],
    pageSizes: [{ width: 612, height: 792 }],
  },
  timings: {},
};

function fakeDeps(): DashboardDeps {
  const keys: Array<KeyRecord> = [];
  return {
    authenticate: (raw) => (KEYS[raw] ? { role: KEYS[raw] } : null),
    getCheck: (id) => (id === check.id ? check : null),
    getAnalysis: (id) => (id === check.id ? analysis : null),
    getFile: (id) => (id === check.id ? { bytes: new TextEncoder().encode('%PDF-1.7 fake'), mime_type: 'application/pdf' } : null),
    recentScores: (limit) => [{ id: 'dc_1', created_at: check.created_at, risk_score: 70, decision: 'suspicious' }].slice(0, limit),
    keys: {
      create: ({ role, name }) => {
        const rec = { id: `key_${keys.length + 1}`, name, role, created_at: 'now' };
        keys.push(rec);
        return { ...rec, key: 'vk_live_' + 'x'.repeat(32) };
      },
      list: () => keys,
      revoke: (id) => keys.some((k) => k.id === id),
    },
    webhookSecret: () => 'whsec_test',
    // In-thread: these conditions are benign; the sandbox itself is tested in test/service.
    conditions: { evaluate: async (conditions, ctx) => conditions.map((condition) => evaluateRule({ condition }, ctx)), close: async () => {} },
    dataDir: '/tmp/data',
  };
}

let server: Server;
let base = '';
beforeAll(async () => {
  const app = express();
  app.use('/dashboard/v1', dashboardRouter(fakeDeps()));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dashboard/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const call = (path: string, key: string | null, init: RequestInit = {}) =>
  fetch(base + path, {
    ...init,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });

describe('dashboard router', () => {
  it('refuses missing keys with the v1 error envelope', async () => {
    const res = await call('/checks/dc_1/analysis', null);
    expect(res.status).toBe(401);
    expect((await res.json()).error.type).toBe('authentication_error');
    expect((await call('/checks/dc_1/analysis', 'nope')).status).toBe(401);
  });

  it('serves the original bytes and the structural analysis to viewers', async () => {
    const file = await call('/checks/dc_1/file', 'k_viewer');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(await file.text()).toBe('%PDF-1.7 fake');
    const a = await (await call('/checks/dc_1/analysis', 'k_viewer')).json();
    expect(a.revisions).toHaveLength(1);
    expect(a.page_sizes[0]).toEqual({ width: 612, height: 792 });
    expect((await call('/checks/dc_nope/analysis', 'k_viewer')).status).toBe(404);
    expect((await call('/checks/dc_nope/file', 'k_viewer')).status).toBe(404);
  });

  it('previews a CEL condition against a stored check, reporting compile errors as invalid_condition', async () => {
    const ok = await call('/rules/preview', 'k_viewer', {
      method: 'POST',
      body: JSON.stringify({ check_id: 'dc_1', condition: '"incremental_edit" in flag_codes && extracted.issuer == "ACME"' }),
    });
    const body = await ok.json();
    expect(ok.status).toBe(200);
    expect(body.matched).toBe(true);
    expect(body.reasoning).toContain('ACME');
    expect(body.risk_score).toBeGreaterThan(0);

    const miss = await (await call('/rules/preview', 'k_viewer', { method: 'POST', body: JSON.stringify({ check_id: 'dc_1', condition: 'risk_score > 99' }) })).json();
    expect(miss.matched).toBe(false);

    const bad = await call('/rules/preview', 'k_viewer', { method: 'POST', body: JSON.stringify({ check_id: 'dc_1', condition: 'risk_score >' }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('invalid_condition');
  });

  it('guards key management with manage_keys', async () => {
    expect((await call('/keys', 'k_viewer')).status).toBe(403);
    const created = await call('/keys', 'k_owner', { method: 'POST', body: JSON.stringify({ role: 'analyst', name: 'Desk 2' }) });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.key).toMatch(/^vk_live_/);
    expect(body.role).toBe('analyst');
    expect((await call('/keys', 'k_owner', { method: 'POST', body: JSON.stringify({ role: 'god' }) })).status).toBe(400);
    const list = await (await call('/keys', 'k_owner')).json();
    expect(list.data.map((k: KeyRecord) => k.name)).toEqual(['Desk 2']);
    expect((await call(`/keys/${body.id}`, 'k_owner', { method: 'DELETE' })).status).toBe(200);
    expect((await call('/keys/key_404', 'k_owner', { method: 'DELETE' })).status).toBe(404);
    expect((await call('/webhook-secret', 'k_viewer')).status).toBe(403);
    expect((await (await call('/webhook-secret', 'k_owner')).json()).secret).toBe('whsec_test');
  });

  it('exposes the flag catalog, score distribution and about', async () => {
    const catalog = await (await call('/flag-catalog', 'k_viewer')).json();
    expect(catalog.data.find((f: { code: string }) => f.code === 'incremental_edit').title).toBeTruthy();
    const scores = await (await call('/stats/scores?limit=5', 'k_viewer')).json();
    expect(scores.data[0].risk_score).toBe(70);
    const about = await (await call('/about', 'k_viewer')).json();
    expect(about.data_dir).toBe('/tmp/data');
    expect((await call('/nope', 'k_viewer')).status).toBe(404);
  });
});
