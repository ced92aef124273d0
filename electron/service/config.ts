/**
 * Service settings: explicit options win, then VERACITY_* environment variables, then defaults
 * (DECISIONS "Limits"). Environment knobs exist so a spawned `veracity serve` can be tuned by
 * scripts and tests without new CLI flags.
 */
import type { Logger } from 'pino';
import { applyPolicy, type LoadedPolicy } from './policy.js';
import { DEFAULTS } from './defaults.js';

// In their own module so that `veracity check` reads them without loading the policy reader (zod).
export { DEFAULTS, DEFAULT_RETRY_DELAYS_MS } from './defaults.js';

export interface ServiceConfig {
  dataDir: string;
  /**
   * A team server's database (`postgresql://…`, issue 13); absent: SQLite in the data folder.
   * The data folder still holds this node's lock, temp files and service.json.
   */
  database?: string;
  /** Stored files (a folder every node mounts); default `<dataDir>/uploads`. */
  filesDir?: string;
  host: string;
  port: number;
  /** Analysis worker threads; default cores - 1 (min 1). 0 (PostgreSQL only): this process analyses nothing, `veracity worker`s do. */
  workers?: number;
  /** Team server: how often expired jobs (a killed worker's) are looked for, in seconds (default 30). */
  queueMaintenanceSeconds?: number;
  /** Team server: a job expires this long after the per-document time limit (default 60 s). */
  jobGraceMs?: number;
  /** First wait before storing a check's outcome again after the disk refused it (default 1 s, doubling to 30 s). */
  storageRetryMs?: number;
  maxUploadBytes: number;
  maxPages: number;
  maxMegapixels: number;
  analysisTimeoutMs: number;
  /** How long `?wait=true` blocks (SPEC: up to 55 s). */
  waitTimeoutMs: number;
  /** Requests per minute per API key; 0 disables limiting. */
  rateLimitPerMinute: number;
  /** Whether `url` and `webhook_url` may point at loopback/private addresses (DECISIONS: yes by default). */
  allowPrivateUrls: boolean;
  urlFetchTimeoutMs: number;
  urlMaxRedirects: number;
  webhookRetryDelaysMs: readonly number[];
  webhookTimeoutMs: number;
  /** Host names besides the bound address, localhost and 127.0.0.1 that requests may use. */
  allowedHosts: readonly string[];
  /** Deadline for one rule condition, evaluated on the sandbox thread. */
  conditionTimeoutMs: number;
  /** False when the machine policy turns webhooks off: submissions naming a webhook_url are refused. */
  webhooksEnabled: boolean;
  /** When `port` is taken, listen on a free one instead of failing (the desktop app's 8410). */
  portFallback?: boolean;
  /** Retention values the machine policy pins (they win over the workspace's own). */
  retentionPin?: { delete_files_after_days?: number | null; delete_checks_after_days?: number | null };
  /** The machine policy as read at start (path, pinned settings, why it was refused). */
  policy?: LoadedPolicy;
  /** Registered as owner when the workspace has no key yet. */
  bootstrapKey?: string;
  /** Folder served at `/` (the built renderer); false to serve nothing. Default dist/renderer if built. */
  rendererDir?: string | false;
  /** Compiled analysis worker; tests swap in fakes. */
  workerFile?: string;
  logger?: Logger;
}

export type ServiceOptions = Partial<ServiceConfig> & { dataDir: string };

function num(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got '${raw}'`);
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got '${raw}'`);
}

/** Settings read from the environment (documented in docs/api.md). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<ServiceConfig> {
  const delays = env.VERACITY_WEBHOOK_RETRY_DELAYS_MS;
  const out: Partial<ServiceConfig> = {
    maxUploadBytes: num(env, 'VERACITY_MAX_UPLOAD_BYTES'),
    maxPages: num(env, 'VERACITY_MAX_PAGES'),
    maxMegapixels: num(env, 'VERACITY_MAX_MEGAPIXELS'),
    analysisTimeoutMs: num(env, 'VERACITY_ANALYSIS_TIMEOUT_MS'),
    waitTimeoutMs: num(env, 'VERACITY_WAIT_TIMEOUT_MS'),
    rateLimitPerMinute: num(env, 'VERACITY_RATE_LIMIT_PER_MINUTE'),
    allowPrivateUrls: bool(env, 'VERACITY_ALLOW_PRIVATE_URLS'),
    webhooksEnabled: bool(env, 'VERACITY_WEBHOOKS_ENABLED'),
    webhookTimeoutMs: num(env, 'VERACITY_WEBHOOK_TIMEOUT_MS'),
    conditionTimeoutMs: num(env, 'VERACITY_CONDITION_TIMEOUT_MS'),
    queueMaintenanceSeconds: num(env, 'VERACITY_QUEUE_MAINTENANCE_SECONDS'),
    jobGraceMs: num(env, 'VERACITY_JOB_GRACE_MS'),
    storageRetryMs: num(env, 'VERACITY_STORAGE_RETRY_MS'),
    webhookRetryDelaysMs: delays
      ? delays.split(',').map((d) => {
          const ms = Number(d.trim());
          if (!Number.isFinite(ms) || ms < 0) throw new Error(`VERACITY_WEBHOOK_RETRY_DELAYS_MS must be comma-separated milliseconds, got '${delays}'`);
          return ms;
        })
      : undefined,
    bootstrapKey: env.VERACITY_BOOTSTRAP_KEY || undefined,
    database: env.VERACITY_DATABASE_URL || undefined,
    allowedHosts: env.VERACITY_ALLOWED_HOSTS
      ? env.VERACITY_ALLOWED_HOSTS.split(',')
          .map((h) => h.trim())
          .filter(Boolean)
      : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Partial<ServiceConfig>;
}

/**
 * Defaults, then the environment, then explicit options; a machine policy (when given) pins its
 * settings over all three.
 */
export function resolveConfig(options: ServiceOptions, env: NodeJS.ProcessEnv = process.env, policy?: LoadedPolicy): ServiceConfig {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const config = { ...DEFAULTS, ...configFromEnv(env), ...defined } as ServiceConfig;
  if (!policy) return config;
  const pinned = applyPolicy(config, policy.pinned);
  if (policy.pinned.api_port !== undefined) pinned.portFallback = false;
  return { ...pinned, policy, retentionPin: policy.pinned.retention };
}
