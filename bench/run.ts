/**
 * `npm run bench`: runs every bench module in turn and prints one table. Add a module by
 * appending it to BENCHES (each module owns its setup and teardown). `--only NAME` runs one.
 * The exit code is non-zero when a bench fails or a row misses its target.
 */
import type { BenchModule, BenchRow } from './types.js';
import { apiBench } from './api.js';
import { bombsBench } from './bombs.js';
import { e2eBench } from './e2e.js';
import { engineBench } from './engine.js';
import { hostileBench } from './hostile.js';
import { libraryBench } from './library.js';
import { soakBench } from './soak.js';
import { teamBench } from './team.js';
import { workersBench } from './workers.js';

const BENCHES: BenchModule[] = [apiBench, e2eBench, engineBench, bombsBench, hostileBench, libraryBench];
/** Run only when named: `--only team` and `--only workers` need Debian's postgresql; `--only soak` takes several minutes. */
const OPT_IN: BenchModule[] = [teamBench, workersBench, soakBench];

function meetsTarget(row: BenchRow): boolean {
  if (row.target === undefined) return true;
  return row.higherIsBetter ? row.value >= row.target : row.value <= row.target;
}

function verdict(row: BenchRow): string {
  if (row.target === undefined) return '';
  return `${meetsTarget(row) ? 'PASS' : 'FAIL'} (${row.higherIsBetter ? '>=' : '<='} ${row.target} ${row.unit})`;
}

function printTable(rows: BenchRow[]): void {
  const body = rows.map((r) => [r.bench, r.metric, `${Number.isInteger(r.value) ? r.value : r.value.toFixed(2)} ${r.unit}`, verdict(r)]);
  const head = ['BENCH', 'METRIC', 'VALUE', 'TARGET'];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${body.map(line).join('\n')}\n`);
}

async function main(): Promise<void> {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  const rows: BenchRow[] = [];
  let failed = false;
  for (const bench of [...BENCHES, ...OPT_IN]) {
    if (only ? bench.name !== only : OPT_IN.includes(bench)) continue;
    process.stderr.write(`bench ${bench.name}...\n`);
    try {
      rows.push(...(await bench.run()));
    } catch (err) {
      failed = true;
      process.stderr.write(`bench ${bench.name} failed: ${(err as Error).stack}\n`);
    }
  }
  printTable(rows);
  // A missed target fails the run like a crashed bench: CI and scripts see it in the exit code.
  const missed = rows.filter((r) => !meetsTarget(r));
  if (missed.length) process.stderr.write(`${missed.length} target(s) missed: ${missed.map((r) => `${r.bench}/${r.metric}`).join('; ')}\n`);
  if (failed || missed.length) process.exitCode = 1;
}

await main();
