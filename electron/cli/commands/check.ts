/**
 * `veracity check FILE...`: analyse files without a server, with the workspace settings of the
 * data folder when one exists (else defaults). Analyses run in the same worker pool as the
 * service, so the time limit and crash isolation are the same. Prints a table, or one
 * document_check JSON object per line with --json. Exit code 1 when any file could not be analysed.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
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
import { formatTable } from '../table.js';
import { DATA_DIR_HELP, positiveInt } from './options.js';
import { existingStore } from './workspace.js';

interface CheckOptions {
  mode: Mode;
  json?: boolean;
  dataDir?: string;
  workers?: number;
}

const MODES: Mode[] = ['normal', 'strict', 'lenient'];

function mode(value: string): Mode {
  if (!(MODES as string[]).includes(value)) throw new InvalidArgumentError(`mode must be one of ${MODES.join(', ')}.`);
  return value as Mode;
}

function workspaceSettings(dataDir: string | undefined): { thresholds: Thresholds; snapshot: SettingsSnapshot } {
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

async function checkOne(path: string, runner: AnalysisRunner, conditions: ConditionEvaluator, opts: CheckOptions, settings: ReturnType<typeof workspaceSettings>): Promise<DocumentCheckJson> {
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

function tableRow(path: string, c: DocumentCheckJson): string[] {
  if (c.status === 'failed') return [path, 'FAILED', '-', '-', `${c.error?.code}: ${c.error?.message}`];
  return [path, c.decision ?? '-', String(c.risk_score), c.risk_level ?? '-', c.flags.map((f) => f.code).join(', ') || '-'];
}

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('analyse files without a server and print their verdicts')
    .argument('<files...>', 'PDF, PNG or JPEG files')
    .option('--mode <mode>', 'normal, strict or lenient', mode, 'normal' as Mode)
    .option('--json', 'print one document_check JSON object per line')
    .option('--data-dir <dir>', `use this workspace's thresholds, flag settings and rules; ${DATA_DIR_HELP}`)
    .option('--workers <n>', 'analysis worker threads', positiveInt('--workers'))
    .action(async (files: string[], opts: CheckOptions) => {
      const settings = workspaceSettings(opts.dataDir);
      const runner = new AnalysisRunner({ workers: Math.min(opts.workers ?? 1, files.length), timeoutMs: DEFAULTS.analysisTimeoutMs });
      const conditions = new ConditionSandbox({ timeoutMs: DEFAULTS.conditionTimeoutMs });
      const rows: string[][] = [];
      let anyFailed = false;
      try {
        const results = await Promise.all(
          files.map(async (file) => {
            try {
              return await checkOne(resolve(file), runner, conditions, opts, settings);
            } catch (err) {
              process.stderr.write(`veracity: ${file}: ${(err as Error).message}\n`);
              return null;
            }
          }),
        );
        results.forEach((c, i) => {
          if (!c || c.status === 'failed') anyFailed = true;
          if (!c) return;
          if (opts.json) process.stdout.write(`${JSON.stringify(c)}\n`);
          else rows.push(tableRow(files[i], c));
        });
      } finally {
        await runner.close();
        await conditions.close();
      }
      if (!opts.json) process.stdout.write(`${formatTable(['FILE', 'DECISION', 'SCORE', 'RISK', 'FLAGS / ERROR'], rows)}\n`);
      if (anyFailed) process.exitCode = 1;
    });
}
