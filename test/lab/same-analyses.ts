/**
 * Whether a change left every analysis as it was (speed work, refactors): the Analysis of each
 * file with its timings left out, one JSON line per file, compared in canonical form (keys
 * sorted) between two builds. See same-analyses-cli.ts.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { analyze } from '../../engine/index.js';

/** A fixed "now": date checks read it, and two runs on different days must agree. */
export const FIXED_NOW = '2026-01-15T12:00:00Z';

/** The value without its timing fields (`timings`, `durationMs`): they differ from run to run. */
export function withoutTimings(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutTimings);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (k !== 'timings' && k !== 'durationMs') out[k] = withoutTimings(x);
    return out;
  }
  return v;
}

/** JSON with object keys sorted, so that two equal values print alike whatever their key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export interface Recorded {
  file: string;
  analysis?: unknown;
  error?: string;
}

/** One file's record: its analysis without timings, or the error it failed with. */
export async function record(file: string, opts: { ocr: boolean }): Promise<Recorded> {
  try {
    const analysis = await analyze(new Uint8Array(readFileSync(file)), { filename: basename(file), now: FIXED_NOW, ...(opts.ocr ? {} : { ocr: false }) });
    return { file, analysis: withoutTimings(analysis) };
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { file, error: `${e.code ?? ''} ${e.message ?? String(err)}` };
  }
}

/** The files whose records differ between two runs over the same list (in the same order). */
export function differences(a: readonly Recorded[], b: readonly Recorded[]): { compared: number; different: string[] } {
  if (a.length !== b.length) throw new Error(`the runs recorded ${a.length} and ${b.length} files`);
  const different: string[] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i].file !== b[i].file) throw new Error(`record ${i}: ${a[i].file} against ${b[i].file}`);
    if (canonicalJson(a[i]) !== canonicalJson(b[i])) different.push(a[i].file);
  }
  return { compared: a.length, different };
}
