/**
 * pdf.js (5.x) inflates every Flate stream it reads -- each page's content stream, fonts, images
 * -- through the global `DecompressionStream`. In Node that is a web stream over zlib: a chain of
 * promises and microtasks per stream that cost a 500-page statement more than its inflating does.
 * pdf.js runs in this thread (no web worker), so the engine gives it a DecompressionStream that
 * inflates in one synchronous zlib call when the input is complete: the same bytes out, one chunk,
 * and a TypeError for damaged data as the standard asks (pdf.js then falls back to its own
 * lenient inflater, as it did before).
 *
 * It replaces the global for the whole process, so it is a complete DecompressionStream for the
 * three formats; nothing else in the engine or the service streams decompression through it.
 */
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

const INFLATERS = { deflate: inflateSync, 'deflate-raw': inflateRawSync, gzip: gunzipSync } as const;
type Format = keyof typeof INFLATERS;

class WholeInputDecompressionStream extends TransformStream<BufferSource, Uint8Array> {
  constructor(format: Format) {
    const inflate = INFLATERS[format];
    if (!inflate) throw new TypeError(`Unsupported compression format: '${String(format)}'`);
    const chunks: Uint8Array[] = [];
    super({
      transform(chunk) {
        const view = ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : new Uint8Array(chunk);
        chunks.push(view.slice());
      },
      flush(controller) {
        try {
          const out = inflate(Buffer.concat(chunks));
          chunks.length = 0;
          if (out.byteLength) controller.enqueue(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
        } catch (err) {
          throw new TypeError(`Decompression failed: ${(err as Error).message}`);
        }
      },
    });
  }
}

let installed = false;

export function installInflateStream(): void {
  if (installed) return;
  installed = true;
  Object.defineProperty(globalThis, 'DecompressionStream', { value: WholeInputDecompressionStream, writable: true, configurable: true, enumerable: false });
}
