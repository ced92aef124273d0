/**
 * Worker thread: analyses one file at a time with the engine's default verdict settings
 * (normal mode, default thresholds, no rules, no disabled flags). Runs in its own thread so
 * the runner can kill it when a file exceeds its time limit.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { analyze, DEFAULT_THRESHOLDS, EngineError, scoreAnalysis } from '../../../engine/index.js';
import type { WorkerReply, WorkerRequest } from './outcome.js';

async function handle(req: WorkerRequest): Promise<WorkerReply> {
  const bytes = new Uint8Array(await readFile(req.path));
  const started = performance.now();
  try {
    const analysis = await analyze(bytes, { filename: req.filename, now: req.now, producerContext: req.producerContext });
    const verdict = scoreAnalysis(
      {
        findings: analysis.findings,
        document: { ...analysis.document, filename: req.filename },
        extracted: analysis.extracted,
        text: analysis.text,
        incomplete: analysis.incomplete,
      },
      { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [] },
    );
    return {
      id: req.id,
      status: 'ok',
      risk_score: verdict.risk_score,
      decision: verdict.decision,
      flags: verdict.flags.map((f) => f.code),
      reasons: verdict.flags.flatMap((f) => f.reasons.map((r) => `${r.code} (${f.severity})`)),
      extracted: { ...analysis.extracted },
      detector_errors: (analysis.incomplete ?? []).filter((i) => i.cause !== 'unreadable').map((i) => i.detector),
      not_checked: (analysis.incomplete ?? []).filter((i) => i.cause === 'unreadable').flatMap((i) => i.checks ?? [i.detector]),
      latency_ms: Math.round(performance.now() - started),
    };
  } catch (err) {
    const e = err as Error;
    const engine = err instanceof EngineError;
    return {
      id: req.id,
      status: engine ? 'engine_error' : 'crash',
      error_code: engine ? (err as EngineError).code : (e?.name ?? 'Error'),
      error: String(e?.message ?? err).slice(0, 500),
      latency_ms: Math.round(performance.now() - started),
    };
  }
}

parentPort?.on('message', (req: WorkerRequest) => {
  handle(req).then(
    (reply) => parentPort!.postMessage(reply),
    (err) => parentPort!.postMessage({ id: req.id, status: 'crash', error_code: 'io', error: String((err as Error)?.message ?? err) } satisfies WorkerReply),
  );
});
