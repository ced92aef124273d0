import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findPgBin } from './test/support/postgres.js';

/** The API suite again on PostgreSQL (issue 13), when Debian's postgresql is installed. */
const pg = findPgBin();
if (!pg) process.stdout.write('PostgreSQL (initdb/pg_ctl) not found: the API tests on PostgreSQL are skipped (apt-get install postgresql)\n');
/** Tests of SQLite itself (its store, its migrations), not of the API. */
const SQLITE_ONLY = ['test/service/store.test.ts', 'test/service/checks-migration.test.ts'];

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
      { extends: true, test: { name: 'main', include: ['test/**/*.test.ts'] } },
      ...(pg
        ? [
            {
              extends: true,
              test: {
                name: 'api-postgres',
                include: ['test/service/**/*.test.ts'],
                exclude: SQLITE_ONLY,
                env: { VERACITY_TEST_BACKEND: 'postgres' },
                globalSetup: ['./test/support/pg-global-setup.ts'],
              },
            } satisfies TestProjectInlineConfiguration,
          ]
        : []),
    ],
  },
});
