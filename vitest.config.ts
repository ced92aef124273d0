import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // The JSON report lets .ci/run print a plain 'N passed, N failed' closing line.
    // report-skips: one closing line naming the absent tools and counting the skipped tests.
    reporters: ['default', ['json', { outputFile: 'test-output/vitest.json' }], './test/support/report-skips.ts'],
  },
});
