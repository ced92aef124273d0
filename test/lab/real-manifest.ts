/**
 * The manifests of the real-world genuine files (issue 8), read the same way by `npm run eval:real`
 * and `npm run calibrate`: the assembled corpus (`scripts/real-corpus/assemble.mjs` writes its
 * MANIFEST.tsv), `../shared/corpus/MANIFEST.tsv` and `../shared/corpus-real/MANIFEST.tsv` (files
 * from public repositories). Rows are plain column -> value records.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitOf } from './util/split.js';

export type ManifestRow = Record<string, string>;

/** A tab-separated file with a header line: one record per row (missing cells are ''). */
export function readTsv(file: string): ManifestRow[] {
  const [header, ...rows] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const cols = header.split('\t');
  return rows.map((r) => {
    const cells = r.split('\t');
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** Deterministic sample: every k-th item of a stable order, so reruns compare like with like. */
export function evenSample<T>(list: readonly T[], limit: number): T[] {
  if (!(limit > 0) || list.length <= limit) return [...list];
  const step = list.length / limit;
  return Array.from({ length: limit }, (_, i) => list[Math.floor(i * step)]);
}

/** Genuine rows of one split of the assembled corpus (`all` for every split). */
export function corpusRows(dir: string, split: string): ManifestRow[] {
  return readTsv(join(dir, 'MANIFEST.tsv')).filter((r) => r.expected === 'genuine' && (split === 'all' || r.split === split));
}

/**
 * Rows that the shared corpus's manifest calls genuine, in one split (`all` for every split). Its
 * files come from public repositories too, so they are split by source repository with the same
 * seed as the public-repository corpus: a repository is in one split whichever corpus holds it.
 */
export function sharedGenuineRows(dir: string, split = 'all'): ManifestRow[] {
  return readTsv(join(dir, 'MANIFEST.tsv')).filter((r) => r.expected === 'genuine' && (split === 'all' || splitOf(r.source_repo) === split));
}

/** One `key=value; key=value` notes cell of the public-repository corpus as a record. */
export function noteFields(notes: string): Record<string, string> {
  return Object.fromEntries(
    notes
      .split(/;\s*/)
      .map((kv) => /^([\w-]+)=(.*)$/.exec(kv.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

/**
 * Genuine rows of the public-repository corpus (`../shared/corpus-real/MANIFEST.tsv`) in one
 * split; its unit of split is the source repository, so no repository is in two splits.
 */
export function publicRepoRows(dir: string, split: string): ManifestRow[] {
  return readTsv(join(dir, 'MANIFEST.tsv')).filter((r) => r.expected === 'genuine' && (split === 'all' || splitOf(r.source_repo) === split));
}
