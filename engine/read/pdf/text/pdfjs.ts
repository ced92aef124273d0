/**
 * Opening a PDF with pdf.js in Node (and Electron's main/worker threads): no web worker, no eval,
 * no font faces, no system fonts -- we read what the file says, never what this machine has.
 * pdf.js's own failures are mapped to the engine's error codes here, once.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
// Must stay the first import that reaches pdf.js: it keeps the built-ins pdf.js replaces.
import { restoreNatives } from './natives.js';
// Before pdf.js too: @napi-rs/canvas loads only when a page is rendered (see that module).
import './canvas-on-demand.js';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { isResourceFailure } from '../../../kit/resource-failure.js';
import { EngineError } from '../../../types.js';
import { IMAGE_LIMITS } from '../structure/image-budget.js';
import { installInflateStream } from './inflate-stream.js';
import { LoopbackCopyPort } from './loopback.js';
// pdf.js's minified build (the same release and code as pdf.mjs, typed by its declarations in
// pdfjs-min.d.ts), about half the source to parse. The last import, so the modules above
// evaluate first: pdf.js installs its polyfills as it loads. A static import (not an awaited
// one) so that the analysis thread's bundle (scripts/bundle-analysis.mjs) needs no top-level await.
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.min.mjs';

restoreNatives();
installInflateStream();

export { pdfjs };
export type { PDFDocumentProxy };

let assetDirs: { cmaps: string; wasm: string } | null = null;

/** pdf.js resolves its data files by URL prefix; in Node a directory path with a trailing slash works. */
function pdfjsAssets(): { cmaps: string; wasm: string } {
  if (!assetDirs) {
    const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    assetDirs = {
      cmaps: path.join(root, 'cmaps') + path.sep,
      wasm: path.join(root, 'wasm') + path.sep,
    };
  }
  return assetDirs;
}

interface WorkerSide {
  WorkerMessageHandler: { initializeFromPort(port: unknown): void };
}

let workerSide: Promise<WorkerSide> | null = null;

/** pdf.js's worker code (its minified build), run in this thread as its fake worker does (loaded once). */
function loadWorkerSide(): Promise<WorkerSide> {
  workerSide ??= (import('pdfjs-dist/legacy/build/pdf.worker.min.mjs') as Promise<WorkerSide>).finally(restoreNatives);
  return workerSide;
}

/**
 * A worker for one document on our own loopback port (engine/pdf/text/loopback.ts: the messages
 * are copied without structuredClone). pdf.js does not destroy a worker it was given, so the
 * document's `destroy` does it here.
 */
async function ownWorker(): Promise<InstanceType<typeof pdfjs.PDFWorker>> {
  const { WorkerMessageHandler } = await loadWorkerSide();
  const port = new LoopbackCopyPort();
  WorkerMessageHandler.initializeFromPort(port);
  // Typed `port?: null` in pdf.js 5.4 although it takes any MessagePort-like object.
  return new pdfjs.PDFWorker({ port: port as unknown as null, verbosity: pdfjs.VerbosityLevel.ERRORS });
}

/**
 * Opens with the empty password first; only a file that needs a password is given the caller's
 * (pdf.js tries it as the user's, then the owner's). A file that opens for anyone never fails
 * because the caller supplied a password it does not need.
 */
export async function openPdf(bytes: Uint8Array, options: { password?: string } = {}): Promise<PDFDocumentProxy> {
  const assets = pdfjsAssets();
  const worker = await ownWorker();
  // pdf.js transfers (detaches) the buffer it is given; the caller's bytes must stay usable.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    password: '',
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    // No standardFontDataUrl on purpose: with it pdf.js loads substitute programs for
    // non-embedded fonts and reports them as embedded (missingFile = false). We never render, and
    // pdf.js has built-in metrics for the base-14 fonts, so positions stay exact without them.
    cMapUrl: assets.cmaps,
    cMapPacked: true,
    wasmUrl: assets.wasm,
    // pdf.js 5's JBIG2 wasm decoder never settles on the second JBIG2 document in a process
    // (a cached module promise); the JavaScript decoders are slower but always finish.
    useWasm: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    stopAtErrors: false,
    // The decode budget refuses images declaring more before pdf.js sees them; this is pdf.js's
    // own guard for any it would still meet (skipped with a warning, never allocated).
    maxImageSize: IMAGE_LIMITS.maxPixels,
    worker,
  });
  let offered = false;
  task.onPassword = (update: (password: string | Error) => void, reason: number) => {
    if (reason === pdfjs.PasswordResponses.NEED_PASSWORD && options.password !== undefined && !offered) {
      offered = true;
      update(options.password);
    } else {
      // Declining ends the loading with pdf.js's own PasswordException (NEED or INCORRECT).
      update(new Error('no further password'));
    }
  };
  try {
    const doc = await task.promise;
    const destroy = doc.destroy.bind(doc);
    doc.destroy = async () => {
      try {
        await destroy();
      } finally {
        worker.destroy();
      }
    };
    return doc;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    worker.destroy();
    throw toEngineError(err);
  } finally {
    // The first document loads pdf.js's worker module, which installs its polyfills again.
    restoreNatives();
  }
}

export function toEngineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const name = (err as { name?: string } | null)?.name ?? '';
  const message = (err as { message?: string } | null)?.message ?? String(err);
  if (name === 'PasswordException') {
    const code = (err as { code?: number }).code;
    if (code === pdfjs.PasswordResponses.INCORRECT_PASSWORD)
      return new EngineError('password_incorrect', 'The PDF needs a password to open and the password given does not open it.');
    return new EngineError('password_required', 'The PDF needs a password to open and none was given.');
  }
  if (isResourceFailure(err)) return new EngineError('resource_limit', `The PDF asks for more memory than a document may use: ${message}`);
  return new EngineError('corrupt_document', `The PDF cannot be parsed: ${message}`);
}
