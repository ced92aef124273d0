/**
 * A short slice of the fuzzer on every test run (the long run is `npm run fuzz`): seeded mutations
 * of documents made here, plus every crash or hang saved before, must end in an analysis or a
 * named refusal.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuzz, replay } from './runner.js';
import { FINDINGS_DIR, loadSeeds } from './seeds.js';
import { REPO_ROOT } from '../support/environment.js';

const built = existsSync(join(REPO_ROOT, 'dist', 'test', 'fuzz', 'target-worker.js'));

describe('fuzzing', () => {
  const saved = existsSync(FINDINGS_DIR()) ? readdirSync(FINDINGS_DIR()).filter((f) => f.endsWith('.bin')) : [];
  it.skipIf(!built || saved.length === 0)(
    `the ${saved.length} saved findings no longer crash or hang`,
    async () => {
      const outcomes = await replay(
        saved.map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(FINDINGS_DIR(), name))) })),
        60_000,
      );
      expect(outcomes.filter((o) => !['ok', 'refused'].includes(o.outcome))).toEqual([]);
    },
    600_000,
  );

  it.skipIf(!built)(
    '80 mutated documents: no crash, no hang',
    async () => {
      const seeds = await loadSeeds({ corpus: false, lab: false });
      const stats = await fuzz({ seeds, iterations: 80, seed: 20261124, timeoutMs: 60_000, ocrEvery: 1_000, save: false });
      expect(stats.inputs).toBe(80);
      expect(stats.problems.map((p) => `${p.kind} ${p.seed}: ${p.detail}`)).toEqual([]);
      // Mutations must reach the analysis, not only the refusals.
      expect(stats.ok).toBeGreaterThan(10);
    },
    300_000,
  );
});
