import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findPgBin } from './test/support/postgres.js';

/** The API suite again on PostgreSQL (issue 13), when Debian's postgresql is installed. */
const pg = findPgBin();
if (!pg) process.stdout.write('PostgreSQL (initdb/pg_ctl) not found: the API tests on PostgreSQL are skipped (apt-get install postgresql)\n');
/** Tests of SQLite itself (its store, its migrations), not of the API. */
const SQLITE_ONLY = ['test/service/store.test.ts', 'test/service/checks-migration.test.ts'];
/** Tests of the service that use no database at all: once is enough. */
const NO_DATABASE = ['test/service/code-cache.test.ts'];

/**
 * The tests kept out of `npm run test:fast`, the development loop (project 'fast'); `npm test`
 * and CI run them too, as project 'slow'. A file is here for what makes it slow, not for what it
 * checks. Files or folders; a folder stands for every test file under it.
 */
const SLOW = [
  // Chromium drives the built renderer, one browser per file; they need the full `npm run build`.
  'test/renderer/e2e.test.ts',
  'test/renderer/e2e-scale.test.ts',
  'test/renderer/e2e-password.test.ts',
  'test/renderer/e2e-details.test.ts',
  // A throwaway PostgreSQL cluster per file, team servers started, killed with -9 and restarted.
  'test/team',
  // kill -9 in the middle of a check, then a restart that recovers the workspace.
  'test/cli/recovery.test.ts',
  // A real `veracity serve` started through npm (and the README's worked example run twice in a
  // git checkout), each killed after ~10 s: processes and ports outlive the file in a shared worker.
  'test/cli/npm-launcher.test.ts',
  'test/cli/readme-example.test.ts',
  // Packaging: an unpacked release assembled and started, and the Electron shell on the built
  // renderer (which test:fast does not build).
  'test/package',
  'test/electron/smoke.test.ts',
  // Lab generation: every forgery technique run through the Debian tools, Chromium among them.
  'test/lab-harness/generator.test.ts',
  // Five processes, each loading the engine and reading an image with OCR (the analysis code cache).
  'test/service/code-cache.test.ts',
  // Fuzzing: 80 mutated documents and every saved crash or hang through the engine, minutes alone.
  'test/fuzz/fuzz.test.ts',
  // Every image of the shared corpus analysed with its OCR preparation, minutes alone.
  'test/engine/read/image/robustness.test.ts',
  // Block-parallel OCR against the whole-page reading: each picture recognised twice.
  'test/engine/read/ocr/block-parallel.test.ts',
  // ESLint and dependency-cruiser over the whole tree, over a minute; `npm run lint` runs them by hand.
  'test/layering.test.ts',
];

/**
 * The fast loop shares one module graph per worker across files (isolate: false): importing the
 * engine, pdf.js and the service again for every file was half of its time. Files that replace
 * modules (vi.mock) would leak their stand-ins into the next file, so they run isolated.
 */
const MOCKS_MODULES = ['test/engine/read/ocr/scanned-pages.test.ts'];

/** A path moved or renamed would silently put its tests back into the fast loop. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
for (const path of [...SLOW, ...MOCKS_MODULES])
  if (!existsSync(join(ROOT, path))) throw new Error(`vitest.config.ts: the slow test path ${path} does not exist; update SLOW`);
const SLOW_GLOBS = SLOW.map((path) => (statSync(join(ROOT, path)).isDirectory() ? `${path}/**/*.test.ts` : path));

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // The JSON report lets .ci/run print a plain 'N passed, N failed' closing line.
    // report-skips: one closing line naming the absent tools and counting the skipped tests.
    reporters: ['default', ['json', { outputFile: 'test-output/vitest.json' }], './test/support/report-skips.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'fast', isolate: false, include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...SLOW_GLOBS, ...MOCKS_MODULES] },
      },
      { extends: true, test: { name: 'fast-isolated', include: MOCKS_MODULES } },
      { extends: true, test: { name: 'slow', include: SLOW_GLOBS } },
      ...(pg
        ? [
            {
              extends: true,
              test: {
                name: 'api-postgres',
                include: ['test/service/**/*.test.ts'],
                exclude: [...SQLITE_ONLY, ...NO_DATABASE],
                env: { VERACITY_TEST_BACKEND: 'postgres' },
                globalSetup: ['./test/support/pg-global-setup.ts'],
              },
            } satisfies TestProjectInlineConfiguration,
          ]
        : []),
    ],
  },
});
