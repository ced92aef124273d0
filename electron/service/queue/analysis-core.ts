/**
 * What the analysis thread runs (worker.ts loads it): the engine on one stored file. Runs in a
 * worker thread, so pdf.js, sharp and OCR never load in (or block) the API thread. Engine failures
 * come back as values: errors do not survive the thread boundary with their codes intact.
 * No top-level await: on Node 20 this module and everything it loads run from one bundled script
 * with a V8 code cache (code-cache.ts).
 */
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { analyze, EngineError, preloadEngine, setOcrIdleTimeout } from '../../../engine/index.js';
import { absorbLateRejections } from './late-rejections.js';
import type { AnalysisOutcome, AnalysisTask } from './types.js';

absorbLateRejections((reason) => {
  if (process.env.VERACITY_DEBUG) console.error('late rejection absorbed:', reason);
});

/** The pool thread lives as long as the service: its OCR worker stays warm between documents. */
const OCR_IDLE_MS = 10 * 60_000;
setOcrIdleTimeout(OCR_IDLE_MS);

/** The thread is ready for its first file only once the detectors are loaded. */
export { preloadEngine };

/**
 * A full collection after each document: the big buffers of one analysis (decoded streams, page
 * renders, pixels) are returned to the system at once instead of whenever the idle thread next
 * collects, so the service's memory falls back after a heavy check.
 */
const collect: (() => void) | null = (() => {
  try {
    v8.setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
})();

export async function runAnalysis(task: AnalysisTask): Promise<AnalysisOutcome> {
  try {
    return await analyseFile(task);
  } finally {
    // After the result has been posted (piscina sends it when this promise settles, a microtask
    // away): the collection is the thread's housekeeping, not the caller's wait.
    if (collect) setImmediate(collect);
  }
}

/**
 * A one-page PDF with a line of text in a base-14 font, built here (offsets computed) so the
 * warm-up needs no file: enough to run pdf.js's parser, text layer and the detectors once.
 */
function warmUpPdf(): Uint8Array {
  const content = 'BT /F1 12 Tf 72 720 Td (Invoice 1001  Date 31/03/2025  Total 45.00 EUR) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const ms = (since: number) => Math.round((performance.now() - since) * 100) / 100;

async function analyseFile(task: AnalysisTask): Promise<AnalysisOutcome> {
  if (task.prime) return { ok: true, analysis: await analyze(warmUpPdf(), { filename: task.filename, maxPages: 1, maxMegapixels: task.maxMegapixels }) };
  const started = performance.now();
  let bytes: Buffer;
  try {
    // Synchronous on purpose: this thread has nothing else to do meanwhile, and the promise form
    // (open, stat, read, close) waits for this thread's event loop four times over, which a busy
    // machine turned into the slowest stage outside the engine.
    bytes = readFileSync(task.path);
  } catch (err) {
    // The code only: the message of a file-system error names the absolute path of the data folder.
    const code = (err as { code?: string }).code ?? 'unknown error';
    return { ok: false, code: 'upload_missing', message: `The stored upload could not be read (${code}); it may have been removed from the data folder.` };
  }
  const read = ms(started);
  try {
    const analysis = await analyze(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      filename: task.filename,
      maxPages: task.maxPages,
      maxMegapixels: task.maxMegapixels,
      ...(task.password !== undefined ? { password: task.password } : {}),
    });
    return { ok: true, analysis, work: { read, total: ms(started) } };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: 'engine_error', message: `The analysis engine failed: ${firstLine(err)}` };
  }
}

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0] || 'unknown error';
}
