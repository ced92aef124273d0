/**
 * `npm run eval:realedit [-- --split tune|validate|test|all] [--limit N] [--out DIR] [--workers N]
 *  [--timeout MS] [--now ISO] [--json FILE] [--misses FILE] [--regenerate] [--originals] [--figure bottom|inner]
 *  [--from-json FILE]`
 *
 * Held-out "real-layout edits" (issue 31): the genuine invoices, receipts, statements, payslips
 * and bills of `../shared/corpus-real`, each forged by changing one digit of the figure it states
 * as its bottom line (realedit/make.ts), against its twin that took the same qpdf route. Reports,
 * per split of source repositories (the real corpus's split, same seed), per doc type and per
 * repository: edits caught (suspicious or worse), twins flagged, and for each missed edit
 * whether the arithmetic readers said "not checked" or ran and saw nothing. Nothing is copied
 * into the repository: the files are written under `.lab/realedit/` (git-ignored). Without
 * ../shared or qpdf it prints one line and exits.
 */
import { Command } from 'commander';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { ENGINE_VERSION } from '../../engine/index.js';
import { runAnalyses } from './eval/runner.js';
import { evenSample } from './real-manifest.js';
import { makeRealEdit, type FigureChoice } from './realedit/make.js';
import { renderRealEditReport, renderMisses, type RealEditCase } from './realedit/report.js';
import { realEditSources } from './realedit/select.js';
import { mapPool } from './util/pool.js';
import { defaultPublicRepoCorpus, repoRoot } from './util/paths.js';

interface Options {
  split: string;
  limit?: string;
  out?: string;
  workers: string;
  timeout: string;
  now?: string;
  json?: string;
  misses?: string;
  regenerate?: boolean;
  originals?: boolean;
  fromJson?: string;
  figure: FigureChoice;
}

function has(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

type Made = Omit<RealEditCase, 'twin' | 'edit'>;

async function main(): Promise<void> {
  const o = new Command()
    .name('eval:realedit')
    .option('--split <name>', 'tune | validate | test | all (reported per split either way)', 'all')
    .option('--limit <n>', 'an evenly spaced sample of at most N source documents')
    .option('--figure <which>', 'bottom: the amount due or total first; inner: a subtotal, net or tax line only', 'bottom')
    .option('--out <dir>', 'where the twins and edits are written (default .lab/realedit, .lab/realedit-inner for --figure inner)')
    .option('--workers <n>', 'analysis worker threads', '1')
    .option('--timeout <ms>', 'per-file analysis time limit', '60000')
    .option('--now <iso>', 'reference time passed to analyze (default: the clock)')
    .option('--json <file>', 'also write every case and outcome as JSON')
    .option('--misses <file>', 'also write the missed edits as a Markdown list')
    .option('--originals', 'also analyse the untouched files, to show the qpdf route alone changes no decision')
    .option('--from-json <file>', 'analyse nothing: report on the cases a --json file holds')
    .option('--regenerate', 'make the twins and edits again even when --out holds them')
    .parse()
    .opts<Options>();

  if (o.fromJson) {
    const saved = JSON.parse(readFileSync(resolve(o.fromJson), 'utf8')) as { engine_version: string; cases: RealEditCase[] };
    const cases = saved.cases.filter((c) => o.split === 'all' || c.split === o.split);
    console.log(`engine ${saved.engine_version} (from ${o.fromJson})`);
    console.log(renderRealEditReport(cases));
    if (o.misses)
      await writeFile(resolve(o.misses), renderMisses(cases, `engine ${saved.engine_version}, \`npm run eval:realedit -- --split ${o.split}\``) + '\n');
    return;
  }
  const corpus = defaultPublicRepoCorpus();
  if (!existsSync(join(corpus, 'MANIFEST.tsv'))) return console.log(`Public-repository corpus ${corpus} not found: real-layout edits skipped.`);
  const missing = ['qpdf', 'fix-qdf', 'pdftotext'].filter((t) => !has(t));
  if (missing.length) return console.log(`${missing.join(', ')} not installed: real-layout edits skipped.`);

  const all = realEditSources(corpus).filter((s) => o.split === 'all' || s.split === o.split);
  const sources = evenSample(all, Number(o.limit));
  if (o.figure !== 'bottom' && o.figure !== 'inner') throw new Error(`--figure ${String(o.figure)}: bottom or inner`);
  const out = resolve(o.out ?? join(repoRoot(), '.lab', o.figure === 'inner' ? 'realedit-inner' : 'realedit'));
  const index = join(out, 'cases.json');
  const cached = new Map<string, Made>();
  if (!o.regenerate && existsSync(index)) for (const c of JSON.parse(readFileSync(index, 'utf8')) as Made[]) cached.set(c.name, c);
  console.log(`real-layout edits: ${sources.length} source documents (${cached.size} already made in ${out})`);

  let made = 0;
  const cases: Made[] = await mapPool(sources, 1, async (s): Promise<Made> => {
    const have = cached.get(s.name);
    if (have && (!have.editable || existsSync(join(out, have.dir!, 'edit', basename(s.name))))) return have;
    const base: Made = { name: s.name, repo: s.repo, doc: s.doc, split: s.split, editable: false };
    const r = await makeRealEdit(new Uint8Array(await readFile(s.path)), o.figure);
    if (++made % 20 === 0) process.stderr.write(`  made ${made}\n`);
    if (!r.ok) return { ...base, reason: r.reason, detail: r.detail };
    // Named by the source, so runs of other samples or splits share one folder without clashing.
    const dir = createHash('sha256').update(s.name).digest('hex').slice(0, 12);
    await mkdir(join(out, dir, 'twin'), { recursive: true });
    await mkdir(join(out, dir, 'edit'), { recursive: true });
    await writeFile(join(out, dir, 'twin', basename(s.name)), r.twin);
    await writeFile(join(out, dir, 'edit', basename(s.name)), r.edited);
    return { ...base, editable: true, dir, label: r.target.label, before: r.edit.before, after: r.edit.after, page: r.edit.page + 1 };
  });
  await mkdir(out, { recursive: true });
  await writeFile(index, JSON.stringify([...new Map([...cached, ...cases.map((c) => [c.name, c] as const)]).values()], null, 1) + '\n');

  const editable = cases.filter((c) => c.editable);
  const per = o.originals ? 3 : 2;
  const files: Array<[string, string]> = editable.flatMap((c) => [
    [join(out, c.dir!, 'twin', basename(c.name)), `${c.dir}/twin/${basename(c.name)}`] as [string, string],
    [join(out, c.dir!, 'edit', basename(c.name)), `${c.dir}/edit/${basename(c.name)}`] as [string, string],
    ...(o.originals ? [[join(corpus, c.name), `${c.dir}/original/${basename(c.name)}`] as [string, string]] : []),
  ]);
  const outcomes = await runAnalyses(files, {
    timeoutMs: Number(o.timeout),
    workers: Number(o.workers),
    now: o.now,
    onResult: (_r, done, total) => {
      if (done % 50 === 0 || done === total) process.stderr.write(`  analysed ${done}/${total}\n`);
    },
  });
  const results: RealEditCase[] = cases.map((c) => {
    const k = editable.indexOf(c);
    return k < 0 ? c : { ...c, twin: outcomes[per * k], edit: outcomes[per * k + 1], original: o.originals ? outcomes[per * k + 2] : undefined };
  });
  console.log(`engine ${ENGINE_VERSION}`);
  console.log(renderRealEditReport(results));
  if (o.misses) {
    await writeFile(
      resolve(o.misses),
      renderMisses(results, `engine ${ENGINE_VERSION}, \`npm run eval:realedit -- --split ${o.split} --figure ${o.figure}\``) + '\n',
    );
    console.log(`\nmissed edits: ${resolve(o.misses)}`);
  }
  if (o.json) {
    await mkdir(dirname(resolve(o.json)), { recursive: true });
    await writeFile(resolve(o.json), JSON.stringify({ engine_version: ENGINE_VERSION, cases: results }, null, 1) + '\n');
    console.log(`JSON report: ${resolve(o.json)}`);
  }
}

await main();
