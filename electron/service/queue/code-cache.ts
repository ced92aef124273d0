/**
 * Loads the analysis thread's code (analysis-core.ts: the engine, pdf.js and pdf.js's worker
 * side) with its compiled code kept between runs. Most of `veracity check`'s time on a small PDF
 * is V8 compiling that code: parsing it as it loads, then compiling each function the first time
 * it runs. Node 22 (and Electron) keep that in their module compile cache, turned on here for the
 * thread; Node 20 has none, so there the build bundles analysis-core into one script
 * (scripts/bundle-analysis.mjs) and this module runs it with a V8 code cache in the user's cache
 * folder, written once after the thread's first analysis so it holds the functions that ran.
 * Anything missing or refused (no bundle, an unwritable folder, a cache V8 rejects) falls back
 * to compiling as before: the cache changes when code is compiled, never what it computes.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { Script } from 'node:vm';
import { threadId } from 'node:worker_threads';
import type { AnalysisOutcome, AnalysisTask } from './types.js';

type AnalysisCore = typeof import('./analysis-core.js');

/** Written by scripts/bundle-analysis.mjs beside the compiled analysis-core.js. */
export const BUNDLE_FILE = 'analysis-core.bundle.cjs';
const CACHE_PREFIX = 'analysis-code-';
/**
 * Caches of other builds kept beside this one's, the most recent first: another install (or a
 * checkout next to it) may still use its own, but each rebuild must not leave 3 MB behind.
 */
const KEEP_OTHERS = 3;

/** How this thread's analysis code was loaded, for tests and VERACITY_DEBUG. */
export type AnalysisCodeLoad = 'modules' | 'bundle, cache written' | 'bundle, cache used' | 'bundle, no cache';
let loaded: AnalysisCodeLoad | null = null;

export function analysisCodeLoad(): AnalysisCodeLoad | null {
  return loaded;
}

export async function loadAnalysisCore(): Promise<AnalysisCore> {
  // Node 22+: the compile cache bin/veracity.js turns on covers its own thread only; a worker
  // thread must ask for it too (a no-op where it cannot be enabled, it never throws).
  module.enableCompileCache?.();
  const here = fileURLToPath(import.meta.url);
  // From TypeScript sources (tests) the modules are loaded as they are.
  const bundle = here.endsWith('.js') && !('enableCompileCache' in module) && process.env.VERACITY_CODE_CACHE !== '0' ? bundleToRun(dirname(here)) : null;
  if (bundle) {
    try {
      return fromBundle(bundle);
    } catch (err) {
      if (process.env.VERACITY_DEBUG) console.error('analysis bundle not used:', err);
    }
  }
  loaded = 'modules';
  return import('./analysis-core.js');
}

/**
 * The bundle in `dir`, unless it is older than the compiled analysis-core.js beside it: tsc
 * rewrites every module it compiles, so such a bundle was made from an earlier build (tsc run
 * alone) and would analyse with an older engine than the modules beside it.
 */
export function bundleToRun(dir: string): string | null {
  const file = join(dir, BUNDLE_FILE);
  try {
    return statSync(file).mtimeMs >= statSync(join(dir, 'analysis-core.js')).mtimeMs ? file : null;
  } catch {
    return null;
  }
}

/** The user's cache folder for Veracity (VERACITY_CACHE_DIR overrides it). */
export function cacheFolder(): string {
  if (process.env.VERACITY_CACHE_DIR) return process.env.VERACITY_CACHE_DIR;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches', 'veracity');
  if (process.platform === 'win32') return join(process.env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'veracity', 'Cache');
  return join(process.env.XDG_CACHE_HOME || join(home, '.cache'), 'veracity');
}

const HEADER = /^\/\/ veracity-analysis-bundle ([0-9a-f]{40})\n/;

/**
 * One cache file per bundle content (the hash the build wrote on its first line) and V8 build:
 * V8 checks its own version and flags but of the source only its length, so a rebuilt bundle of
 * the same length must never meet an old cache. Null for a bundle without that line.
 */
export function cacheFileFor(source: string): string | null {
  const content = HEADER.exec(source.slice(0, 80))?.[1];
  if (!content) return null;
  const v8Build = process.versions.v8.replace(/[^0-9a-z.-]/gi, '_');
  return join(cacheFolder(), `${CACHE_PREFIX}${content.slice(0, 20)}-${v8Build}-${process.arch}.bin`);
}

function fromBundle(file: string): AnalysisCore {
  const source = readFileSync(file, 'utf8');
  const cacheFile = cacheFileFor(source);
  let cachedData: Buffer | undefined;
  try {
    cachedData = cacheFile ? readFileSync(cacheFile) : undefined;
  } catch {
    cachedData = undefined;
  }
  // V8 refuses a cache made under other flags, and analysis-core turns on --expose-gc as it
  // loads (its collection after each document): the cache is written after that, so the flag
  // must be on before the script is compiled too.
  v8.setFlagsFromString('--expose-gc');
  const script = new Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  // The bundle is one function expression taking CommonJS's arguments and an import() that
  // resolves from here, for the libraries loaded on first use (sharp, exifr, tesseract.js, C2PA).
  const run = script.runInThisContext() as (
    exports: object,
    require: NodeJS.Require,
    module: { exports: object },
    filename: string,
    dirname: string,
    hostImport: (specifier: string) => Promise<unknown>,
  ) => void;
  const mod = { exports: {} };
  run(mod.exports, createRequire(file), mod, file, dirname(file), (specifier) => import(specifier));
  const core = mod.exports as AnalysisCore;
  if (!cacheFile || (cachedData && !script.cachedDataRejected)) {
    loaded = cacheFile ? 'bundle, cache used' : 'bundle, no cache';
    return core;
  }
  loaded = 'bundle, cache written';
  let saved = false;
  return {
    preloadEngine: core.preloadEngine,
    runAnalysis: async (task: AnalysisTask): Promise<AnalysisOutcome> => {
      const outcome = await core.runAnalysis(task);
      // After a document that was read through: one that failed early ran little of the code.
      if (!saved && outcome.ok) {
        saved = true;
        saveCache(script, cacheFile);
      }
      return outcome;
    },
  };
}

/** After the first analysis, so the cache holds the functions it compiled, not only the top level. */
function saveCache(script: Script, file: string): void {
  try {
    const data = script.createCachedData();
    const folder = dirname(file);
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}-${threadId}.tmp`;
    writeFileSync(partial, data);
    renameSync(partial, file);
    const others = readdirSync(folder)
      .filter((name) => name.startsWith(CACHE_PREFIX) && name.endsWith('.bin') && name !== basename(file))
      .map((name) => ({ path: join(folder, name), at: statSync(join(folder, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const old of others.slice(KEEP_OTHERS)) rmSync(old.path, { force: true });
  } catch (err) {
    // Without a cache the next run compiles as this one did.
    if (process.env.VERACITY_DEBUG) console.error('analysis code cache not written:', err);
  }
}
