/**
 * Robustness over the real-world corpus: every PDF parses or fails with an EngineError, quickly.
 * Page counts are checked against the manifest (pdfinfo's numbers) where it has them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePdfStructure } from '../../../../../engine/read/pdf/structure/index.js';
import { sniffMime } from '../../../../../engine/read/sniff.js';
import { EngineError } from '../../../../../engine/types.js';
import { CORPUS_DIR } from '../../../../support/environment.js';

const CORPUS = CORPUS_DIR;
const rows = existsSync(join(CORPUS, 'MANIFEST.tsv'))
  ? readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter((r) => r[5] === 'pdf')
  : [];

describe.skipIf(rows.length === 0)('corpus PDFs', () => {
  it('all parse or fail with an EngineError, each within a few seconds (shared CI machines)', () => {
    const failures: string[] = [];
    let pageMismatches = 0;
    let withPages = 0;
    for (const [rel, , , , , , , notes] of rows) {
      const bytes = new Uint8Array(readFileSync(join(CORPUS, rel)));
      if (sniffMime(bytes) !== 'application/pdf') continue;
      const start = performance.now();
      try {
        const s = parsePdfStructure(bytes);
        const expected = /pages=(\d+)/.exec(notes ?? '')?.[1];
        if (expected !== undefined && !/encrypted/.test(notes)) {
          withPages++;
          if (Number(expected) !== s.pageCount) {
            pageMismatches++;
            failures.push(`${rel}: ${s.pageCount} pages, pdfinfo says ${expected}`);
          }
        }
        if (/linearized \(first-page xref section; no update implied\)/.test(notes) && s.updateCount !== 0)
          failures.push(`${rel}: linearised file counted ${s.updateCount} update(s)`);
      } catch (err) {
        if (!(err instanceof EngineError)) failures.push(`${rel}: ${(err as Error).stack}`);
      }
      const ms = performance.now() - start;
      if (ms > 3000) failures.push(`${rel}: ${Math.round(ms)} ms`);
    }
    expect(withPages).toBeGreaterThan(100);
    expect(pageMismatches).toBe(0);
    expect(failures).toEqual([]);
  });
});
