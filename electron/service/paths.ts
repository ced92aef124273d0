/** Where the project's files are, whether this module runs from TypeScript sources or from dist/. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | null = null;

/** The folder holding the veracity package.json (also inside a packaged app's asar). */
export function projectRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        if ((JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string }).name === 'veracity') return (cachedRoot = dir);
      } catch {
        // an unreadable package.json is not ours; keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the veracity package root');
    dir = parent;
  }
}

/**
 * Worker threads need compiled JavaScript: when this code runs from sources (vitest), point at
 * the same module under dist/. `npm run build:ts` must have run.
 */
export function compiledModule(sourceRelativeToRoot: string): string {
  const here = fileURLToPath(import.meta.url);
  const js = sourceRelativeToRoot.replace(/\.ts$/, '.js');
  if (here.endsWith('.js')) {
    // running from dist/electron/service/paths.js: siblings are compiled already
    return join(dirname(here), '..', '..', js);
  }
  return join(projectRoot(), 'dist', js);
}

export function rendererDir(): string {
  return join(projectRoot(), 'dist', 'renderer');
}

let cachedVersion: string | null = null;

/** The version in the package.json (the service's version, as health and the OpenAPI document report it). */
export function serviceVersion(): string {
  cachedVersion ??= (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return cachedVersion;
}
