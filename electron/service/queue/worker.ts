/**
 * Piscina worker: runs the engine on one stored file. Runs in a worker thread, so pdf.js, sharp
 * and OCR never load in (or block) the API thread. Engine failures come back as values: errors
 * do not survive the thread boundary with their codes intact.
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { analyze } from '../../../engine/analyze.js';
import { setOcrIdleTimeout } from '../../../engine/ocr/index.js';
import { EngineError } from '../../../engine/types.js';
import type { AnalysisOutcome, AnalysisTask } from './types.js';

/** The pool thread lives as long as the service: its OCR worker stays warm between documents. */
const OCR_IDLE_MS = 10 * 60_000;
setOcrIdleTimeout(OCR_IDLE_MS);

export default async function runAnalysis(task: AnalysisTask): Promise<AnalysisOutcome> {
  // TEST ONLY: lets the restart-recovery test kill the service while checks are mid-analysis.
  const delay = Number(process.env.VERACITY_TEST_ANALYSIS_DELAY_MS ?? 0);
  if (delay > 0) await sleep(delay);
  let bytes: Buffer;
  try {
    bytes = await readFile(task.path);
  } catch (err) {
    return { ok: false, code: 'upload_missing', message: `The stored upload could not be read: ${(err as Error).message}` };
  }
  try {
    const analysis = await analyze(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      filename: task.filename,
      maxPages: task.maxPages,
      maxMegapixels: task.maxMegapixels,
    });
    return { ok: true, analysis };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: 'engine_error', message: `The analysis engine failed: ${firstLine(err)}` };
  }
}

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0] || 'unknown error';
}
