import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_KEY, assertWorkerBuilt, makePdf, openTestStore, pdfForm, request, startTestService, tempDir, type TestService } from './helpers.js';

let svc: TestService;
const keys: Record<string, string> = {};
let checkId: string;
let ruleId: string;

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
  for (const role of ['owner', 'admin', 'analyst', 'viewer'] as const) keys[role] = await svc.service.createSessionKey(role, `${role} test`);
  checkId = (await svc.api('/api/v1/document-checks/', { form: pdfForm(await makePdf('auth')) })).body.id;
  ruleId = (await svc.api('/api/v1/rules/', { json: { title: 't', condition: 'true' } })).body.id;
});

afterAll(() => svc?.close());

type Perm = 'view' | 'submit' | 'manage';
const ALLOWED: Record<string, Perm[]> = {
  owner: ['view', 'submit', 'manage'],
  admin: ['view', 'submit', 'manage'],
  analyst: ['view', 'submit'],
  viewer: ['view'],
};

const endpoints = (): Array<{ name: string; perm: Perm; call: (key: string) => Promise<{ status: number; body: any }> }> => [
  { name: 'list checks', perm: 'view', call: (key) => svc.api('/api/v1/document-checks/', { key }) },
  { name: 'get check', perm: 'view', call: (key) => svc.api(`/api/v1/document-checks/${checkId}/`, { key }) },
  { name: 'list rules', perm: 'view', call: (key) => svc.api('/api/v1/rules/', { key }) },
  { name: 'get rule', perm: 'view', call: (key) => svc.api(`/api/v1/rules/${ruleId}/`, { key }) },
  { name: 'get thresholds', perm: 'view', call: (key) => svc.api('/api/v1/thresholds/', { key }) },
  { name: 'get flag settings', perm: 'view', call: (key) => svc.api('/api/v1/flag-settings/', { key }) },
  { name: 'submit', perm: 'submit', call: async (key) => svc.api('/api/v1/document-checks/', { key, form: pdfForm(await makePdf('perm')) }) },
  { name: 'feedback', perm: 'submit', call: (key) => svc.api(`/api/v1/document-checks/${checkId}/feedback/`, { key, json: { rating: 'agree' } }) },
  { name: 'create rule', perm: 'manage', call: (key) => svc.api('/api/v1/rules/', { key, json: { title: 'x', condition: 'false' } }) },
  { name: 'patch rule', perm: 'manage', call: (key) => svc.api(`/api/v1/rules/${ruleId}/`, { key, method: 'PATCH', json: { title: 'y' } }) },
  { name: 'put rule', perm: 'manage', call: (key) => svc.api(`/api/v1/rules/${ruleId}/`, { key, method: 'PUT', json: { title: 'z', condition: 'true' } }) },
  { name: 'patch thresholds', perm: 'manage', call: (key) => svc.api('/api/v1/thresholds/', { key, method: 'PATCH', json: {} }) },
  {
    name: 'patch flag settings',
    perm: 'manage',
    call: (key) => svc.api('/api/v1/flag-settings/', { key, method: 'PATCH', json: { disabled_flag_codes: [] } }),
  },
];

describe('roles and permissions', () => {
  it('grants exactly the DECISIONS permissions per role (403 permission_error otherwise)', async () => {
    for (const [role, allowed] of Object.entries(ALLOWED)) {
      for (const ep of endpoints()) {
        const res = await ep.call(keys[role]);
        if (allowed.includes(ep.perm)) {
          expect(res.status, `${role} ${ep.name}`).toBeLessThan(300);
        } else {
          expect(res.status, `${role} ${ep.name}`).toBe(403);
          expect(res.body.error.type).toBe('permission_error');
        }
      }
    }
  });

  it('deleting a rule needs manage_documents', async () => {
    const rule = (await svc.api('/api/v1/rules/', { json: { title: 'del', condition: 'true' } })).body.id;
    expect((await svc.api(`/api/v1/rules/${rule}/`, { method: 'DELETE', key: keys.analyst })).status).toBe(403);
    expect((await svc.api(`/api/v1/rules/${rule}/`, { method: 'DELETE', key: keys.admin })).status).toBe(200);
  });
});

describe('authentication', () => {
  it('401 authentication_error for a missing, malformed, unknown or non-bearer key', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer vk_live_short' },
      { authorization: `Bearer vk_live_${'Z'.repeat(32)}` },
      { authorization: `Basic ${Buffer.from(`${OWNER_KEY}:`).toString('base64')}` },
    ];
    for (const headers of cases) {
      const res = await svc.api('/api/v1/document-checks/', { key: null, headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body.error).toEqual({ type: 'authentication_error', code: expect.any(String), message: expect.any(String) });
    }
  });

  it('accepts the bearer scheme case-insensitively', async () => {
    const res = await svc.api('/api/v1/thresholds/', { key: null, headers: { authorization: `bearer ${OWNER_KEY}` } });
    expect(res.status).toBe(200);
  });

  it('a revoked key is refused', async () => {
    const { key, record } = await svc.service.context.store.keys.create('viewer', 'to revoke');
    expect((await svc.api('/api/v1/thresholds/', { key })).status).toBe(200);
    await svc.service.context.store.keys.revoke(record.id);
    expect((await svc.api('/api/v1/thresholds/', { key })).status).toBe(401);
  });

  it('auth comes before routing and body parsing', async () => {
    expect((await svc.api('/api/v1/no-such-thing', { key: null })).status).toBe(401);
    expect((await svc.api('/api/v1/rules/', { key: null, body: '{bad', headers: { 'content-type': 'application/json' } })).status).toBe(401);
  });

  it('session keys from startService are revoked when the service closes', async () => {
    const other = await startTestService();
    const key = await other.service.createSessionKey('viewer');
    const ids = (await other.service.context.store.keys.list()).map((k) => k.id);
    const dataDir = other.dataDir;
    await other.service.close();
    const store = await openTestStore(dataDir);
    try {
      const sessions = (await store.keys.list()).filter((k) => ids.includes(k.id) && k.name === 'session');
      expect(sessions).toHaveLength(1);
      expect(sessions[0].revoked_at).not.toBeNull();
      expect(await store.keys.authenticate(key)).toBeNull();
    } finally {
      await store.close();
    }
  });
});

describe('VERACITY_BOOTSTRAP_KEY', () => {
  it('registers as owner only while the workspace has no key', async () => {
    const dir = tempDir();
    const store = await openTestStore(dir);
    try {
      expect(await store.keys.bootstrap(OWNER_KEY)).toBe(true);
      expect((await store.keys.authenticate(OWNER_KEY))?.role).toBe('owner');
      const second = `vk_live_${'Q'.repeat(32)}`;
      expect(await store.keys.bootstrap(second)).toBe(false);
      expect(await store.keys.authenticate(second)).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('stores only a hash of keys', async () => {
    const row = await svc.service.context.store.sql.all<Record<string, unknown>>('SELECT * FROM api_keys');
    expect(JSON.stringify(row)).not.toContain(OWNER_KEY);
  });
});

describe('rate limiting', () => {
  it('answers 429 rate_limit_error with Retry-After per key, leaving other keys alone', async () => {
    const limited = await startTestService({ rateLimitPerMinute: 3 });
    try {
      const other = await limited.service.createSessionKey('viewer');
      for (let i = 0; i < 3; i++) expect((await limited.api('/api/v1/thresholds/')).status).toBe(200);
      const res = await limited.api('/api/v1/thresholds/');
      expect(res.status).toBe(429);
      expect(res.body.error).toEqual({ type: 'rate_limit_error', code: 'rate_limit_exceeded', message: expect.any(String) });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await request(limited.url, '/api/v1/thresholds/', { key: other })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
