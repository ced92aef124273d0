import { describe, expect, it } from 'vitest';
import { configFromEnv, resolveConfig } from '../../electron/service/config.js';
import { defaultDataDir, resolveDataDir } from '../../electron/service/data-dir.js';

describe('data folder', () => {
  it('uses --data-dir, else VERACITY_DATA_DIR, else the per-user folder', () => {
    expect(resolveDataDir('/x/flag', { VERACITY_DATA_DIR: '/x/env' })).toBe('/x/flag');
    expect(resolveDataDir(undefined, { VERACITY_DATA_DIR: '/x/env' })).toBe('/x/env');
    expect(resolveDataDir(undefined, {})).toBe(defaultDataDir(process.platform, {}));
  });

  it('follows each OS convention', () => {
    expect(defaultDataDir('linux', {}, '/home/u')).toBe('/home/u/.local/share/veracity');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/data' }, '/home/u')).toBe('/data/veracity');
    expect(defaultDataDir('darwin', {}, '/Users/u')).toBe('/Users/u/Library/Application Support/Veracity');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'C:\\Users\\u')).toMatch(/Roaming[\\/]Veracity$/);
  });
});

describe('service configuration', () => {
  it('has the DECISIONS defaults', () => {
    const c = resolveConfig({ dataDir: '/d' }, {});
    expect(c).toMatchObject({
      host: '127.0.0.1',
      maxUploadBytes: 50 * 1024 * 1024,
      maxPages: 500,
      maxMegapixels: 100,
      analysisTimeoutMs: 120_000,
      waitTimeoutMs: 55_000,
    });
    expect(c.webhookRetryDelaysMs).toEqual([1_000, 10_000, 60_000, 600_000, 3_600_000]);
  });

  it('reads VERACITY_* variables; explicit options win', () => {
    const env = { VERACITY_ANALYSIS_TIMEOUT_MS: '5000', VERACITY_WEBHOOK_RETRY_DELAYS_MS: '10, 20', VERACITY_ALLOW_PRIVATE_URLS: 'false' };
    expect(configFromEnv(env)).toEqual({ analysisTimeoutMs: 5000, webhookRetryDelaysMs: [10, 20], allowPrivateUrls: false });
    expect(resolveConfig({ dataDir: '/d', analysisTimeoutMs: 7 }, env).analysisTimeoutMs).toBe(7);
  });

  it('refuses malformed values instead of guessing', () => {
    expect(() => configFromEnv({ VERACITY_MAX_PAGES: 'many' })).toThrow(/VERACITY_MAX_PAGES/);
    expect(() => configFromEnv({ VERACITY_ALLOW_PRIVATE_URLS: 'perhaps' })).toThrow(/VERACITY_ALLOW_PRIVATE_URLS/);
    expect(() => configFromEnv({ VERACITY_WEBHOOK_RETRY_DELAYS_MS: '1,x' })).toThrow(/RETRY/);
  });
});
