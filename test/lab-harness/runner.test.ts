/** The eval runner with a stand-in worker: timeouts, crashes and order, without the engine. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runAnalyses } from '../lab/eval/runner.js';

const WORKER = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', (req) => {
  if (req.filename.startsWith('hang')) return;
  if (req.filename.startsWith('exit')) process.exit(3);
  parentPort.postMessage({ id: req.id, status: 'ok', risk_score: req.filename.length, decision: 'clear', flags: [], latency_ms: 1 });
});
`;

describe('eval runner', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lab-runner-'));
  writeFileSync(join(dir, 'worker.mjs'), WORKER);
  const workerUrl = pathToFileURL(join(dir, 'worker.mjs'));
  const files: Array<[string, string]> = ['a.pdf', 'hang.pdf', 'bb.pdf', 'exit.pdf', 'ccc.pdf'].map((f) => [join(dir, f), `sub/${f}`]);

  it('times out a hanging file, survives a dying worker and keeps input order', async () => {
    const seen: string[] = [];
    const outcomes = await runAnalyses(files, { timeoutMs: 1500, workers: 1, workerUrl, onResult: (o) => seen.push(o.file) });
    expect(outcomes.map((o) => [o.file, o.status])).toEqual([
      ['sub/a.pdf', 'ok'],
      ['sub/hang.pdf', 'timeout'],
      ['sub/bb.pdf', 'ok'],
      ['sub/exit.pdf', 'crash'],
      ['sub/ccc.pdf', 'ok'],
    ]);
    expect(outcomes[2].risk_score).toBe('bb.pdf'.length);
    expect(outcomes[3].error_code).toBe('worker_exit');
    expect(seen).toHaveLength(5);
  });

  it('runs files on several workers', async () => {
    const outcomes = await runAnalyses(
      files.filter(([, f]) => !f.includes('hang')),
      { timeoutMs: 5000, workers: 2, workerUrl },
    );
    expect(outcomes.filter((o) => o.status === 'ok')).toHaveLength(3);
  });
});
