/**
 * Vitest global setup: says once, at the start of the run, which optional resources are absent
 * (so which groups of tests skip), instead of letting each skipped test speak for itself.
 */
import { type Need, has } from './environment.js';

const ALL: Need[] = ['corpus', 'qpdf', 'pdftotext', 'gs', 'exiftool', 'convert', 'chromium', 'curl'];

export default function setup(): void {
  const absent = ALL.filter((n) => !has(n));
  if (absent.length === 0) return;
  const names = absent.map((n) => (n === 'corpus' ? '../shared/corpus' : n));
  console.log(`skipping the tests that need: ${names.join(', ')} (absent here; install them with .ci/run's apt list)`);
}
