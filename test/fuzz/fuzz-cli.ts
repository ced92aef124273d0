/**
 * `npm run fuzz [-- --minutes 30] [--iterations N] [--seed S] [--timeout-ms MS] [--no-corpus] [--no-lab]`
 * Mutates real documents through the PDF parser, the image readers and the whole analysis; prints
 * counts and exits 1 when a crash or hang was found (saved under test/fuzz/findings/).
 */
import { Command } from 'commander';
import { fuzz, type FuzzStats } from './runner.js';
import { loadSeeds } from './seeds.js';

interface Options {
  minutes: string;
  iterations?: string;
  seed: string;
  timeoutMs: string;
  ocrEvery: string;
  corpus: boolean;
  lab: boolean;
}

function summary(s: FuzzStats): string {
  const rate = s.inputs / Math.max(1, s.elapsedMs / 1000);
  const refused =
    Object.entries(s.refused)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  const failures =
    Object.entries(s.detectorFailures)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  return [
    `inputs ${s.inputs} in ${(s.elapsedMs / 60_000).toFixed(1)} min (${rate.toFixed(2)}/s)`,
    `analysed ${s.ok}, refused with a named code ${Object.values(s.refused).reduce((a, b) => a + b, 0)} (${refused})`,
    `crashes ${s.problems.filter((p) => p.kind === 'crash').length}, hangs ${s.problems.filter((p) => p.kind === 'hang').length}`,
    `detectors that failed on some input (the analysis went on, marked partial): ${failures}`,
    `late pdf.js rejections absorbed (after their analysis had returned): ${s.lateRejections}`,
    ...s.problems.map((p) => `  ${p.kind}: ${p.file ?? '(not saved)'} from ${p.seed}: ${p.detail.split('\n')[0]}`),
  ].join('\n');
}

const program = new Command()
  .name('fuzz')
  .option('--minutes <n>', 'how long to run', '5')
  .option('--iterations <n>', 'stop after this many inputs')
  .option('--seed <n>', 'base seed (runs are reproducible)', '1')
  .option('--timeout-ms <ms>', 'an input taking longer is a hang', '60000')
  .option('--ocr-every <n>', 'OCR every nth image input', '8')
  .option('--no-corpus', 'leave out ../shared/corpus')
  .option('--no-lab', 'leave out the generated lab (.lab/full)')
  .action(async (opts: Options) => {
    const seeds = await loadSeeds({ corpus: opts.corpus ? undefined : false, lab: opts.lab ? undefined : false });
    process.stderr.write(`fuzzing ${seeds.length} seed documents for ${opts.minutes} min\n`);
    let last = 0;
    const stats = await fuzz({
      seeds,
      seed: Number(opts.seed),
      durationMs: Number(opts.minutes) * 60_000,
      iterations: opts.iterations ? Number(opts.iterations) : undefined,
      timeoutMs: Number(opts.timeoutMs),
      ocrEvery: Math.max(1, Number(opts.ocrEvery)),
      save: true,
      onProgress: (s) => {
        if (s.elapsedMs - last < 60_000) return;
        last = s.elapsedMs;
        process.stderr.write(`  ${s.inputs} inputs, ${s.problems.length} problems\n`);
      },
    });
    process.stdout.write(`${summary(stats)}\n`);
    if (stats.problems.length > 0) process.exitCode = 1;
  });

await program.parseAsync();
