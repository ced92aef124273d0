/**
 * `npm run eval [-- --corpus DIR] [--json FILE] [--real DIR | --no-real] [--timeout MS] [--workers N]`
 * Runs the engine over a labelled corpus (default: the lab in .lab/full, generated when
 * missing) and over the unlabelled real-world corpus (default ../shared/corpus), and prints
 * the metrics as tables; --json writes the same numbers as JSON.
 */
import { Command } from 'commander';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ENGINE_VERSION } from '../../engine/index.js';
import { DEFAULT_SEED } from './generate.js';
import { generateLab } from './generate-cli.js';
import { readLabels } from './labels.js';
import { summarizeLabelled, type LabelledReport } from './eval/labelled.js';
import { listDocuments, readManifest, summarizeReal, type RealReport } from './eval/real.js';
import { renderLabelled, renderReal } from './eval/report-text.js';
import type { Outcome } from './eval/outcome.js';
import { runAnalyses } from './eval/runner.js';
import { defaultLabDir, defaultRealCorpus } from './util/paths.js';

interface Options {
  corpus?: string;
  json?: string;
  real: string | false;
  timeout: string;
  workers: string;
  now?: string;
  quiet?: boolean;
}

/** A progress counter on a terminal; every 50 files when stderr is a log. */
function progress(name: string, quiet?: boolean) {
  return (_o: unknown, done: number, total: number) => {
    if (quiet) return;
    if (process.stderr.isTTY) process.stderr.write(`\r  ${name}: ${done}/${total}${done === total ? '\n' : ''}`);
    else if (done % 50 === 0 || done === total) process.stderr.write(`  ${name}: ${done}/${total}\n`);
  };
}

async function main(): Promise<void> {
  const o = new Command()
    .name('eval')
    .option('--corpus <dir>', 'labelled corpus (folder with labels.jsonl); default: the lab, generated if missing')
    .option('--json <file>', 'also write the report as JSON')
    .option('--real <dir>', 'unlabelled real-world corpus', defaultRealCorpus())
    .option('--no-real', 'skip the real-world corpus')
    .option('--timeout <ms>', 'per-file analysis time limit', '60000')
    .option('--workers <n>', 'analysis worker threads', '1')
    .option('--now <iso>', 'reference time passed to analyze (default: the clock)')
    .option('--quiet', 'no progress output')
    .parse()
    .opts<Options>();

  const runOpts = { timeoutMs: Number(o.timeout), workers: Number(o.workers), now: o.now };
  // The JSON also carries every per-file outcome, so a regression can be traced to its files.
  const report: { engine_version: string; labelled?: LabelledReport; real?: RealReport; labelled_outcomes?: Outcome[]; real_outcomes?: Outcome[] } = {
    engine_version: ENGINE_VERSION,
  };

  const corpus = resolve(o.corpus ?? defaultLabDir());
  if (!existsSync(join(corpus, 'labels.jsonl'))) {
    if (o.corpus) throw new Error(`${corpus} has no labels.jsonl`);
    console.error(`No lab at ${corpus}: generating the full set first (npm run lab).`);
    await generateLab(corpus, 'full', DEFAULT_SEED, { quiet: o.quiet });
  }
  const labels = readLabels(join(corpus, 'labels.jsonl'));
  const outcomes = await runAnalyses(
    labels.map((l) => [join(corpus, l.file), l.file] as [string, string]),
    { ...runOpts, onResult: progress('labelled', o.quiet) },
  );
  report.labelled = summarizeLabelled(corpus, labels, outcomes);
  report.labelled_outcomes = outcomes;
  console.log(`engine ${ENGINE_VERSION}\n`);
  console.log(renderLabelled(report.labelled));

  if (o.real !== false) {
    const dir = resolve(o.real);
    if (!existsSync(dir)) {
      console.log(`\nReal-world corpus ${dir} not found: skipped.`);
    } else {
      const files = listDocuments(dir);
      const realOutcomes = await runAnalyses(
        files.map((f) => [join(dir, f), f] as [string, string]),
        { ...runOpts, onResult: progress('real', o.quiet) },
      );
      report.real = summarizeReal(dir, realOutcomes, readManifest(dir));
      report.real_outcomes = realOutcomes;
      console.log('\n' + renderReal(report.real));
    }
  }

  if (o.json) {
    await mkdir(dirname(resolve(o.json)), { recursive: true });
    await writeFile(resolve(o.json), JSON.stringify(report, null, 2) + '\n');
    console.log(`\nJSON report: ${resolve(o.json)}`);
  }
}

await main();
