/**
 * `npm run eval:real [-- --split test|tune|validate|all] [--corpus DIR] [--no-shared] [--no-public] [--limit N]
 *  [--family RE] [--worst N] [--json FILE] [--jsonl FILE] [--from-jsonl FILE] [--timeout MS]
 *  [--workers N] [--now ISO]`
 *
 * False alarms on real genuine files (issue 8). Analyses one split of the real-world genuine
 * corpus assembled by `scripts/real-corpus/assemble.mjs` (default `$VERACITY_REAL_CORPUS` or
 * `.real-corpus/`), the same split of the public-repository files of `../shared/corpus-real/`
 * (split by source repository), plus the files that `../shared/corpus/MANIFEST.tsv` calls genuine, and
 * reports the suspicious-or-worse and not-clear rates overall, per producer family and per
 * reason code, and the worst files with their reasons. Any source may be absent: it is
 * skipped with one line.
 */
import { Command } from 'commander';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ENGINE_VERSION } from '../../engine/index.js';
import { isFlagged, isNotClear, type Outcome } from './eval/outcome.js';
import { runAnalyses } from './eval/runner.js';
import { corpusRows, evenSample, noteFields, publicRepoRows, sharedGenuineRows } from './real-manifest.js';
import { defaultPublicRepoCorpus, defaultRealCorpus, repoRoot } from './util/paths.js';
import { familyOf } from './util/producer-family.js';

interface Options {
  split: string;
  corpus?: string;
  shared: boolean;
  public: boolean;
  limit?: string;
  family?: string;
  worst: string;
  json?: string;
  jsonl?: string;
  fromJsonl?: string;
  resume?: boolean;
  timeout: string;
  workers: string;
  now?: string;
  quiet?: boolean;
  producerContext: boolean;
}

export interface RealFile {
  path: string;
  name: string;
  family: string;
  source: string;
}

/** A stable shuffled order (FNV-1a of the name), so that a run stopped early leaves a representative sample. */
function runOrder(files: readonly RealFile[]): RealFile[] {
  const h = (x: string) => {
    let v = 0x811c9dc5;
    for (let i = 0; i < x.length; i++) v = Math.imul(v ^ x.charCodeAt(i), 0x01000193) >>> 0;
    return v;
  };
  return files
    .map((f) => ({ f, k: h(f.name) }))
    .sort((a, b) => a.k - b.k || a.f.name.localeCompare(b.f.name))
    .map((x) => x.f);
}

export function corpusFiles(dir: string, split: string): RealFile[] {
  return corpusRows(dir, split).map((r) => ({ path: join(dir, r.relpath), name: r.relpath, family: r.family || 'none', source: r.package }));
}

/** The public-repository corpus: family from the producer the manifest recorded, split by repository. */
export function publicRepoGenuine(dir: string, split: string): RealFile[] {
  return publicRepoRows(dir, split).map((r) => {
    const notes = noteFields(r.notes);
    const family = r.kind === 'pdf' ? familyOf(notes.producer, notes.creator) : `image-${r.kind}`;
    return { path: join(dir, r.relpath), name: `public/${r.relpath}`, family, source: r.source_repo };
  });
}

export function sharedGenuine(dir: string, split = 'all'): RealFile[] {
  return sharedGenuineRows(dir, split).map((r) => ({
    path: join(dir, r.relpath),
    name: `shared/${r.relpath}`,
    family: `shared:${r.kind}`,
    source: r.source_repo,
  }));
}

const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) + ' %' : '-');

function table(rows: Array<[string, number, number, number]>, head: string): string {
  const w = Math.max(head.length, ...rows.map((r) => r[0].length));
  const out = [`${head.padEnd(w)}  ${'files'.padStart(6)}  ${'susp+'.padStart(13)}  ${'not clear'.padStart(13)}`];
  for (const [k, n, f, nc] of rows)
    out.push(`${k.padEnd(w)}  ${String(n).padStart(6)}  ${`${f} ${pct(f, n)}`.padStart(13)}  ${`${nc} ${pct(nc, n)}`.padStart(13)}`);
  return out.join('\n');
}

export function renderRealEval(files: readonly RealFile[], outcomes: readonly Outcome[], worst: number): string {
  const ok = outcomes.map((o, i) => ({ o, f: files[i] })).filter((x) => x.o.status === 'ok');
  const failed = outcomes.length - ok.length;
  const lines: string[] = [];
  const flagged = ok.filter((x) => isFlagged(x.o)).length;
  const notClear = ok.filter((x) => isNotClear(x.o)).length;
  const fraudulent = ok.filter((x) => x.o.decision === 'fraudulent').length;
  lines.push(`engine ${ENGINE_VERSION}`);
  lines.push(`genuine files analysed: ${ok.length} (${failed} failed: crash/timeout/engine error)`);
  lines.push(`suspicious or worse: ${flagged} (${pct(flagged, ok.length)})   fraudulent: ${fraudulent}   not clear: ${notClear} (${pct(notClear, ok.length)})`);
  const decisions: Record<string, number> = {};
  for (const x of ok) decisions[x.o.decision!] = (decisions[x.o.decision!] ?? 0) + 1;
  lines.push(`decisions: ${JSON.stringify(decisions)}`);

  const byFamily = new Map<string, [number, number, number]>();
  for (const x of ok) {
    const r = byFamily.get(x.f.family) ?? [0, 0, 0];
    r[0]++;
    if (isFlagged(x.o)) r[1]++;
    if (isNotClear(x.o)) r[2]++;
    byFamily.set(x.f.family, r);
  }
  const famRows = [...byFamily].map(([k, r]) => [k, ...r] as [string, number, number, number]).sort((a, b) => b[3] - a[3] || b[2] - a[2] || b[1] - a[1]);
  lines.push(`\nper producer family (${famRows.length} families)`);
  lines.push(table(famRows, 'family'));

  // Per reason code: how many genuine files carry it, and among the not-clear ones.
  const byReason = new Map<string, [number, number, number]>();
  for (const x of ok) {
    for (const code of new Set((x.o.reasons ?? []).map((r) => r.replace(/ \(.*\)$/, '')))) {
      const r = byReason.get(code) ?? [0, 0, 0];
      r[0]++;
      if (isFlagged(x.o)) r[1]++;
      if (isNotClear(x.o)) r[2]++;
      byReason.set(code, r);
    }
  }
  const reasonRows = [...byReason].map(([k, r]) => [k, ...r] as [string, number, number, number]).sort((a, b) => b[3] - a[3] || b[2] - a[2]);
  lines.push(`\nper reason code (files carrying it; of those suspicious+ / not clear)`);
  lines.push(table(reasonRows, 'reason'));

  const worstList = ok
    .filter((x) => isNotClear(x.o))
    .sort((a, b) => b.o.risk_score! - a.o.risk_score!)
    .slice(0, worst);
  lines.push(`\nworst files (${worstList.length} of ${notClear} not clear)`);
  for (const x of worstList)
    lines.push(`${String(x.o.risk_score).padStart(3)} ${x.o.decision!.padEnd(11)} [${x.f.family}] ${x.f.name}\n      ${(x.o.reasons ?? []).join(', ')}`);
  const problems = outcomes.map((o, i) => ({ o, f: files[i] })).filter((x) => x.o.status !== 'ok');
  if (problems.length) {
    lines.push(`\nfailures`);
    for (const x of problems.slice(0, 30)) lines.push(`${x.o.status} ${x.o.error_code ?? ''} ${x.f.name}: ${(x.o.error ?? '').slice(0, 120)}`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const o = new Command()
    .name('eval:real')
    .option('--split <name>', 'tune | validate | test | all', 'test')
    .option('--corpus <dir>', 'real genuine corpus (MANIFEST.tsv from scripts/real-corpus/assemble.mjs)')
    .option('--no-shared', 'leave out the genuine files of ../shared/corpus')
    .option('--no-public', 'leave out the files from public repositories (../shared/corpus-real, split by repository)')
    .option('--limit <n>', 'analyse an evenly spaced sample of at most N corpus files')
    .option('--family <re>', 'only producer families matching this regular expression')
    .option('--worst <n>', 'how many worst files to list', '30')
    .option('--json <file>', 'also write every outcome as JSON')
    .option('--jsonl <file>', 'append each outcome as one JSON line as soon as it is known (a long run stopped early still leaves its results)')
    .option('--resume', 'keep what the --jsonl file already holds and analyse only the files it has no outcome for; the report covers both')
    .option('--from-jsonl <file>', 'analyse nothing: report on the outcomes a --jsonl file holds (a run still going or stopped early)')
    .option('--timeout <ms>', 'per-file analysis time limit', '60000')
    .option('--workers <n>', 'analysis worker threads', '1')
    .option('--now <iso>', 'reference time passed to analyze (default: the clock)')
    .option('--quiet', 'no progress output')
    .option('--no-producer-context', "findings at their detectors' strengths, without producer-family habits (what `npm run producer-rates` measures)")
    .parse()
    .opts<Options>();

  if (o.fromJsonl) {
    const rows = readFileSync(resolve(o.fromJsonl), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Outcome & { family?: string; source?: string });
    const files = rows.map((r) => ({ path: r.file, name: r.file, family: r.family ?? 'none', source: r.source ?? '' }));
    console.log(`${rows.length} outcomes from ${o.fromJsonl}`);
    console.log(renderRealEval(files, rows, Number(o.worst)));
    return;
  }
  const corpus = resolve(o.corpus ?? process.env.VERACITY_REAL_CORPUS ?? join(repoRoot(), '.real-corpus'));
  let files: RealFile[] = [];
  if (existsSync(join(corpus, 'MANIFEST.tsv'))) files = evenSample(corpusFiles(corpus, o.split), Number(o.limit));
  else console.log(`Real corpus ${corpus} not found (node scripts/real-corpus/assemble.mjs builds it): skipped.`);
  if (o.shared) {
    const shared = defaultRealCorpus();
    if (existsSync(join(shared, 'MANIFEST.tsv'))) files.push(...sharedGenuine(shared, o.split));
    else console.log(`Shared corpus ${shared} not found: skipped.`);
  }
  if (o.public) {
    const dir = defaultPublicRepoCorpus();
    if (existsSync(join(dir, 'MANIFEST.tsv'))) files.push(...evenSample(publicRepoGenuine(dir, o.split), Number(o.limit)));
    else console.log(`Public-repository corpus ${dir} not found: skipped.`);
  }
  if (o.family) {
    const re = new RegExp(o.family, 'i');
    files = files.filter((f) => re.test(f.family));
  }
  console.log(`split ${o.split}: ${files.length} genuine files`);
  files = runOrder(files);
  const byName = new Map(files.map((f) => [f.name, f]));
  // A resumed run keeps the outcomes already written (a long run stopped, or the corpus grown).
  const kept = new Map<string, Outcome>();
  if (o.resume && o.jsonl && existsSync(resolve(o.jsonl))) {
    for (const line of readFileSync(resolve(o.jsonl), 'utf8').split('\n').filter(Boolean)) {
      const r = JSON.parse(line) as Outcome;
      if (byName.has(r.file)) kept.set(r.file, r);
    }
    console.log(`resuming: ${kept.size} outcomes kept from ${o.jsonl}`);
  } else if (o.jsonl) writeFileSync(resolve(o.jsonl), '');
  const todo = files.filter((f) => !kept.has(f.name));
  const fresh = await runAnalyses(
    todo.map((f) => [f.path, f.name] as [string, string]),
    {
      timeoutMs: Number(o.timeout),
      workers: Number(o.workers),
      now: o.now,
      producerContext: o.producerContext === false ? false : undefined,
      onResult: (r, done, total) => {
        const f = byName.get(r.file);
        if (o.jsonl) appendFileSync(resolve(o.jsonl), JSON.stringify({ ...r, family: f?.family, source: f?.source }) + '\n');
        if (!o.quiet && (done % 100 === 0 || done === total)) process.stderr.write(`  real: ${done}/${total}\n`);
      },
    },
  );
  const freshByName = new Map(fresh.map((r) => [r.file, r]));
  const outcomes = files.map((f) => kept.get(f.name) ?? freshByName.get(f.name)!);
  console.log(renderRealEval(files, outcomes, Number(o.worst)));
  if (o.json) {
    await mkdir(dirname(resolve(o.json)), { recursive: true });
    await writeFile(
      resolve(o.json),
      JSON.stringify(
        {
          engine_version: ENGINE_VERSION,
          split: o.split,
          outcomes: outcomes.map((x, i) => ({ ...x, file: files[i].name, family: files[i].family, source: files[i].source })),
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`\nJSON report: ${resolve(o.json)}`);
  }
}

await main();
