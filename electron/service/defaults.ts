/**
 * Service defaults (DECISIONS "Limits"), apart from config.ts so that what only needs the limits
 * (`veracity check`) does not load the machine-policy reader and its schemas at start-up.
 */
/** Delay before webhook retry n (after the first failed attempt): about 1 s, 10 s, 1 min, 10 min, 1 h. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 10_000, 60_000, 600_000, 3_600_000] as const;

export const DEFAULTS = {
  host: '127.0.0.1',
  port: 0,
  maxUploadBytes: 50 * 1024 * 1024,
  maxPages: 500,
  maxMegapixels: 100,
  analysisTimeoutMs: 120_000,
  waitTimeoutMs: 55_000,
  rateLimitPerMinute: 1200,
  allowPrivateUrls: true,
  webhooksEnabled: true,
  urlFetchTimeoutMs: 30_000,
  urlMaxRedirects: 3,
  webhookRetryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
  webhookTimeoutMs: 10_000,
  conditionTimeoutMs: 500,
  allowedHosts: [] as readonly string[],
} as const;
