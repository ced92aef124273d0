/**
 * Engine speed and memory (issue 4 targets): a 3-page digital statement analysed repeatedly
 * (p50 < 300 ms) and a 500-page statement analysed once in a child process (< 60 s, peak RSS
 * < 1 GB), each with the ratio to `pdftotext` on the same file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { analyze } from '../engine/index.js';
import type { BenchModule, BenchRow } from './types.js';

function statementPdf(pages: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Producer: 'Bench Report Engine', Creator: 'Core Banking 7', CreationDate: new Date(Date.UTC(2025, 2, 31)) } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    let balance = 1000;
    for (let p = 0; p < pages; p++) {
      if (p > 0) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(16).text('Northbank plc', 50, 50);
      doc.font('Helvetica').fontSize(9).text(`Statement of account  page ${p + 1} of ${pages}`, 50, 72);
      doc.text('Date', 50, 110).text('Description', 120, 110).text('Amount', 380, 110).text('Balance', 470, 110);
      for (let row = 0; row < 30; row++) {
        const amount = ((row * 37 + p * 11) % 200) - 80;
        balance += amount;
        const y = 128 + row * 18;
        doc.text(`0${(row % 9) + 1}/03/2025`, 50, y).text(`Card payment ${p}-${row}`, 120, y);
        doc.text(amount.toFixed(2), 380, y).text(balance.toFixed(2), 470, y);
      }
    }
    doc.end();
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function pdftotextMs(file: string, runs: number): number | null {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const r = spawnSync('pdftotext', [file, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
    if (r.error || r.status !== 0) return null;
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

/** Analyse in a fresh process so peak RSS belongs to this one document. */
function analyzeInChild(file: string): { ms: number; maxRssMb: number } {
  const engine = fileURLToPath(new URL('../engine/index.js', import.meta.url));
  const script = `
    const { readFileSync } = await import('node:fs');
    const { analyze } = await import(${JSON.stringify(engine)});
    const bytes = new Uint8Array(readFileSync(${JSON.stringify(file)}));
    const start = performance.now();
    await analyze(bytes, { maxPages: 1000 });
    const ms = performance.now() - start;
    process.stdout.write(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out) as { ms: number; maxRssMb: number };
}

export const engineBench: BenchModule = {
  name: 'engine',
  async run(): Promise<BenchRow[]> {
    const dir = mkdtempSync(join(tmpdir(), 'veracity-bench-engine-'));
    try {
      const small = await statementPdf(3);
      const smallFile = join(dir, 'statement-3p.pdf');
      writeFileSync(smallFile, small);
      await analyze(new Uint8Array(small)); // warm-up: pdf.js and font tables load once per thread
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const start = performance.now();
        await analyze(new Uint8Array(small));
        times.push(performance.now() - start);
      }
      const smallP50 = percentile(times, 50);
      const smallText = pdftotextMs(smallFile, 15);

      const big = await statementPdf(500);
      const bigFile = join(dir, 'statement-500p.pdf');
      writeFileSync(bigFile, big);
      const bigRun = analyzeInChild(bigFile);
      const bigText = pdftotextMs(bigFile, 3);

      const rows: BenchRow[] = [
        { bench: 'engine', metric: '3-page statement analyse p50', value: smallP50, unit: 'ms', target: 300 },
        { bench: 'engine', metric: '3-page statement analyse p95', value: percentile(times, 95), unit: 'ms' },
        { bench: 'engine', metric: '500-page statement analyse', value: bigRun.ms / 1000, unit: 's', target: 60 },
        { bench: 'engine', metric: '500-page statement peak RSS', value: bigRun.maxRssMb, unit: 'MB', target: 1024 },
      ];
      if (smallText !== null) rows.push({ bench: 'engine', metric: '3-page ratio to pdftotext (p50)', value: smallP50 / smallText, unit: 'x' });
      if (bigText !== null) rows.push({ bench: 'engine', metric: '500-page ratio to pdftotext', value: bigRun.ms / bigText, unit: 'x' });
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
