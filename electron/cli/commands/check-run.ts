/**
 * The analysis pipeline of `veracity check` (loaded only once the command runs; see check.ts):
 * analyse files without a server, with the workspace settings of the data folder when one exists
 * (else defaults). Analyses run in the same worker pool as the service, so the time limit and
 * crash isolation are the same.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../../../engine/scoring/bands.js';
import { sniffMime } from '../../../engine/sniff.js';
import type { Mode } from '../../../engine/types.js';
import { ENGINE_VERSION } from '../../../engine/version.js';
import { renderCheck, type DocumentCheckJson } from '../../service/api/document-check.js';
import { DEFAULTS } from '../../service/config.js';
import { ConditionSandbox, type ConditionEvaluator } from '../../service/conditions/condition-sandbox.js';
import { AnalysisRunner } from '../../service/queue/analysis-runner.js';
import { scoreCheck } from '../../service/queue/score-check.js';
import type { CheckRecord, SettingsSnapshot } from '../../service/store/checks.js';
import { newCheckId, nowIso } from '../../service/store/ids.js';
import { toRuleInput } from '../../service/store/rules.js';
import { existingStore } from './workspace.js';

export interface CheckOptions {
  mode: Mode;
  json?: boolean;
  dataDir?: string;
  workers?: number;
}

export function workspaceSettings(dataDir: string | undefined): { thresholds: Thresholds; snapshot: SettingsSnapshot } {
  const store = existingStore(dataDir);
  if (!store) return { thresholds: { ...DEFAULT_THRESHOLDS }, snapshot: { disabled_flag_codes: [], rules: [] } };
  try {
    const t = store.settings.thresholds();
    return {
      thresholds: { pending_below: t.pending_below, suspicious_below: t.suspicious_below, fraudulent_below: t.fraudulent_below },
      snapshot: { disabled_flag_codes: store.settings.flagSettings().disabled_flag_codes, rules: store.rules.active().map(toRuleInput) },
    };
  } finally {
    store.close();
  }
}

export async function checkOne(path: string, runner: AnalysisRunner, conditions: ConditionEvaluator, opts: CheckOptions, settings: ReturnType<typeof workspaceSettings>): Promise<DocumentCheckJson> {
  const filename = basename(path);
  const base = { id: newCheckId(), created_at: nowIso(), filename, mode: opts.mode, engine_version: ENGINE_VERSION, thresholds: settings.thresholds };
  const failed = (size: number, sha256: string, mime: CheckRecord['mime_type'], code: string, message: string): DocumentCheckJson =>
    renderCheck({
      ...base,
      status: 'failed',
      mime_type: mime,
      size_bytes: size,
      sha256,
      pages: null,
      format: null,
      verdict: null,
      extracted: null,
      error: { type: 'api_error', code, message },
      webhook_url: null,
      override_decision: null,
      completed_at: nowIso(),
    });

  const info = await stat(path);
  if (info.size > DEFAULTS.maxUploadBytes) return failed(info.size, '', 'application/pdf', 'file_too_large', 'The file is larger than the 50 MiB limit.');
  const bytes = await readFile(path);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const mime = sniffMime(bytes);
  if (!mime) return failed(bytes.length, sha256, 'application/pdf', 'unsupported_document', 'The file is not a PDF, PNG or JPEG (judged by its content, not its name).');
  const outcome = await runner.run({ path, filename, maxPages: DEFAULTS.maxPages, maxMegapixels: DEFAULTS.maxMegapixels });
  if (!outcome.ok) return failed(bytes.length, sha256, mime, outcome.code, outcome.message);
  const { verdict } = await scoreCheck(outcome.analysis, { mode: opts.mode, thresholds: settings.thresholds, snapshot: settings.snapshot }, conditions);
  return renderCheck({
    ...base,
    engine_version: outcome.analysis.engineVersion,
    status: 'completed',
    mime_type: mime,
    size_bytes: bytes.length,
    sha256,
    pages: outcome.analysis.document.pages,
    format: outcome.analysis.document.format,
    verdict,
    extracted: outcome.analysis.extracted,
    error: null,
    webhook_url: null,
    override_decision: null,
    completed_at: nowIso(),
  });
}

export type WorkspaceSettings = ReturnType<typeof workspaceSettings>;

/** The condition sandbox (a thread, started only if a rule is evaluated). */
export function conditionSandbox(): ConditionSandbox {
  return new ConditionSandbox({ timeoutMs: DEFAULTS.conditionTimeoutMs });
}
