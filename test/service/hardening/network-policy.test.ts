/**
 * Regression (hardening issue, item 6): no Host check (DNS rebinding reached the API and the UI),
 * no frame-ancestors, and a private-address list that missed NAT64, IPv4-compatible IPv6,
 * benchmarking and multicast ranges.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../../electron/service/upload/address-policy.js';
import { assertWorkerBuilt, OWNER_KEY, startTestService, type TestService } from '../helpers.js';

function get(base: string, path: string, host: string): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname, headers: { host, authorization: `Bearer ${OWNER_KEY}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text.startsWith('{') ? JSON.parse(text) : text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Host allowlist and framing headers', () => {
  let svc: TestService;
  let port = '';
  beforeAll(async () => {
    assertWorkerBuilt();
    svc = await startTestService({ allowedHosts: ['veracity.internal'] });
    port = new URL(svc.url).port;
  });
  afterAll(() => svc?.close());

  it.each(['evil.example', 'evil.example:PORT', 'localhost:1', '127.0.0.2:PORT'])('refuses Host "%s" with 400 host_not_allowed', async (host) => {
    const res = await get(svc.url, '/api/v1/document-checks/', host.replace('PORT', port));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'host_not_allowed' });
  });

  it('refuses a rebinding name on the polling fast path and on the UI too', async () => {
    const list = await svc.api('/api/v1/document-checks/?limit=1');
    expect(list.status).toBe(200);
    for (const path of ['/api/v1/document-checks/dc_x/', '/', '/dashboard/v1/about']) {
      const res = await get(svc.url, path, `attacker.example:${port}`);
      expect(res.status, path).toBe(400);
    }
  });

  it.each(['127.0.0.1', 'localhost', 'veracity.internal'])('answers Host %s with the bound port', async (name) => {
    const res = await get(svc.url, '/api/v1/document-checks/?limit=1', `${name}:${port}`);
    expect(res.status).toBe(200);
  });

  it('sends the framing and sniffing headers on every response', async () => {
    for (const [path, host] of [
      ['/api/v1/document-checks/', `127.0.0.1:${port}`],
      ['/nope', `127.0.0.1:${port}`],
      ['/api/v1/document-checks/', 'evil.example'],
    ] as const) {
      const res = await get(svc.url, path, host);
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(String(res.headers['content-security-policy']), path).toContain("frame-ancestors 'none'");
    }
  });
});

describe('private address policy', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '198.18.0.1',
    '198.19.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '0.0.0.0',
    '192.0.2.5',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::c0a8:101',
    '2002:7f00:1::',
    '2001:db8::1',
  ])('%s is not public', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::'])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('URL fetch checks the address it connects to', () => {
  it('refuses a name that resolves to loopback inside the connection, and a loopback literal', async () => {
    const { fetchIntoFile, UrlFetchError } = await import('../../../electron/service/upload/fetch-url.js');
    const { UploadStore } = await import('../../../electron/service/store/uploads.js');
    const { tempDir } = await import('../helpers.js');
    const uploads = new UploadStore(null as never, tempDir());
    for (const url of ['http://localhost:9/doc.pdf', 'http://127.0.0.1:9/doc.pdf', 'http://[::1]:9/doc.pdf']) {
      const file = uploads.begin(1024);
      const outcome = fetchIntoFile(url, file, { timeoutMs: 5_000, maxRedirects: 3, maxBytes: 1024, allowPrivate: false });
      await expect(outcome, url).rejects.toBeInstanceOf(UrlFetchError);
      await expect(outcome, url).rejects.toThrow(/loopback or private/);
      await file.discard();
    }
  });

  it('the connection lookup refuses private answers and passes public ones through', async () => {
    const { publicOnlyLookup } = await import('../../../electron/service/upload/pinned-lookup.js');
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (err) => resolve(err)));
    expect(refused?.code).toBe('EPRIVATEADDRESS');
  });
});
