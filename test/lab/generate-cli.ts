/**
 * `npm run lab [-- --out DIR] [--profile full|quick] [--seed N] [--only id,id] [--concurrency N]`
 * Generates the labelled forgery lab (default: the full set into .lab/full).
 */
import { Command } from 'commander';
import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SEED, generateCorpus, planSamples, type Profile } from './generate.js';
import { defaultLabDir } from './util/paths.js';

export async function generateLab(
  out: string,
  profile: Profile,
  seed: number,
  opts: { only?: string[]; family?: string; concurrency?: number; quiet?: boolean } = {},
): Promise<number> {
  const specs = planSamples(profile, seed, opts.only, opts.family);
  await rm(out, { recursive: true, force: true });
  const started = performance.now();
  const { labels, failures } = await generateCorpus(out, specs, {
    concurrency: opts.concurrency,
    onSample: (done, total, spec, error) => {
      if (error) process.stderr.write(`\n  failed ${spec.technique} seed ${spec.seed}: ${error}\n`);
      if (opts.quiet) return;
      if (process.stderr.isTTY) process.stderr.write(`\r  ${done}/${total} ${spec.technique.padEnd(40)}`);
      else if (done % 50 === 0 || done === total) process.stderr.write(`  ${done}/${total}\n`);
    },
  });
  const byLabel = labels.reduce<Record<string, number>>((acc, l) => ((acc[l.label] = (acc[l.label] ?? 0) + 1), acc), {});
  if (!opts.quiet && process.stderr.isTTY) process.stderr.write('\n');
  console.log(
    `lab: ${labels.length} samples in ${out} (${Object.entries(byLabel)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}), ${failures.length} failed, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return failures.length;
}

async function main(): Promise<void> {
  const program = new Command()
    .name('lab')
    .option('--out <dir>', 'output folder', defaultLabDir())
    .option('--profile <profile>', 'full (>= 300 samples) or quick (one per technique)', 'full')
    .option('--seed <n>', 'base seed', String(DEFAULT_SEED))
    .option('--only <ids>', 'comma-separated technique ids')
    .option(
      '--family <family>',
      'A (the first lab), B (other tools and routes), C (clean-structure forgeries), D (pixel edits by Pillow and GraphicsMagick), H (hostile and deceptive PDFs) or all',
      'all',
    )
    .option('--concurrency <n>', 'samples built at once', '2')
    .parse();
  const o = program.opts<{ out: string; profile: Profile; seed: string; only?: string; family: string; concurrency: string }>();
  const failed = await generateLab(o.out, o.profile, Number(o.seed), { only: o.only?.split(','), family: o.family, concurrency: Number(o.concurrency) });
  process.exitCode = failed ? 1 : 0;
}

// Run only as a script: eval-cli imports generateLab from here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
