/**
 * The unlabelled real-world corpus: robustness (crashes, timeouts, engine errors), decision
 * distribution, flag counts, latency. When the folder has a MANIFEST.tsv with an `expected`
 * column, decisions are also broken down by it (context, not a benchmark: the corpus is small
 * and mostly not documents).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { latencySummary } from '../metrics/percentiles.js';
import { isFlagged, type Outcome } from './outcome.js';

const EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

export function listDocuments(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (EXTENSIONS.test(name)) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out;
}

/** relpath -> expected, from a tab-separated manifest with a header row. */
export function readManifest(dir: string): Map<string, string> {
  const file = join(dir, 'MANIFEST.tsv');
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  const [header, ...rows] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const cols = header.split('\t');
  const fileCol = cols.indexOf('relpath');
  const expCol = cols.indexOf('expected');
  if (fileCol < 0 || expCol < 0) return out;
  for (const row of rows) {
    const cells = row.split('\t');
    out.set(cells[fileCol], cells[expCol]);
  }
  return out;
}

export interface RealReport {
  dir: string;
  files: number;
  analysed: number;
  crashes: number;
  timeouts: number;
  engine_errors: Record<string, number>;
  decisions: Record<string, number>;
  decisions_by_expected: Record<string, Record<string, number>>;
  flag_counts: Record<string, number>;
  /** Files the manifest calls genuine that the engine flagged suspicious or fraudulent. */
  flagged_genuine: string[];
  detector_errors: Record<string, number>;
  latency_ms: ReturnType<typeof latencySummary>;
  problems: Array<{ file: string; status: string; error_code?: string; error?: string }>;
}

export function summarizeReal(dir: string, outcomes: readonly Outcome[], manifest: ReadonlyMap<string, string>): RealReport {
  const ok = outcomes.filter((o) => o.status === 'ok');
  const bump = (rec: Record<string, number>, key: string) => (rec[key] = (rec[key] ?? 0) + 1);
  const decisions: Record<string, number> = {};
  const byExpected: Record<string, Record<string, number>> = {};
  const flags: Record<string, number> = {};
  const engineErrors: Record<string, number> = {};
  const detectorErrors: Record<string, number> = {};
  for (const o of outcomes) {
    const d = o.status === 'ok' ? o.decision! : `failed:${o.status}`;
    bump(decisions, d);
    const exp = manifest.get(o.file) ?? 'unlisted';
    byExpected[exp] ??= {};
    bump(byExpected[exp], d);
    if (o.status === 'engine_error') bump(engineErrors, o.error_code ?? 'unknown');
    for (const f of new Set(o.flags ?? [])) bump(flags, f);
    for (const e of o.detector_errors ?? []) bump(detectorErrors, e);
  }
  return {
    dir,
    files: outcomes.length,
    analysed: ok.length,
    crashes: outcomes.filter((o) => o.status === 'crash').length,
    timeouts: outcomes.filter((o) => o.status === 'timeout').length,
    engine_errors: engineErrors,
    decisions,
    decisions_by_expected: byExpected,
    flag_counts: flags,
    flagged_genuine: ok.filter((o) => manifest.get(o.file) === 'genuine' && isFlagged(o)).map((o) => o.file),
    detector_errors: detectorErrors,
    latency_ms: latencySummary(ok.map((o) => o.latency_ms ?? 0)),
    problems: outcomes
      .filter((o) => o.status === 'crash' || o.status === 'timeout')
      .map((o) => ({ file: o.file, status: o.status, error_code: o.error_code, error: o.error })),
  };
}
