/**
 * A long-running service must stay flat (service-faults issue, item 10): a running `veracity
 * serve` with its default pool analyses a stream of distinct documents — statements of 1 to 6
 * pages, phone photos that go through OCR, and now and then a decompression bomb — at a steady
 * concurrency, and the server's resident memory after the first 100 checks is compared with its
 * memory at the end. Opt-in (`--only soak`): 2,000 checks take several minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, stop, submitFile } from './api.js';
import { bombPdf } from './bombs.js';
import { phonePhotoJpeg, statementPdf } from './fixtures.js';
import { rssMb } from './process-memory.js';
import type { BenchModule, BenchRow } from './types.js';

const CHECKS = Number(process.env.BENCH_SOAK_CHECKS ?? 2000);
const WARM = Math.min(100, Math.floor(CHECKS / 4));
const CONCURRENCY = 4;
/**
 * Every 20th document is a phone photo and one in 500 a bomb (the first among the first 100, so
 * that the baseline has met every kind of input once); the rest statements.
 */
const PHOTO_EVERY = 20;
const BOMB_EVERY = 500;
const BOMB_AT = 49;

async function documentFor(i: number): Promise<{ bytes: Buffer; name: string; type: string }> {
  const reference = `SK-${String(i).padStart(5, '0')}`;
  if (i % BOMB_EVERY === BOMB_AT) return { bytes: await bombPdf(i), name: `${reference}.pdf`, type: 'application/pdf' };
  if (i % PHOTO_EVERY === PHOTO_EVERY - 1) return { bytes: await phonePhotoJpeg(1600, 1200, reference), name: `${reference}.jpg`, type: 'image/jpeg' };
  return { bytes: await statementPdf(1 + (i % 6), i % 3, reference), name: `${reference}.pdf`, type: 'application/pdf' };
}

export const soakBench: BenchModule = {
  name: 'soak',
  async run(): Promise<BenchRow[]> {
    if (process.platform !== 'linux') return [];
    const dir = mkdtempSync(join(tmpdir(), 'veracity-bench-soak-'));
    const served = await serve(dir, {}, 'default');
    const pid = served.child.pid!;
    let next = 0;
    let done = 0;
    let failed = 0;
    let afterWarm = 0;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
    const started = performance.now();
    try {
      const submitter = async (): Promise<void> => {
        while (next < CHECKS) {
          const doc = await documentFor(next++);
          const { http, body } = await submitFile(served, { bytes: doc.bytes, name: doc.name, type: doc.type }, true);
          if (http !== 201 || body.status !== 'completed') failed++;
          done++;
          if (done === WARM) afterWarm = rssMb(pid);
          if (done % 250 === 0) process.stderr.write(`soak: ${done}/${CHECKS} checks, RSS ${Math.round(rssMb(pid))} MB\n`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, submitter));
      const end = rssMb(pid);
      const minutes = (performance.now() - started) / 60_000;
      return [
        { bench: 'soak', metric: `RSS after the first ${WARM} checks`, value: Math.round(afterWarm), unit: 'MB' },
        { bench: 'soak', metric: `RSS after ${CHECKS} checks`, value: Math.round(end), unit: 'MB' },
        { bench: 'soak', metric: 'RSS growth, end vs first 100', value: Math.round((end / afterWarm - 1) * 1000) / 10, unit: '%', target: 20 },
        { bench: 'soak', metric: 'peak RSS', value: Math.round(peak), unit: 'MB' },
        { bench: 'soak', metric: 'checks not completed', value: failed, unit: 'checks', target: 0 },
        { bench: 'soak', metric: 'duration', value: Math.round(minutes * 10) / 10, unit: 'min' },
      ];
    } finally {
      clearInterval(sampler);
      await stop(served);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
