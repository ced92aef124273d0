/**
 * `veracity check FILE...`: analyse files without a server, with the workspace settings of the
 * data folder when one exists (else defaults). Analyses run in the same worker pool as the
 * service, so the time limit and crash isolation are the same. Prints a table, or one
 * document_check JSON object per line with --json. Exit code 1 when any file could not be analysed.
 */
import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { DocumentCheck } from '../../../contract/check.js';
import type { Mode } from '../../../engine/types.js';
import type { Pipeline } from '../../service/checks/assess.js';
import { checkFileOffline } from '../../service/checks/offline.js';
import { defaultSettings, workspaceSettings, type CheckSettings } from '../../service/checks/settings.js';
import { DEFAULTS } from '../../service/config.js';
import { ConditionSandbox } from '../../service/conditions/condition-sandbox.js';
import { AnalysisRunner } from '../../service/queue/analysis-runner.js';
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

function settingsOf(dataDir: string | undefined): CheckSettings {
  const store = existingStore(dataDir);
  if (!store) return defaultSettings();
  try {
    return workspaceSettings(store);
  } finally {
    store.close();
  }
}

function tableRow(path: string, c: DocumentCheck): string[] {
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
      const settings = settingsOf(opts.dataDir);
      const runner = new AnalysisRunner({ workers: Math.min(opts.workers ?? 1, files.length), timeoutMs: DEFAULTS.analysisTimeoutMs });
      const conditions = new ConditionSandbox({ timeoutMs: DEFAULTS.conditionTimeoutMs });
      const pipeline: Pipeline = { analyser: runner, conditions, limits: { maxPages: DEFAULTS.maxPages, maxMegapixels: DEFAULTS.maxMegapixels } };
      const rows: string[][] = [];
      let anyFailed = false;
      try {
        const results = await Promise.all(
          files.map(async (file) => {
            try {
              return await checkFileOffline(pipeline, settings, resolve(file), { mode: opts.mode, maxBytes: DEFAULTS.maxUploadBytes });
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
