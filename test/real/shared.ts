/** Files of the shared real-world corpus (../shared/corpus beside the repository), when present. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyze, DEFAULT_THRESHOLDS, scoreAnalysis } from '../../engine/index.js';
import { repoRoot } from '../lab/util/paths.js';

export const SHARED_CORPUS = resolve(repoRoot(), '..', 'shared', 'corpus');
let told = false;

/** The bytes of a shared corpus file, or null (one line printed once) when the corpus is absent. */
export function sharedFile(rel: string): Uint8Array | null {
  const p = join(SHARED_CORPUS, rel);
  if (!existsSync(p)) {
    if (!told) console.log(`shared corpus not found at ${SHARED_CORPUS}: real-file tests skipped`);
    told = true;
    return null;
  }
  return new Uint8Array(readFileSync(p));
}

export const hasShared = (rel: string): boolean => existsSync(join(SHARED_CORPUS, rel));

/** Analysis and verdict with the default settings, as the eval scores them. */
export async function verdictOf(bytes: Uint8Array, filename: string) {
  const a = await analyze(bytes, { filename, now: '2025-06-30T00:00:00Z' });
  const v = scoreAnalysis(
    { findings: a.findings, document: { ...a.document, filename }, extracted: a.extracted, text: a.text },
    { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [] },
  );
  return { analysis: a, verdict: v };
}
