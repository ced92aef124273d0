/**
 * What the tests may lean on beyond the repository: the shared real-world corpus (`../shared/corpus`
 * beside the checkout, absent in a user's clone) and Debian tools (qpdf, pdftotext, chromium…).
 * Tests that need one skip when it is absent; test/support/report-skips.ts prints one line naming
 * what was missing.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The shared corpus, found relative to the repository (never by an absolute path). */
export const CORPUS_DIR = process.env.VERACITY_SHARED_CORPUS ?? resolve(REPO_ROOT, '..', 'shared', 'corpus');
export const HAS_CORPUS = existsSync(join(CORPUS_DIR, 'MANIFEST.tsv'));

export function corpusPath(rel: string): string {
  return join(CORPUS_DIR, rel);
}

/** A lazy loader of a corpus file, for detector-tester cases (skipped when the corpus is absent). */
export function corpusFile(rel: string): (() => Uint8Array) & { needs: Need[] } {
  return Object.assign(() => new Uint8Array(readFileSync(corpusPath(rel))), { needs: ['corpus' as Need] });
}

export type Need = 'corpus' | 'qpdf' | 'pdftotext' | 'chromium' | 'gs' | 'exiftool' | 'convert' | 'curl';

const TOOL_PROBES: Record<Exclude<Need, 'corpus'>, [string, string[]]> = {
  qpdf: ['qpdf', ['--version']],
  pdftotext: ['pdftotext', ['-v']],
  chromium: ['chromium', ['--version']],
  gs: ['gs', ['--version']],
  exiftool: ['exiftool', ['-ver']],
  convert: ['convert', ['-version']],
  curl: ['curl', ['--version']],
};

const probed = new Map<Need, boolean>();

export function has(need: Need): boolean {
  if (need === 'corpus') return HAS_CORPUS;
  let ok = probed.get(need);
  if (ok === undefined) {
    const [cmd, args] = TOOL_PROBES[need];
    ok = spawnSync(cmd, args, { stdio: 'ignore', timeout: 20_000 }).status === 0;
    probed.set(need, ok);
  }
  return ok;
}

/** The needs among `needs` that this machine lacks. */
export function missing(...needs: Need[]): Need[] {
  return needs.filter((n) => !has(n));
}

/** The executable `cmd` as found on PATH (for tools handed over by path, like chromium to playwright), or null. */
export function toolPath(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, cmd);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
