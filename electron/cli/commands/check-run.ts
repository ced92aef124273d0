/**
 * The analysis side of `veracity check` (loaded only once the command runs; see check.ts): the
 * service's own analyse -> score -> present steps (service/checks/offline.ts) for files on disk,
 * with the workspace settings of the data folder when one exists (else defaults). Analyses run in
 * the same worker pool as the service, so the time limit and crash isolation are the same.
 */
import type { DocumentCheck } from '../../../contract/check.js';
import type { Mode } from '../../../engine/index.js';
import type { Pipeline } from '../../service/checks/assess.js';
import { checkFileOffline } from '../../service/checks/offline.js';
import { defaultSettings, workspaceSettings as settingsOfStore, type CheckSettings } from '../../service/checks/settings.js';
import { DEFAULTS } from '../../service/defaults.js';
import { ConditionSandbox, type ConditionEvaluator } from '../../service/conditions/condition-sandbox.js';
import type { AnalysisRunner } from '../../service/queue/analysis-runner.js';
import { existingStore } from './workspace.js';

export interface CheckOptions {
  mode: Mode;
  json?: boolean;
  dataDir?: string;
  workers?: number;
  passwordFile?: string;
}

export async function workspaceSettings(dataDir: string | undefined): Promise<CheckSettings> {
  const store = await existingStore({ dataDir });
  if (!store) return defaultSettings();
  try {
    return await settingsOfStore(store);
  } finally {
    await store.close();
  }
}

export function checkOne(
  path: string,
  runner: AnalysisRunner,
  conditions: ConditionEvaluator,
  opts: CheckOptions,
  settings: CheckSettings,
  password?: string,
): Promise<DocumentCheck> {
  const pipeline: Pipeline = { analyser: runner, conditions, limits: { maxPages: DEFAULTS.maxPages, maxMegapixels: DEFAULTS.maxMegapixels } };
  return checkFileOffline(pipeline, settings, path, {
    mode: opts.mode,
    maxBytes: DEFAULTS.maxUploadBytes,
    ...(password !== undefined ? { password } : {}),
  });
}

/** The condition sandbox (a thread, started only if a rule is evaluated). */
export function conditionSandbox(): ConditionSandbox {
  return new ConditionSandbox({ timeoutMs: DEFAULTS.conditionTimeoutMs });
}
