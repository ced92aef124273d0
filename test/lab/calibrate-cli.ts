/**
 * `npm run calibrate -- collect [--lab DIR] [--real DIR] [--tune-limit N] [--test-limit N] ...`
 *   analyses lab families A and B, a sample of the real genuine tune and test splits and the
 *   shared genuine files once, caching every finding (`.calibration/findings.json`).
 * `npm run calibrate -- fit [--write] [--k 5] [--prior-weight W] ...`
 *   fits per-reason strengths on lab family A + real tune (test/lab/calibrate/fit.ts), prints
 *   out-of-fold and held-out (family B, real test, shared) figures, hand-set against fitted, and
 *   with --write regenerates engine/scoring/calibration.generated.ts and docs/calibration.md.
 *   The table is written empty (hand-set applies) when a held-out figure got worse.
 */
import { Command } from 'commander';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENGINE_VERSION } from '../../engine/index.js';
import { collect, labFiles, readCache, realFiles, sharedGenuineFiles, type Planned } from './calibrate/collect.js';
import { crossValidate, engineScore, figures, type GroupedDoc, type Scored } from './calibrate/evaluate.js';
import { DEFAULT_FIT_PARAMS, fitTable, type FitParams } from './calibrate/fit.js';
import { figureTable, renderDoc, renderGeneratedTs, type FigureRow } from './calibrate/render.js';
import type { CachedDoc } from './calibrate/types.js';
import { defaultLabDir, defaultRealCorpus, repoRoot } from './util/paths.js';

const root = repoRoot();
const defaultCache = () => join(root, '.calibration', 'findings.json');

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

const program = new Command().name('calibrate');

program
  .command('collect')
  .description('analyse the corpora once and cache every finding')
  .option('--cache <file>', 'findings cache', defaultCache())
  .option('--lab <dir>', 'lab corpus (labels.jsonl with family)', defaultLabDir())
  .option('--real <dir>', 'real genuine corpus (MANIFEST.tsv)', process.env.VERACITY_REAL_CORPUS ?? join(root, '.real-corpus'))
  .option('--shared <dir>', 'shared corpus (genuine rows of MANIFEST.tsv)', defaultRealCorpus())
  .option('--no-shared', 'leave out the shared genuine files')
  .option('--tune-limit <n>', 'evenly spaced sample of the real tune split', '500')
  .option('--test-limit <n>', 'evenly spaced sample of the real test split (as eval:real --limit)', '300')
  .option('--only <parts>', 'comma list of: labA, tune, labB, test, shared', 'labA,tune,labB,test,shared')
  .option('--refresh', 'analyse files again even when cached')
  .option('--timeout <ms>', 'per-file analysis time limit', '60000')
  .option('--workers <n>', 'analysis worker threads', '1')
  .option('--now <iso>', 'reference time passed to analyze (default: the clock)')
  .option('--quiet', 'no progress output')
  .action(async (o) => {
    const cacheFile = resolve(o.cache);
    const cache = readCache(cacheFile, ENGINE_VERSION);
    cache.engine_version = ENGINE_VERSION;
    cache.commit = gitCommit();
    const parts = new Set(String(o.only).split(','));
    const planned: Planned[] = [];
    if (parts.has('labA')) planned.push(...labFiles(resolve(o.lab), ['A']));
    if (parts.has('tune')) planned.push(...realFiles(resolve(o.real), 'tune', Number(o.tuneLimit)));
    if (parts.has('labB')) planned.push(...labFiles(resolve(o.lab), ['B']));
    if (parts.has('test')) planned.push(...realFiles(resolve(o.real), 'test', Number(o.testLimit)));
    if (parts.has('shared') && o.shared !== false) planned.push(...sharedGenuineFiles(resolve(o.shared)));
    console.log(`${planned.length} files planned`);
    const analysed = await collect(cacheFile, cache, planned, {
      timeoutMs: Number(o.timeout),
      workers: Number(o.workers),
      now: o.now,
      refresh: o.refresh,
      quiet: o.quiet,
    });
    console.log(`${analysed} analysed; cache ${cacheFile} holds ${Object.keys(cache.docs).length} files`);
  });

const toGrouped = (d: CachedDoc): GroupedDoc => ({ forged: d.label !== 'genuine', real: d.source !== 'lab', group: d.group, findings: d.findings ?? [] });

function scoreAll(docs: readonly CachedDoc[], table: Parameters<typeof engineScore>[1]): Scored[] {
  return docs.map((d) => ({ score: engineScore(d.findings ?? [], table), forged: d.label !== 'genuine' }));
}

function row(name: string, docs: readonly CachedDoc[], table: Parameters<typeof engineScore>[1]): FigureRow {
  return { name, hand: figures(scoreAll(docs, null)), fitted: figures(scoreAll(docs, table)) };
}

/** Held-out figures that must not get worse for the fitted table to be kept. */
function notWorse(r: FigureRow): string[] {
  const worse: string[] = [];
  const h = r.hand;
  const f = r.fitted;
  if (h.detection !== null && f.detection! < h.detection) worse.push(`${r.name}: detection ${h.detection} -> ${f.detection}`);
  if (h.fp_flagged !== null && f.fp_flagged! > h.fp_flagged) worse.push(`${r.name}: genuine susp+ ${h.fp_flagged} -> ${f.fp_flagged}`);
  if (h.fp_not_clear !== null && f.fp_not_clear! > h.fp_not_clear) worse.push(`${r.name}: genuine not clear ${h.fp_not_clear} -> ${f.fp_not_clear}`);
  if (f.fraudulent_genuine > h.fraudulent_genuine) worse.push(`${r.name}: genuine fraudulent ${h.fraudulent_genuine} -> ${f.fraudulent_genuine}`);
  if (h.auc !== null && f.auc! < h.auc - 0.005) worse.push(`${r.name}: AUC ${h.auc} -> ${f.auc}`);
  return worse;
}

program
  .command('fit')
  .description('fit per-reason strengths from the cache; print out-of-fold and held-out figures')
  .option('--cache <files>', 'findings cache(s), comma-separated (collect runs may write separate caches)', defaultCache())
  .option('--k <n>', 'cross-validation folds', '5')
  .option('--prior-weight <n>', 'pseudo-documents of the hand-set strength', String(DEFAULT_FIT_PARAMS.priorWeight))
  .option('--genuine-cap <x>', 'cap for reasons genuine files show', String(DEFAULT_FIT_PARAMS.genuineCap))
  .option('--forged-only-lr <x>', 'LR above which a reason genuine files show is not capped', String(DEFAULT_FIT_PARAMS.forgedOnlyLr))
  .option('--write', 'regenerate engine/scoring/calibration.generated.ts and docs/calibration.md')
  .action((o) => {
    const caches = String(o.cache)
      .split(',')
      .map((f) => readCache(resolve(f), ENGINE_VERSION));
    const cache = { ...caches[0], docs: Object.assign({}, ...caches.map((c) => c.docs)) as (typeof caches)[0]['docs'] };
    const params: FitParams = {
      ...DEFAULT_FIT_PARAMS,
      priorWeight: Number(o.priorWeight),
      genuineCap: Number(o.genuineCap),
      forgedOnlyLr: Number(o.forgedOnlyLr),
    };
    const k = Number(o.k);
    const ok = Object.values(cache.docs).filter((d) => d.status === 'ok');
    const labA = ok.filter((d) => d.source === 'lab' && d.family === 'A');
    const tune = ok.filter((d) => d.source === 'real' && d.split === 'tune');
    const labB = ok.filter((d) => d.source === 'lab' && d.family === 'B');
    const test = ok.filter((d) => d.source === 'real' && d.split === 'test');
    const shared = ok.filter((d) => d.source === 'shared');
    console.log(
      `cache: engine ${cache.engine_version}; lab A ${labA.length}, real tune ${tune.length}, lab B ${labB.length}, real test ${test.length}, shared genuine ${shared.length} (failed: ${Object.values(cache.docs).length - ok.length})`,
    );

    const fitDocs = [...labA, ...tune];
    const cv = crossValidate(fitDocs.map(toGrouped), k, params);
    const pick = (xs: Scored[], pred: (i: number) => boolean) => xs.filter((_, i) => pred(i));
    const cvRows: FigureRow[] = [
      { name: 'lab A (out of fold)', hand: figures(pick(cv.hand, (i) => !cv.real[i])), fitted: figures(pick(cv.fitted, (i) => !cv.real[i])) },
      { name: 'real tune genuine (out of fold)', hand: figures(pick(cv.hand, (i) => cv.real[i])), fitted: figures(pick(cv.fitted, (i) => cv.real[i])) },
      { name: 'lab A + real tune (out of fold)', hand: figures(cv.hand), fitted: figures(cv.fitted) },
    ];
    const fit = fitTable(fitDocs.map(toGrouped), params);
    const heldOut: FigureRow[] = [
      row('lab B (held out)', labB, fit.table),
      row('real test genuine', test, fit.table),
      row('shared genuine', shared, fit.table),
      row('lab B forged vs all held-out genuine', [...labB, ...test, ...shared], fit.table),
      row('lab A (in sample)', labA, fit.table),
    ];
    console.log('\nCross-validated (out of fold)\n' + figureTable(cvRows));
    console.log('\nHeld out\n' + figureTable(heldOut));
    const worse = heldOut.slice(0, 4).flatMap(notWorse);
    const keep = worse.length === 0;
    console.log(keep ? '\nHeld-out figures not worse: the fitted table is kept.' : `\nHeld-out figures worse, table NOT kept:\n  ${worse.join('\n  ')}`);
    const moved = fit.reasons.filter((r) => Math.abs(r.fitted - r.hand) >= 0.05).sort((a, b) => b.fitted - b.hand - (a.fitted - a.hand));
    console.log(`\nReasons moved by 0.05 or more (${moved.length} of ${fit.reasons.length}):`);
    for (const r of moved)
      console.log(
        `  ${r.code.padEnd(52)} f${String(r.forged).padStart(4)} lg${String(r.labGenuine).padStart(4)} rg${String(r.realGenuine).padStart(4)}  LR ${r.lr.toFixed(2).padStart(7)}  ${r.hand.toFixed(2)} -> ${r.fitted.toFixed(2)} (max ${r.max})`,
      );
    if (o.write) {
      writeFileSync(join(root, 'engine', 'scoring', 'calibration.generated.ts'), renderGeneratedTs(fit, keep));
      writeFileSync(
        join(root, 'docs', 'calibration.md'),
        renderDoc(fit, params, cvRows, heldOut, keep, {
          engine: cache.engine_version,
          commit: cache.commit,
          k,
          failed: Object.values(cache.docs).length - ok.length,
        }),
      );
      console.log('\nwrote engine/scoring/calibration.generated.ts and docs/calibration.md');
    }
  });

await program.parseAsync();
