/** The fuzz target in a worker thread, so that a hang can be cut and a crash cannot take the fuzzer down. */
import { parentPort } from 'node:worker_threads';
import { runTarget } from './target.js';

parentPort?.on('message', async (msg: { id: number; bytes: Uint8Array; ocr: boolean }) => {
  const result = await runTarget(msg.bytes, { ocr: msg.ocr });
  parentPort?.postMessage({ id: msg.id, result });
});
