/**
 * The detector tables of docs/detectors-*.md are generated from each detector's meta and the
 * strength table (test/lab/docs/detector-tables.ts): this fails when a doc is not what the
 * generator writes, so a changed strength, reason or need shows up in the docs or here.
 * `npm run docs:detectors` brings them up to date.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETECTORS } from '../../engine/detectors/index.js';
import { DETECTOR_DOCS, detectorTable, withDetectorTables } from '../lab/docs/detector-tables.js';
import { REPO_ROOT } from '../support/environment.js';

describe('generated detector tables', () => {
  const docs = DETECTOR_DOCS.map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));

  for (const { path, text } of docs) {
    it(`${path} is current (npm run docs:detectors)`, () => {
      expect(text).toBe(withDetectorTables(text, DETECTORS));
    });
  }

  it('lists every registered detector in some doc', () => {
    const all = docs.map((d) => d.text).join('\n');
    expect(DETECTORS.filter((d) => !all.includes(`| \`${d.meta.id}\``)).map((d) => d.meta.id)).toEqual([]);
  });

  it('rewrites a table that no longer matches', () => {
    const stale = `before\n<!-- detectors:begin content -->\n| old | table |\n<!-- detectors:end -->\nafter`;
    const fresh = withDetectorTables(stale, DETECTORS);
    expect(fresh).toBe(`before\n${detectorTable(DETECTORS, ['content'])}\nafter`);
    expect(fresh).toContain('`arithmetic_error.running_balance`');
  });
});
