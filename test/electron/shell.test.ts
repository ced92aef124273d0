import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentsInArgv } from '../../electron/main/open-with.js';
import { CONTENT_SECURITY_POLICY, isAllowedNavigation } from '../../electron/main/security.js';
import { IPC_OPEN_DIALOG, IPC_SESSION, runShell } from '../../electron/main/shell.js';
import { FakePlatform, fakeService } from './fake-platform.js';

const files = new Set(['/docs/a.pdf', '/docs/b.JPG', '/docs/c.png', '/docs/notes.txt']);
const isFile = (p: string) => files.has(p);

/** A fetch that accepts submissions and records them. */
function recordingFetch(submitted: Array<{ url: string; auth: string | null; name: string }>) {
  let n = 0;
  return (async (url: string | URL | Request, init?: RequestInit) => {
    const form = init?.body as FormData;
    const file = form.get('file') as File;
    submitted.push({ url: String(url), auth: new Headers(init?.headers).get('authorization'), name: file.name });
    return new Response(JSON.stringify({ id: `dc_${++n}`, status: 'processing' }), { status: 201, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

function setup(argv: string[] = ['/opt/Veracity/veracity']) {
  const platform = new FakePlatform();
  const service = fakeService();
  const submitted: Array<{ url: string; auth: string | null; name: string }> = [];
  const starts: Array<Record<string, unknown>> = [];
  const run = () =>
    runShell(
      platform,
      async (opts) => {
        starts.push(opts);
        return service;
      },
      { argv, preloadPath: '/app/preload.cjs', isFile, submit: { readFile: async () => new Uint8Array([37, 80, 68, 70]), fetch: recordingFetch(submitted) } },
    );
  return { platform, service, submitted, starts, run };
}

describe('desktop shell', () => {
  it('quits at once when another instance holds the lock, without starting the service', async () => {
    const { platform, starts, run } = setup();
    platform.lock = false;
    expect(await run()).toBeNull();
    expect(platform.quits).toBe(1);
    expect(starts).toHaveLength(0);
    expect(platform.windows).toHaveLength(0);
  });

  it('starts the service on loopback in the user data folder and opens one hardened window on it', async () => {
    const { platform, starts, run } = setup();
    const shell = await run();
    expect(shell).not.toBeNull();
    expect(starts).toEqual([{ dataDir: '/tmp/veracity-user-data', host: '127.0.0.1', port: 8410, portFallback: true }]);
    expect(platform.windows).toHaveLength(1);
    const win = platform.windows[0];
    expect(win.options.preloadPath).toBe('/app/preload.cjs');
    expect(win.loaded).toEqual(['http://127.0.0.1:4555/']);
    expect(platform.hardened).toEqual({ origin: 'http://127.0.0.1:4555', csp: CONTENT_SECURITY_POLICY });
    expect(win.allow!('http://127.0.0.1:4555/#/rules')).toBe(true);
    expect(win.allow!('https://example.com/')).toBe(false);
    expect(win.allow!('file:///etc/passwd')).toBe(false);
    expect(win.allow!('http://127.0.0.1:4556/')).toBe(false);
  });

  it('hands the page its base URL and session key through the preload channel only', async () => {
    const { platform, run } = setup();
    await run();
    expect(platform.syncHandlers.get(IPC_SESSION)!()).toEqual({ baseUrl: 'http://127.0.0.1:4555', sessionKey: 'vk_live_' + 'S'.repeat(32) });
    expect(platform.windows[0].loaded.join(' ')).not.toContain('vk_live_');
  });

  it('submits documents named on the command line and shows the check', async () => {
    const { platform, submitted, run } = setup(['/opt/Veracity/veracity', '--no-sandbox', '/docs/a.pdf', '/docs/notes.txt', '/docs/missing.pdf']);
    await run();
    expect(submitted).toEqual([{ url: 'http://127.0.0.1:4555/api/v1/document-checks/', auth: 'Bearer vk_live_' + 'S'.repeat(32), name: 'a.pdf' }]);
    expect(platform.windows[0].loaded.at(-1)).toBe('http://127.0.0.1:4555/#/checks/dc_1');
  });

  it('handles Open With from a second launch and macOS open-file, focusing the window', async () => {
    const { platform, submitted, run } = setup();
    await run();
    platform.secondInstance!(['/opt/Veracity/veracity', '/docs/b.JPG', '/docs/c.png']);
    await new Promise((r) => setTimeout(r, 10));
    expect(submitted.map((s) => s.name)).toEqual(['b.JPG', 'c.png']);
    expect(platform.windows[0].loaded.at(-1)).toBe('http://127.0.0.1:4555/#/inbox');
    expect(platform.windows[0].focused).toBeGreaterThan(0);
    platform.openFile!('/docs/a.pdf');
    platform.openFile!('/docs/notes.txt');
    await new Promise((r) => setTimeout(r, 10));
    expect(submitted.map((s) => s.name)).toEqual(['b.JPG', 'c.png', 'a.pdf']);
  });

  it('submits what the file dialog returns and reports the new check ids', async () => {
    const { platform, submitted, run } = setup();
    await run();
    platform.dialogResult = ['/docs/a.pdf'];
    expect(await platform.handlers.get(IPC_OPEN_DIALOG)!()).toEqual(['dc_1']);
    expect(submitted).toHaveLength(1);
  });

  it('closes the service before quitting and quits when the window closes', async () => {
    const { platform, service, run } = setup();
    await run();
    platform.allClosed!();
    expect(platform.quits).toBe(1);
    await platform.willQuit!();
    expect(service.closed).toBe(1);
  });

  it('shows an error and quits when the service cannot start', async () => {
    const platform = new FakePlatform();
    const shell = await runShell(
      platform,
      async () => {
        throw new Error('port in use');
      },
      { argv: [], preloadPath: '', isFile },
    );
    expect(shell).toBeNull();
    expect(platform.errors[0].message).toContain('port in use');
    expect(platform.quits).toBe(1);
  });

  it('reports a refused submission instead of failing silently', async () => {
    const platform = new FakePlatform();
    const failing = (async () => new Response(JSON.stringify({ error: { message: 'unsupported_document' } }), { status: 400 })) as typeof fetch;
    await runShell(platform, async () => fakeService(), {
      argv: ['x', '/docs/a.pdf'],
      preloadPath: '',
      isFile,
      submit: { readFile: async () => new Uint8Array(1), fetch: failing },
    });
    expect(platform.errors[0].message).toContain('unsupported_document');
    expect(platform.windows[0].loaded).toEqual(['http://127.0.0.1:4555/']);
  });
});

describe('shell helpers', () => {
  it('finds only existing PDF/PNG/JPG paths in argv', () => {
    expect(documentsInArgv(['exe', '.', '--flag', '/docs/a.pdf', '/docs/notes.txt', '/nope.png'], isFile)).toEqual(['/docs/a.pdf']);
  });

  it('allows navigation only within the service origin', () => {
    expect(isAllowedNavigation('http://127.0.0.1:1/x#y', 'http://127.0.0.1:1')).toBe(true);
    expect(isAllowedNavigation('not a url', 'http://127.0.0.1:1')).toBe(false);
    expect(isAllowedNavigation('http://localhost:1/', 'http://127.0.0.1:1')).toBe(false);
  });

  it('uses the same CSP as the renderer page (minus frame-ancestors, which a meta tag cannot carry)', () => {
    const html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)![1];
    expect(CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", '')).toBe(meta);
  });

  it('keeps electron out of every shell module but the real platform and the entry', () => {
    for (const f of ['shell.ts', 'open-with.ts', 'security.ts', 'platform.ts']) {
      const src = readFileSync(new URL(`../../electron/main/${f}`, import.meta.url), 'utf8');
      expect(src).not.toMatch(/from 'electron'|import\('electron'\)/);
    }
  });
});
