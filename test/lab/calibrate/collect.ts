/**
 * Which files the calibration sees, and the findings cache: every file is analysed once (in the
 * eval's worker pool, with its per-file time limit) and its findings kept as JSON, so refits
 * and before/after figures are instant. Files already in the cache are not analysed again
 * unless `refresh` is set.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { corpusRows, evenSample, sharedGenuineRows } from '../real-manifest.js';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readLabels } from '../labels.js';
import { runAnalyses } from '../eval/runner.js';
import { foldOf } from './evaluate.js';
import type { CachedDoc, CachedFinding, FindingsCache } from './types.js';

export interface Planned {
  doc: Omit<CachedDoc, 'status' | 'findings'>;
  path: string;
}

/**
 * The lab's files from its folder tree (`<label>/<technique>/<file>`), for a lab still being
 * generated (labels.jsonl is written last). Family B, C and H technique ids start with `b_`, `c_`, `h_` (docs/lab.md).
 */
function familyOfId(technique: string): string {
  const m = /^([bch])_/.exec(technique);
  return m ? m[1].toUpperCase() : 'A';
}

function labelsFromTree(dir: string): Array<{ file: string; label: CachedDoc['label']; technique: string; family: string }> {
  const out: Array<{ file: string; label: CachedDoc['label']; technique: string; family: string }> = [];
  for (const label of ['genuine', 'tampered', 'ai_generated'] as const) {
    if (!existsSync(join(dir, label))) continue;
    for (const technique of readdirSync(join(dir, label)).sort()) {
      for (const f of readdirSync(join(dir, label, technique)).sort()) {
        if (/\.(pdf|png|jpe?g)$/i.test(f)) out.push({ file: `${label}/${technique}/${f}`, label, technique, family: familyOfId(technique) });
      }
    }
  }
  return out;
}

export function labFiles(dir: string, families: readonly string[]): Planned[] {
  const labels = existsSync(join(dir, 'labels.jsonl')) ? readLabels(join(dir, 'labels.jsonl')) : labelsFromTree(dir);
  return labels
    .filter((l) => families.includes(l.family ?? 'A'))
    .map((l) => ({
      path: join(dir, l.file),
      doc: { key: `lab:${l.file}`, source: 'lab' as const, label: l.label, family: l.family ?? 'A', group: `technique:${l.technique}` },
    }));
}

export function realFiles(dir: string, split: string, limit: number): Planned[] {
  return evenSample(corpusRows(dir, split), limit).map((r) => ({
    path: join(dir, r.relpath),
    doc: { key: `real:${r.relpath}`, source: 'real' as const, label: 'genuine' as const, family: 'real', group: `unit:${r.unit || r.package}`, split },
  }));
}

export function sharedGenuineFiles(dir: string): Planned[] {
  if (!existsSync(join(dir, 'MANIFEST.tsv'))) return [];
  return sharedGenuineRows(dir).map((r) => ({
    path: join(dir, r.relpath),
    doc: { key: `shared:${r.relpath}`, source: 'shared' as const, label: 'genuine' as const, family: 'real', group: `repo:${r.source_repo}`, split: 'shared' },
  }));
}

export function readCache(file: string, engineVersion: string): FindingsCache {
  if (!existsSync(file)) return { engine_version: engineVersion, docs: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as FindingsCache;
}

export async function writeCache(file: string, cache: FindingsCache): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file + '.tmp', JSON.stringify(cache) + '\n');
  await rename(file + '.tmp', file);
}

export interface CollectOptions {
  timeoutMs: number;
  workers: number;
  now?: string;
  refresh?: boolean;
  quiet?: boolean;
}

/** Analyses the planned files missing from the cache; saves the cache every 20 files. */
export async function collect(cacheFile: string, cache: FindingsCache, planned: readonly Planned[], opts: CollectOptions): Promise<number> {
  // In a stable shuffled order, so a run stopped early still leaves a representative sample.
  const todo = planned
    .filter((p) => opts.refresh || !cache.docs[p.doc.key] || cache.docs[p.doc.key].status !== 'ok')
    .map((p) => ({ p, h: foldOf(p.doc.key, 0x7fffffff) }))
    .sort((a, b) => a.h - b.h)
    .map((x) => x.p);
  const byKey = new Map(todo.map((p) => [p.doc.key, p]));
  let unsaved = 0;
  let saving: Promise<void> = Promise.resolve();
  await runAnalyses(
    todo.map((p) => [p.path, p.doc.key] as [string, string]),
    {
      timeoutMs: opts.timeoutMs,
      workers: opts.workers,
      now: opts.now,
      workerUrl: new URL('./findings-worker.js', import.meta.url),
      onResult: (outcome, done, total) => {
        const reply = outcome as typeof outcome & { findings?: CachedFinding[] };
        const p = byKey.get(outcome.file)!;
        cache.docs[p.doc.key] = { ...p.doc, status: reply.status, findings: reply.findings };
        if (++unsaved >= 20) {
          unsaved = 0;
          saving = saving.then(() => writeCache(cacheFile, cache));
        }
        if (!opts.quiet && (done % 25 === 0 || done === total)) process.stderr.write(`  calibrate: ${done}/${total}\n`);
      },
    },
  );
  await saving;
  await writeCache(cacheFile, cache);
  return todo.length;
}
