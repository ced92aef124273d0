/** The fuzz target in a worker thread, so that a hang can be cut and a crash cannot take the fuzzer down. */
import { parentPort } from 'node:worker_threads';
import { absorbLateRejections } from '../../electron/service/queue/late-rejections.js';
import { runTarget } from './target.js';

// As in the service's analysis threads: counted, not fatal.
let late = 0;
absorbLateRejections(() => late++);

parentPort?.on('message', async (msg: { id: number; bytes: Uint8Array; ocr: boolean }) => {
  const result = await runTarget(msg.bytes, { ocr: msg.ocr });
  parentPort?.postMessage({ id: msg.id, result, lateRejections: late });
});
