/**
 * DECISIONS "Beyond v1" for IT and local tools: the preferred port with a fallback, service.json
 * while the service runs, and the machine policy (pinned settings win; a malformed file falls back
 * to safe defaults).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPolicy, parsePolicy, policyPath, SAFE_DEFAULTS, type LoadedPolicy } from '../../electron/service/policy.js';
import { readServiceFile, SERVICE_FILE } from '../../electron/service/service-file.js';
import { assertWorkerBuilt, makePdf, pdfForm, startTestService, tempDir, type TestService } from './helpers.js';

assertWorkerBuilt();

const open: Array<TestService | Server> = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    if ('api' in o) await o.close();
    else await new Promise((r) => o.close(r));
  }
});

async function occupyPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  open.push(server);
  return (server.address() as AddressInfo).port;
}

const noPolicy: LoadedPolicy = { path: '/nonexistent/policy.json', pinned: {}, error: null };
const policy = (pinned: LoadedPolicy['pinned'], error: string | null = null): LoadedPolicy => ({ path: '/etc/veracity/policy.json', pinned, error });

describe('preferred port and service.json', () => {
  it('takes the preferred port when free, writes service.json while running and removes it on close', async () => {
    const port = await occupyPort();
    await new Promise((r) => (open.pop() as Server).close(r));
    const t = await startTestService({ port, portFallback: true, machinePolicy: noPolicy });
    expect(t.service.port).toBe(port);
    const info = JSON.parse(readFileSync(join(t.dataDir, SERVICE_FILE), 'utf8'));
    expect(info).toMatchObject({ url: t.url, pid: process.pid });
    expect(typeof info.version).toBe('string');
    expect(Number.isNaN(Date.parse(info.started_at))).toBe(false);
    expect(readServiceFile(t.dataDir)?.url).toBe(t.url);
    await t.service.close();
    expect(existsSync(join(t.dataDir, SERVICE_FILE))).toBe(false);
    rmSync(t.dataDir, { recursive: true, force: true });
  });

  it('falls back to a free port when the preferred one is taken, and says where in service.json', async () => {
    const taken = await occupyPort();
    const t = await startTestService({ port: taken, portFallback: true, machinePolicy: noPolicy });
    open.push(t);
    expect(t.service.port).not.toBe(taken);
    expect(readServiceFile(t.dataDir)?.url).toBe(t.url);
    expect((await t.api('/api/v1/document-checks/')).status).toBe(200);
  });

  it('without fallback (veracity serve --port N), a taken port is an error', async () => {
    const taken = await occupyPort();
    await expect(startTestService({ port: taken, machinePolicy: noPolicy })).rejects.toThrow(/EADDRINUSE/);
  });

  it('ignores a service.json left by a process that is gone', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, SERVICE_FILE),
      JSON.stringify({ url: 'http://127.0.0.1:8410', pid: 2 ** 22 + 12345, version: '0.1.0', started_at: new Date().toISOString() }),
    );
    expect(readServiceFile(dir)).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('machine policy', () => {
  it('is looked for in the per-OS place unless VERACITY_POLICY_FILE says otherwise', () => {
    expect(policyPath('linux', {})).toBe('/etc/veracity/policy.json');
    expect(policyPath('darwin', {})).toBe('/Library/Application Support/Veracity/policy.json');
    expect(policyPath('win32', { ProgramData: 'D:\\PD' })).toMatch(/^D:\\PD.Veracity.policy\.json$/);
    expect(policyPath('linux', { VERACITY_POLICY_FILE: '/tmp/p.json' })).toBe('/tmp/p.json');
  });

  it('no file pins nothing; a malformed or invalid file is refused with the safe defaults', () => {
    expect(loadPolicy('/nonexistent/dir/policy.json')).toEqual({ path: '/nonexistent/dir/policy.json', pinned: {}, error: null });
    expect(parsePolicy('{"api_port": 8410,')).toMatchObject({ pinned: SAFE_DEFAULTS, error: expect.stringMatching(/JSON/) });
    expect(parsePolicy('{"api_port": 99999}')).toMatchObject({ pinned: SAFE_DEFAULTS, error: expect.stringMatching(/^api_port/) });
    expect(parsePolicy('{"data_dir": "relative/path"}')).toMatchObject({ pinned: SAFE_DEFAULTS, error: expect.stringMatching(/absolute/) });
    expect(parsePolicy('{"unknown_setting": true}').error).toMatch(/unrecognized|unknown/i);
    expect(SAFE_DEFAULTS).toEqual({ allow_private_urls: false, webhooks_enabled: false });
  });

  it('pins the data folder and port over the options, and the service reports it in Settings (about)', async () => {
    const pinnedDir = tempDir();
    const port = await occupyPort();
    await new Promise((r) => (open.pop() as Server).close(r));
    const userDir = tempDir();
    const t = await startTestService({ dataDir: userDir, port: 0, portFallback: true, machinePolicy: policy({ data_dir: pinnedDir, api_port: port }) });
    open.push(t);
    expect(t.service.config.dataDir).toBe(pinnedDir);
    expect(t.service.port).toBe(port);
    expect(readServiceFile(pinnedDir)?.url).toBe(t.url);
    const about = await t.api('/dashboard/v1/about');
    expect(about.body).toMatchObject({ data_dir: pinnedDir, api_url: t.url, policy: { pinned: { data_dir: pinnedDir, api_port: port }, error: null } });
  });

  it('a pinned port that is taken is not silently moved', async () => {
    const taken = await occupyPort();
    await expect(startTestService({ portFallback: true, machinePolicy: policy({ api_port: taken }) })).rejects.toThrow(/EADDRINUSE/);
  });

  it('webhooks off: a submission naming a webhook_url is refused, one without is accepted', async () => {
    const t = await startTestService({ machinePolicy: policy({ webhooks_enabled: false }) });
    open.push(t);
    const refused = await t.api('/api/v1/document-checks/', { form: pdfForm(await makePdf(), { webhook_url: 'https://example.com/hook' }) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid' });
    expect(refused.body.error.message).toMatch(/policy/);
    expect((await t.api('/api/v1/document-checks/', { form: pdfForm(await makePdf()) })).status).toBe(201);
  });

  it('a refused policy means private URLs refused and webhooks off, and the error is shown', async () => {
    const broken = { path: '/etc/veracity/policy.json', ...parsePolicy('not json') };
    const t = await startTestService({ machinePolicy: broken });
    open.push(t);
    expect(t.service.config.allowPrivateUrls).toBe(false);
    expect(t.service.config.webhooksEnabled).toBe(false);
    const about = await t.api('/dashboard/v1/about');
    expect(about.body.policy.error).toMatch(/JSON/);
  });

  it('pinned retention wins over the workspace and cannot be changed through the API; rate limit is pinned too', async () => {
    const t = await startTestService({
      rateLimitPerMinute: 0,
      machinePolicy: policy({ retention: { delete_checks_after_days: 30 }, rate_limit_per_minute: 77 }),
    });
    open.push(t);
    expect(t.service.config.rateLimitPerMinute).toBe(77);
    expect((await t.api('/api/v1/retention/')).body).toMatchObject({ delete_checks_after_days: 30, delete_files_after_days: null });
    const pinned = await t.api('/api/v1/retention/', { method: 'PATCH', json: { delete_checks_after_days: 5 } });
    expect(pinned.status).toBe(400);
    expect(pinned.body.error.message).toMatch(/policy/);
    const free = await t.api('/api/v1/retention/', { method: 'PATCH', json: { delete_files_after_days: 10 } });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ delete_checks_after_days: 30, delete_files_after_days: 10 });
  });
});
