/**
 * IT's machine-wide policy (DECISIONS "Beyond v1"): a `policy.json` an administrator places in a
 * folder users cannot write. Pinned settings win over the user's (flags, environment, Settings)
 * and show read-only in the UI. A policy that cannot be read or does not validate is reported and
 * the service starts with the *safe* defaults (private URLs refused, webhooks off): a broken file
 * must never leave a managed machine less restricted than its administrator meant.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';

const days = z.number().int().min(1).nullable();

export const PolicySchema = z
  .object({
    data_dir: z.string().min(1).refine(isAbsolute, 'must be an absolute path'),
    api_port: z.number().int().min(1).max(65535),
    allow_private_urls: z.boolean(),
    webhooks_enabled: z.boolean(),
    retention: z.object({ delete_files_after_days: days, delete_checks_after_days: days }).partial().strict(),
    rate_limit_per_minute: z.number().int().min(0),
  })
  .partial()
  .strict();

export type Policy = z.infer<typeof PolicySchema>;

export interface LoadedPolicy {
  /** Where the policy was looked for. */
  path: string;
  /** The settings it pins ({} when there is no file). */
  pinned: Policy;
  /** Why the file was refused; then `pinned` holds the safe defaults. */
  error: string | null;
}

/** What a refused policy falls back to: the restrictive side of every security setting. */
export const SAFE_DEFAULTS: Policy = { allow_private_urls: false, webhooks_enabled: false };

/** The per-OS location (DECISIONS); `VERACITY_POLICY_FILE` points elsewhere (tests, staging). */
export function policyPath(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  if (env.VERACITY_POLICY_FILE) return env.VERACITY_POLICY_FILE;
  if (platform === 'win32') return join(env.ProgramData || 'C:\\ProgramData', 'Veracity', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/Veracity/policy.json';
  return '/etc/veracity/policy.json';
}

export function parsePolicy(text: string): { pinned: Policy; error: string | null } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { pinned: SAFE_DEFAULTS, error: `not valid JSON: ${(err as Error).message}` };
  }
  const parsed = PolicySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'policy';
    return { pinned: SAFE_DEFAULTS, error: `${where}: ${issue?.message ?? 'invalid'}` };
  }
  return { pinned: parsed.data, error: null };
}

export function loadPolicy(path: string = policyPath()): LoadedPolicy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path, pinned: {}, error: null };
    return { path, pinned: SAFE_DEFAULTS, error: `cannot be read (${code ?? (err as Error).message})` };
  }
  return { path, ...parsePolicy(text) };
}

/** The service settings a policy can pin, in the service's own names. */
export interface PolicyTargets {
  dataDir: string;
  port: number;
  allowPrivateUrls: boolean;
  webhooksEnabled: boolean;
  rateLimitPerMinute: number;
}

/** Pinned values replace the user's; everything else is left as it was. */
export function applyPolicy<T extends PolicyTargets>(config: T, policy: Policy): T {
  return {
    ...config,
    ...(policy.data_dir !== undefined && { dataDir: policy.data_dir }),
    ...(policy.api_port !== undefined && { port: policy.api_port }),
    ...(policy.allow_private_urls !== undefined && { allowPrivateUrls: policy.allow_private_urls }),
    ...(policy.webhooks_enabled !== undefined && { webhooksEnabled: policy.webhooks_enabled }),
    ...(policy.rate_limit_per_minute !== undefined && { rateLimitPerMinute: policy.rate_limit_per_minute }),
  };
}

/** The names of the settings a policy pins, for the UI's read-only marks. */
export function pinnedNames(policy: Policy): string[] {
  return Object.keys(policy).sort();
}
