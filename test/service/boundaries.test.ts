/**
 * What the API thread loads: never `electron` (the service runs under plain Node), and never
 * the heavy engine parts (pdf.js, sharp, OCR), which belong in worker threads; loading them
 * would break the 1.5 s start-up budget. Follows static imports from the entry points.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FORBIDDEN = ['electron', 'pdfjs-dist', 'sharp', 'tesseract.js', '@napi-rs/canvas'];

/**
 * Every module reachable from `entry` (relative imports followed; packages listed): by static
 * imports only, or also through `import('./literal.js')` when `lazy` is set.
 */
function importGraph(entry: string, lazy = false): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    // static imports/exports only: `import type` is erased, dynamic import() is lazy by design
    for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.set(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0], file);
    }
    if (lazy) for (const m of source.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) visit(resolve(dirname(file), m[1].replace(/\.js$/, '.ts')));
  };
  visit(entry);
  return { files, packages };
}

describe('module boundaries of the service', () => {
  // serve.ts imports server.ts lazily (the dashboard's routes are part of its app): check what it will load
  for (const entry of ['electron/service/index.ts', 'electron/service/server.ts', 'electron/service/checks/offline.ts', 'electron/cli/index.ts']) {
    it(`${entry} does not statically load electron or the heavy engine`, () => {
      const { files, packages } = importGraph(join(ROOT, entry));
      expect(files.size).toBeGreaterThan(2);
      for (const name of FORBIDDEN) expect(packages.get(name), `${name} reached via ${packages.get(name)}`).toBeUndefined();
      expect([...files].some((f) => f.endsWith(join('engine', 'analyze.ts')))).toBe(false);
    });
  }

  it('the analysis worker does load the engine (so the check above is not vacuous)', () => {
    // The engine's entry point loads the detectors on first use (the worker preloads them).
    const { files } = importGraph(join(ROOT, 'electron/service/queue/worker.ts'), true);
    expect([...files].some((f) => f.endsWith(join('engine', 'analyze.ts')))).toBe(true);
  });
});
