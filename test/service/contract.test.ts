/**
 * The OpenAPI document (contract/): valid OpenAPI 3.1 that lints clean with Redocly, served as
 * generated, covering every route the service answers; and the response validator the other
 * service tests run on every response (helpers.ts) rejects what does not match.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../contract/operations.js';
import { openApiDocument } from '../../contract/openapi.js';
import { serviceVersion } from '../../electron/service/paths.js';
import { assertMatchesContract } from '../support/contract-validator.js';
import { startTestService, type TestService } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc?.close());

describe('the OpenAPI document', () => {
  it('lints clean with Redocly (recommended rules, redocly.yaml)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'veracity-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(openApiDocument(serviceVersion()), null, 2));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const run = spawnSync(process.execPath, [cli, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'stylish'], {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        timeout: 120_000,
      });
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status, output).toBe(0);
      expect(output).not.toMatch(/^\s+\d+:\d+\s+warning\b/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is served at GET /api/v1/openapi.json without a key, as generated', async () => {
    const res = await svc.api('/api/v1/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument(serviceVersion(), svc.url))));
  });

  it('names the running service as its server, not a fixed port', async () => {
    const res = await svc.api('/api/v1/openapi.json', { key: null });
    expect(res.body.servers).toEqual([{ url: svc.url, description: 'This running service.' }]);
  });

  it('gives every error response of every operation the error envelope as its schema', () => {
    type Response = { $ref?: string; content?: Record<string, { schema?: unknown }> };
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
      components: { responses: Record<string, Response> };
    };
    const resolve = (r: Response): Response => (r.$ref ? doc.components.responses[r.$ref.split('/').pop() as string] : r);
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^[45]/.test(status)) continue;
          const schema = resolve(response).content?.['application/json']?.schema as { $ref?: string } | undefined;
          if (schema?.$ref !== '#/components/schemas/Error') missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
    expect(missing).toEqual([]);
  });

  it('GET /api/v1/health/ needs no key', async () => {
    const res = await svc.api('/api/v1/health/', { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'health', status: 'ok', version: serviceVersion() });
  });

  it('lists every route the service answers: each operation reaches its handler', async () => {
    for (const op of OPERATIONS) {
      const path = op.path.replace('{id}', 'does_not_exist');
      const res = await svc.api(path, { method: op.method.toUpperCase(), ...(op.body ? { json: {} } : {}) });
      expect(res.body?.error?.code, `${op.method} ${path}`).not.toBe('route_not_found');
    }
  });
});

describe('the response validator', () => {
  const base = { method: 'GET', url: 'http://127.0.0.1/api/v1/thresholds/', status: 200, contentType: 'application/json' };
  it('accepts a response that matches', () => {
    expect(() =>
      assertMatchesContract({ ...base, body: { object: 'thresholds', pending_below: 40, suspicious_below: 60, fraudulent_below: 80, updated_at: null } }),
    ).not.toThrow();
  });
  it('rejects a missing key, an extra key, a wrong type, an undocumented status or route', () => {
    expect(() => assertMatchesContract({ ...base, body: { object: 'thresholds', pending_below: 40, suspicious_below: 60, updated_at: null } })).toThrow(
      /fraudulent_below/,
    );
    expect(() =>
      assertMatchesContract({
        ...base,
        body: { object: 'thresholds', pending_below: 40, suspicious_below: 60, fraudulent_below: 80, updated_at: null, extra: 1 },
      }),
    ).toThrow(/additional/);
    expect(() =>
      assertMatchesContract({ ...base, body: { object: 'thresholds', pending_below: '40', suspicious_below: 60, fraudulent_below: 80, updated_at: null } }),
    ).toThrow(/pending_below/);
    expect(() => assertMatchesContract({ ...base, status: 201, body: {} })).toThrow(/not documented/);
    expect(() => assertMatchesContract({ ...base, url: 'http://127.0.0.1/api/v1/nothing-here/', body: {} })).toThrow(/does not list/);
    expect(() => assertMatchesContract({ ...base, status: 404, body: { error: { type: 'not_found_error', code: 'not_a_code', message: 'x' } } })).toThrow(
      /code/,
    );
  });
});
