import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererDir } from '../../electron/service/paths.js';
import { OWNER_KEY, makePdf, pdfForm, pollUntilSettled, request, tempDir } from '../service/helpers.js';
import { assertMatchesComponent } from '../support/contract-validator.js';
import { BIN, runCli, serve, type ServeProcess } from './cli-helpers.js';

let dataDir: string;
let server: ServeProcess;
const api = (path: string, init: Parameters<typeof request>[2] = {}) => request(server.url, path, { key: OWNER_KEY, ...init });

beforeAll(async () => {
  if (!existsSync(BIN.replace(/bin\/veracity\.js$/, 'dist/electron/cli/index.js'))) throw new Error('run `npx tsc -p tsconfig.build.json` first');
  dataDir = tempDir('veracity-cli-');
  server = await serve(['--data-dir', dataDir, '--workers', '1'], { VERACITY_BOOTSTRAP_KEY: OWNER_KEY });
});

afterAll(async () => {
  server?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('veracity serve', () => {
  it('prints exactly one line on stdout: listening http://127.0.0.1:PORT', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.stdout()).toBe(`listening ${server.url}\n`);
  });

  it('serves the v1 API with the bootstrap key, and analyses with the real engine', async () => {
    const res = await api('/api/v1/document-checks/?wait=true', { form: pdfForm(await makePdf('Invoice 7 Total 10.00'), {}, 'real.pdf') });
    expect(res.status).toBe(201);
    const done = await pollUntilSettled({ api }, res.body.id, 60_000);
    expect(done.status).toBe('completed');
    expect(done.document).toMatchObject({ pages: 1, mime_type: 'application/pdf', format: expect.any(String) });
    expect(['clear', 'pending', 'suspicious', 'fraudulent']).toContain(done.decision);
  });

  it('serves the built renderer at / without auth when it exists', async () => {
    const res = await request(server.url, '/');
    if (existsSync(join(rendererDir(), 'index.html'))) {
      expect(res.status).toBe(200);
      expect(String(res.body)).toContain('<');
    } else {
      expect(res.status).toBe(404);
    }
  });

  it('keys create prints the key alone on the last line; it works, lists, and revokes', async () => {
    const created = await runCli(['keys', 'create', '--role', 'viewer', '--name', 'ci', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^vk_live_[0-9A-Za-z]{32}$/);
    expect((await api('/api/v1/thresholds/', { key })).status).toBe(200);
    expect((await api('/api/v1/rules/', { key, json: { title: 'x', condition: 'true' } })).status).toBe(403);

    const listed = await runCli(['keys', 'list', '--data-dir', dataDir, '--json']);
    const entry = (JSON.parse(listed.stdout) as Array<{ id: string; name: string; role: string }>).find((k) => k.name === 'ci')!;
    expect(entry.role).toBe('viewer');
    expect(listed.stdout).not.toContain(key);
    const table = await runCli(['keys', 'list', '--data-dir', dataDir]);
    expect(table.stdout).toContain(entry.id);

    const revoked = await runCli(['keys', 'revoke', entry.id, '--data-dir', dataDir]);
    expect(revoked.code).toBe(0);
    expect((await api('/api/v1/thresholds/', { key })).status).toBe(401);
    expect((await runCli(['keys', 'revoke', 'key_nope', '--data-dir', dataDir])).code).not.toBe(0);
  });

  it('keys create refuses an unknown role', async () => {
    const res = await runCli(['keys', 'create', '--role', 'god', '--data-dir', dataDir]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('role');
  });

  it('webhook-secret prints the same secret every time', async () => {
    const a = await runCli(['webhook-secret', '--data-dir', dataDir]);
    const b = await runCli(['webhook-secret', '--data-dir', dataDir]);
    expect(a.stdout.trim()).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(b.stdout).toBe(a.stdout);
  });

  it('stops cleanly on SIGTERM', async () => {
    const dir = tempDir('veracity-cli-');
    const other = await serve(['--data-dir', dir]);
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('veracity check', () => {
  it('prints one document_check JSON per line with --json, using the workspace settings', async () => {
    await api('/api/v1/thresholds/', { method: 'PATCH', json: { pending_below: 30, suspicious_below: 50, fraudulent_below: 70 } });
    const dir = tempDir('veracity-check-');
    const a = join(dir, 'a.pdf');
    const b = join(dir, 'notes.pdf');
    writeFileSync(a, await makePdf('Receipt 12.50'));
    writeFileSync(b, 'just text');
    const res = await runCli(['check', a, b, '--json', '--data-dir', dataDir]);
    const lines = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    // The same document_check as the API's (one presenter), checked against the OpenAPI document.
    for (const line of lines) assertMatchesComponent('DocumentCheck', line);
    expect(lines[0]).toMatchObject({ object: 'document_check', status: 'completed', document: { filename: 'a.pdf' }, thresholds: { pending_below: 30 } });
    expect(lines[1]).toMatchObject({ status: 'failed', error: { code: 'unsupported_document' } });
    expect(res.code).toBe(1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a table by default and exits 0 when every file was analysed', async () => {
    const dir = tempDir('veracity-check-');
    const a = join(dir, 'one.pdf');
    writeFileSync(a, await makePdf('Payslip March'));
    const res = await runCli(['check', a, '--mode', 'strict', '--data-dir', join(dir, 'no-workspace')]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/FILE\s+DECISION\s+SCORE/);
    expect(res.stdout).toContain('one.pdf');
    expect(existsSync(join(dir, 'no-workspace'))).toBe(false);
    expect(readFileSync(a).length).toBeGreaterThan(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('rejects an unknown mode', async () => {
    const res = await runCli(['check', 'x.pdf', '--mode', 'wild']);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('mode');
  });
});
