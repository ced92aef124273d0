/**
 * Worker thread for `npm run calibrate`: analyses one file and replies with every finding's
 * flag, reason code and hand-set strength (published or not), so the fit and every before/after
 * figure can be recomputed from the cache without running the engine again.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { analyze, EngineError } from '../../../engine/index.js';
import type { WorkerRequest } from '../eval/outcome.js';
import type { CachedFinding } from './types.js';

interface FindingsReply {
  id: number;
  status: 'ok' | 'engine_error' | 'crash';
  error_code?: string;
  error?: string;
  findings?: CachedFinding[];
  latency_ms: number;
}

async function handle(req: WorkerRequest): Promise<FindingsReply> {
  const bytes = new Uint8Array(await readFile(req.path));
  const started = performance.now();
  try {
    const analysis = await analyze(bytes, { filename: req.filename, now: req.now });
    const findings = analysis.findings.map((f) => ({ flag: f.flag, code: f.code, strength: f.strength }));
    return { id: req.id, status: 'ok', findings, latency_ms: Math.round(performance.now() - started) };
  } catch (err) {
    const e = err as Error;
    const engine = err instanceof EngineError;
    return {
      id: req.id,
      status: engine ? 'engine_error' : 'crash',
      error_code: engine ? (err as EngineError).code : (e?.name ?? 'Error'),
      error: String(e?.message ?? err).slice(0, 300),
      latency_ms: Math.round(performance.now() - started),
    };
  }
}

parentPort?.on('message', (req: WorkerRequest) => {
  handle(req).then(
    (reply) => parentPort!.postMessage(reply),
    (err) =>
      parentPort!.postMessage({
        id: req.id,
        status: 'crash',
        error_code: 'io',
        error: String((err as Error)?.message ?? err),
        latency_ms: 0,
      } satisfies FindingsReply),
  );
});
