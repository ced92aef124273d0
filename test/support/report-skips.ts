/**
 * Says once, at the end of the run, which optional resources were absent and how many tests
 * skipped (instead of letting each skipped test speak for itself). A Vitest reporter, listed in
 * vitest.config.ts after the default one.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { type Need, has } from './environment.js';

const ALL: Need[] = ['corpus', 'qpdf', 'pdftotext', 'gs', 'exiftool', 'convert', 'chromium', 'curl'];

export function skipLine(absent: readonly Need[], skipped: number): string | null {
  if (absent.length === 0) return null;
  const names = absent.map((n) => (n === 'corpus' ? '../shared/corpus' : n));
  return `${skipped} test${skipped === 1 ? '' : 's'} skipped; absent here: ${names.join(', ')} (the Debian tools: .ci/run's apt list; the corpus: ../shared/corpus beside the checkout)`;
}

export default class ReportSkips implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let skipped = 0;
    for (const m of testModules) for (const _ of m.children.allTests('skipped')) skipped++;
    const line = skipLine(
      ALL.filter((n) => !has(n)),
      skipped,
    );
    if (line) console.log(`\n${line}`);
  }
}
