/**
 * Tesseract.js workers per analysis thread (two on a multi-core machine), started on first use and
 * kept warm between documents (starting one costs ~1.5 s). Everything is local: the traineddata comes from the
 * installed @tesseract.js-data/eng package (never the CDN, which hangs offline), the core wasm
 * and worker script from tesseract.js itself, and nothing is cached to disk.
 *
 * tesseract.js runs the worker in its own worker_thread and does not expose it to be unref'd, so
 * an idle worker is terminated after IDLE_MS to let a one-shot process (CLI, script) exit.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Page, RecognizeOptions, Worker, WorkerParams } from 'tesseract.js';
import { loadTesseract } from '../../lazy-libraries.js';
import type { Crop } from './prepare.js';

/** One-shot processes (CLI, scripts) exit this soon after their last recognition. */
const IDLE_MS = 15_000;
let idleMs = IDLE_MS;

/**
 * How long an idle worker stays warm. A long-lived analysis thread (the service's worker pool)
 * sets minutes, so documents that arrive apart do not each pay the ~1.5 s start.
 */
export function setOcrIdleTimeout(ms: number): void {
  if (Number.isFinite(ms) && ms > 0) idleMs = ms;
}

/**
 * Two workers where there are two cores: a scanned PDF's pages are read two at a time. (A single
 * page is not split between them: tesseract binarises and sizes text per image, and halves of a
 * page read differently from the whole, docs/ocr.md.)
 */
const WORKERS = Math.max(1, Math.min(2, os.availableParallelism()));

interface Slot {
  worker: Promise<Worker> | null;
  queue: Promise<unknown>;
  pending: number;
}
const slots: Slot[] = Array.from({ length: WORKERS }, () => ({ worker: null, queue: Promise.resolve(), pending: 0 }));
let idleTimer: NodeJS.Timeout | null = null;

/** How many recognitions can run at once (one per worker). */
export function ocrParallelism(): number {
  return WORKERS;
}

/** The integer-quantised LSTM model: a quarter of the size of the full one, same accuracy on print. */
export function langPath(): string {
  const pkg = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

async function startWorker(): Promise<Worker> {
  const { createWorker, OEM, PSM } = await loadTesseract();
  const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: langPath(), gzip: true, cacheMethod: 'none' });
  // One column of variable-size text: keeps a table row on one line instead of splitting the
  // page into column blocks (auto segmentation), and is about twice as fast on documents.
  await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_COLUMN, preserve_interword_spaces: '1' });
  return w;
}

function scheduleIdleStop(): void {
  if (idleTimer) clearTimeout(idleTimer);
  if (slots.some((s) => s.pending > 0)) return;
  idleTimer = setTimeout(() => void terminateOcr(), idleMs);
  idleTimer.unref();
}

/**
 * Recognises one prepared image (engine/ocr/prepare.ts: PGM bytes, and the source's resolution
 * when it has a credible one), or one rectangle of it, on the worker with the fewest jobs
 * waiting; each worker reads one image at a time.
 */
export function recognize(image: Buffer, dpi?: number, rectangle?: Crop): Promise<Page> {
  const slot = slots.reduce((a, b) => (b.pending < a.pending ? b : a));
  slot.pending++;
  if (idleTimer) clearTimeout(idleTimer);
  const job = slot.queue.then(async () => {
    slot.worker ??= startWorker().catch((err: unknown) => {
      slot.worker = null;
      throw err;
    });
    const w = await slot.worker;
    // Tesseract parameters given with a recognition hold for it only (tesseract.js restores them
    // afterwards); its typings list only its own options there.
    const params: Partial<WorkerParams> = dpi ? { user_defined_dpi: String(dpi) } : {};
    // `rectangle` reads one part of the image; word boxes still come in the whole image's pixels.
    const options = { ...(params as unknown as Partial<RecognizeOptions>), ...(rectangle ? { rectangle } : {}) };
    const { data } = await w.recognize(image, options, { blocks: true, text: false });
    return data;
  });
  const settled = job.finally(() => {
    slot.pending--;
    scheduleIdleStop();
  });
  slot.queue = settled.catch(() => undefined);
  return settled;
}

/** Stops the workers (tests, shutdown); the next recognition starts new ones. */
export async function terminateOcr(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  await Promise.all(
    slots.map(async (slot) => {
      const w = slot.worker;
      slot.worker = null;
      if (w) await (await w.catch(() => null))?.terminate().catch(() => undefined);
    }),
  );
}

process.once('exit', () => {
  // Best effort: a worker_thread dies with its process anyway; this only skips the idle wait.
  if (slots.some((s) => s.worker)) void terminateOcr();
});
