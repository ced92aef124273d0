/**
 * `node dist/test/lab/same-analyses-cli.js dump --list FILES.txt --out A.jsonl [--ocr]` records
 * the analysis of every file listed (one path a line), timings left out; `compare A.jsonl
 * B.jsonl` tells which files' analyses differ between two such runs (exit 1 when any does).
 * Run `dump` with the old build and the new one (two worktrees, or a copy of dist/) over the
 * same list, then `compare`. OCR is off unless asked for: it is slow, and apart from the page
 * images pdf.js renders it reads nothing a PDF change touches.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { differences, record, type Recorded } from './same-analyses.js';

const readRecords = (file: string): Recorded[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Recorded);

const program = new Command('same-analyses');
program
  .command('dump')
  .requiredOption('--list <file>', 'paths to analyse, one a line')
  .requiredOption('--out <file>', 'JSON lines written here')
  .option('--ocr', 'OCR image-only pages and pictures too')
  .action(async (o: { list: string; out: string; ocr?: boolean }) => {
    const files = readFileSync(o.list, 'utf8').split('\n').filter(Boolean);
    const lines: string[] = [];
    for (const file of files) lines.push(JSON.stringify(await record(file, { ocr: !!o.ocr })));
    writeFileSync(o.out, lines.join('\n') + '\n');
    process.stdout.write(`same-analyses: ${files.length} files recorded in ${o.out}\n`);
  });
program.command('compare <a> <b>').action((a: string, b: string) => {
  const { compared, different } = differences(readRecords(a), readRecords(b));
  for (const f of different) process.stdout.write(`different: ${f}\n`);
  process.stdout.write(`same-analyses: ${compared} files compared, ${different.length} different\n`);
  if (different.length) process.exitCode = 1;
});
await program.parseAsync();
