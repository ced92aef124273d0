/**
 * `veracity check FILE|FOLDER...`: analyse documents without a server and print their verdicts, a
 * table (each flag with its top reasons in words) or with --json one document_check per line.
 * Folders are walked. Exit code 1 when any document could not be analysed, 2 when nothing given
 * could be checked (a missing file, an empty folder).
 *
 * Start-up: this module loads only commander and small helpers; the analysis pool is started
 * first, so that its thread loads the engine (the slow part) while this thread loads the rest
 * of the pipeline (check-run.ts) and reads the workspace settings.
 */
import { basename, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { Mode } from '../../../engine/index.js';
import { MODES } from '../../../vocabulary/verdicts.js';
import { takeEarlyRunner } from '../check/early-thread.js';
import { expandInputs } from '../check/inputs.js';
import { checkWithPassword, readPasswordFile, terminalPrompt } from '../check/password.js';
import { errorEnvelope, formatResults, type CheckedFile } from '../check/present.js';
import { UsageError } from '../usage-error.js';
import type { CheckOptions } from './check-run.js';
import { DATA_DIR_HELP, positiveInt } from './options.js';

function mode(value: string): Mode {
  if (!(MODES as readonly string[]).includes(value)) throw new InvalidArgumentError(`mode must be one of ${MODES.join(', ')}.`);
  return value as Mode;
}

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('analyse files (or every PDF, PNG and JPEG in folders) without a server and print their verdicts')
    .argument('<files...>', 'PDF, PNG or JPEG files, or folders to walk')
    .option('--mode <mode>', 'normal, strict or lenient', mode, 'normal' as Mode)
    .option('--json', 'print one document_check JSON object per line (an error envelope for what could not be checked)')
    .option('--data-dir <dir>', `use this workspace's thresholds, flag settings and rules; ${DATA_DIR_HELP}`)
    .option('--workers <n>', 'analysis worker threads', positiveInt('--workers'))
    .option(
      '--password-file <file>',
      'the password of password-protected PDFs, alone on the first line of this file (on a terminal you are asked when a file needs one)',
    )
    .action(async (args: string[], opts: CheckOptions) => runCheckCommand(args, opts));
}

async function runCheckCommand(args: string[], opts: CheckOptions): Promise<void> {
  const password = opts.passwordFile !== undefined ? await readPasswordFile(opts.passwordFile) : undefined;
  const prompt = terminalPrompt();
  const { inputs, problems } = await expandInputs(args);
  for (const p of problems) {
    if (opts.json) process.stdout.write(`${JSON.stringify(errorEnvelope('invalid_request_error', p.code, p.message))}\n`);
    else process.stderr.write(`veracity: ${p.message}\n`);
  }
  if (inputs.length === 0)
    throw new UsageError(problems.length === 1 ? 'nothing to check.' : 'nothing to check: none of the arguments is a document or a folder with documents.');

  // The pool first (its thread loads the engine meanwhile), then the rest of the pipeline. The
  // launcher has usually started its thread already (check/early-thread.ts).
  const workers = Math.min(opts.workers ?? 1, inputs.length);
  const [{ AnalysisRunner }, { DEFAULTS }] = await Promise.all([import('../../service/queue/analysis-runner.js'), import('../../service/defaults.js')]);
  const runner = takeEarlyRunner(workers) ?? new AnalysisRunner({ workers, timeoutMs: DEFAULTS.analysisTimeoutMs });
  runner.warmUp();
  const { checkOne, conditionSandbox, workspaceSettings } = await import('./check-run.js');
  const { startProgress } = await import('../check/progress.js');
  const conditions = conditionSandbox();
  const progress = await startProgress(inputs.length, { stream: process.stderr });
  const results: CheckedFile[] = [];
  const shutdown = async () => {
    await runner.close();
    await conditions.close();
  };
  try {
    const settings = await workspaceSettings(opts.dataDir);
    await Promise.all(
      inputs.map(async ({ path }, i) => {
        try {
          const run = (pw?: string) => checkOne(resolve(path), runner, conditions, opts, settings, pw);
          results[i] = { path, check: await checkWithPassword(run, { filename: basename(path), prompt, ...(password !== undefined ? { password } : {}) }) };
        } catch (err) {
          results[i] = { path, check: null, failure: (err as Error).message };
        }
        progress.advance(results[i].check?.status === 'failed' || !results[i].check);
      }),
    );
  } catch (err) {
    progress.stop();
    await shutdown();
    throw err;
  }
  progress.stop();
  // The verdicts first, then the threads' shutdown: stopping them is not what the user waits for.
  printResults(results, opts);
  await shutdown();
  if (problems.length > 0 || results.some((r) => !r.check || r.check.status === 'failed')) process.exitCode = 1;
}

function printResults(results: CheckedFile[], opts: CheckOptions): void {
  if (opts.json) {
    for (const r of results) {
      const line = r.check ?? errorEnvelope('api_error', 'internal_error', `${r.path}: ${r.failure}`);
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  } else {
    process.stdout.write(`${formatResults(results)}\n`);
  }
}
