/** Repository-relative locations, whether running from test/lab (vitest) or dist/test/lab (node). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function repoRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'veracity') return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('repository root (package.json "veracity") not found');
    dir = up;
  }
}

export const defaultLabDir = (): string => join(repoRoot(), '.lab', 'full');
export const defaultRealCorpus = (): string => resolve(repoRoot(), '..', 'shared', 'corpus');
export const defaultPublicRepoCorpus = (): string => resolve(repoRoot(), '..', 'shared', 'corpus-real');
