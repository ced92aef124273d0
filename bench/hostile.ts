/**
 * Hostile and deceptive PDFs against a running server with its default pool (issue 28): every
 * technique of the lab's family H (parser confusion, shadow and incremental-saving attacks,
 * resource bombs, and their genuine twins), one sample each, submitted one after another. The
 * server's peak resident memory must stay under 1.5 GB, every check must end final (completed,
 * or failed with a named code), and no bomb may hold its worker past a few seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSample, planSamples } from '../test/lab/generate.js';
import { serve, stop, submitFile } from './api.js';
import { rssMb } from './process-memory.js';
import type { BenchModule, BenchRow } from './types.js';

const PEAK_RSS_TARGET_MB = 1536;

export const hostileBench: BenchModule = {
  name: 'hostile',
  async run(): Promise<BenchRow[]> {
    if (process.platform !== 'linux') return [];
    const specs = planSamples('quick', undefined, undefined, 'H');
    const dir = mkdtempSync(join(tmpdir(), 'veracity-bench-hostile-'));
    const served = await serve(dir, {}, 'default');
    const pid = served.child.pid!;
    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    let notFinal = 0;
    let engineErrors = 0;
    let slowest = 0;
    try {
      for (const spec of specs) {
        const { bytes, file } = await buildSample(spec);
        const started = performance.now();
        const { body } = await submitFile(served, { bytes, name: file.split('/').pop()! }, true);
        slowest = Math.max(slowest, (performance.now() - started) / 1000);
        if (body.status !== 'completed' && body.status !== 'failed') notFinal++;
        if (body.error?.code === 'engine_error') engineErrors++;
      }
      return [
        { bench: 'hostile', metric: `server peak RSS over ${specs.length} family H files`, value: Math.round(peak), unit: 'MB', target: PEAK_RSS_TARGET_MB },
        { bench: 'hostile', metric: 'checks not final', value: notFinal, unit: 'checks', target: 0 },
        { bench: 'hostile', metric: 'generic engine errors', value: engineErrors, unit: 'checks', target: 0 },
        { bench: 'hostile', metric: 'slowest check, submit to verdict', value: Math.round(slowest * 10) / 10, unit: 's', target: 10 },
      ];
    } finally {
      clearInterval(sampler);
      await stop(served);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
