/**
 * pdf.js (5.x) inflates every Flate stream it reads -- each page's content stream, fonts, images
 * -- through the global `DecompressionStream`. In Node that is a web stream over zlib: two
 * streams made transferable, a chain of promises and microtasks per stream, costing a small PDF
 * more than its inflating does. pdf.js runs in this thread (no web worker), so the engine gives
 * it a DecompressionStream that inflates in one synchronous zlib call when the input is
 * complete: the same bytes out, one chunk, and a TypeError for damaged data as the standard asks
 * (pdf.js then falls back to its own lenient inflater, as it did before).
 *
 * Its two sides are not web streams but the part of them a reader of the whole input uses: the
 * writable side's writer (`ready`, `write`, `close`, `abort`, `closed`, `desiredSize`,
 * `releaseLock`), the readable side's async iteration and reader (`read`, `cancel`, `closed`,
 * `releaseLock`). They cannot be piped (`pipeThrough`/`pipeTo` want real streams): the global is
 * replaced in the threads that load pdf.js, and nothing else in the engine or the service uses
 * DecompressionStream (pdf.js only writes, closes and iterates, see its FlateStream).
 */
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

const INFLATERS = { deflate: inflateSync, 'deflate-raw': inflateRawSync, gzip: gunzipSync } as const;
type Format = keyof typeof INFLATERS;

type Outcome = { bytes: Uint8Array } | { error: unknown };

/** What the writable side offers (a WritableStreamDefaultWriter's members). */
interface WholeInputWriter {
  readonly ready: Promise<void>;
  readonly closed: Promise<void>;
  readonly desiredSize: number | null;
  write(chunk: BufferSource): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

/** What the readable side offers (async iteration and a ReadableStreamDefaultReader's members). */
interface WholeOutputReader {
  readonly closed: Promise<void>;
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

const quiet = <T>(p: Promise<T>): Promise<T> => {
  p.catch(() => undefined); // observed by whoever awaits it; never an unhandled rejection
  return p;
};

class WholeInputDecompressionStream {
  readonly writable: { readonly locked: boolean; getWriter(): WholeInputWriter };
  readonly readable: AsyncIterable<Uint8Array> & { readonly locked: boolean; getReader(): WholeOutputReader };

  constructor(format: Format) {
    const inflate = INFLATERS[format];
    if (!inflate) throw new TypeError(`Unsupported compression format: '${String(format)}'`);
    const chunks: Uint8Array[] = [];
    let ended = false;
    let settle!: (outcome: Outcome) => void;
    const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
    const finish = (result: Outcome): void => {
      ended = true;
      chunks.length = 0;
      settle(result);
    };
    const failure = (): Promise<never> => quiet(Promise.reject(new TypeError('The decompression stream is closed')));
    const writerClosed = quiet(outcome.then((o) => ('error' in o ? Promise.reject(o.error) : undefined)));
    const writer: WholeInputWriter = {
      ready: Promise.resolve(),
      closed: writerClosed,
      get desiredSize() {
        return ended ? 0 : 1;
      },
      write(chunk) {
        if (ended) return failure();
        const view = ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : new Uint8Array(chunk);
        chunks.push(view.slice());
        return Promise.resolve();
      },
      close() {
        if (ended) return failure();
        try {
          const out = inflate(Buffer.concat(chunks));
          finish({ bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength) });
          return Promise.resolve();
        } catch (err) {
          const error = new TypeError(`Decompression failed: ${(err as Error).message}`);
          finish({ error });
          return quiet(Promise.reject(error));
        }
      },
      abort(reason) {
        if (!ended) finish({ error: reason });
        return Promise.resolve();
      },
      releaseLock() {},
    };
    let delivered = false;
    const read = async (): Promise<ReadableStreamReadResult<Uint8Array>> => {
      const o = await outcome;
      if ('error' in o) throw o.error;
      if (delivered || o.bytes.byteLength === 0) return { done: true, value: undefined };
      delivered = true;
      return { done: false, value: o.bytes };
    };
    const reader: WholeOutputReader = {
      closed: quiet(outcome.then((o) => ('error' in o ? Promise.reject(o.error) : undefined))),
      read,
      cancel(reason) {
        if (!ended) finish({ error: reason });
        delivered = true;
        return Promise.resolve();
      },
      releaseLock() {},
    };
    let writerTaken = false;
    let readerTaken = false;
    this.writable = {
      get locked() {
        return writerTaken;
      },
      getWriter() {
        if (writerTaken) throw new TypeError('The writable side is locked to a writer');
        writerTaken = true;
        return writer;
      },
    };
    this.readable = {
      get locked() {
        return readerTaken;
      },
      getReader() {
        if (readerTaken) throw new TypeError('The readable side is locked to a reader');
        readerTaken = true;
        return reader;
      },
      async *[Symbol.asyncIterator]() {
        for (;;) {
          const { done, value } = await read();
          if (done) return;
          yield value;
        }
      },
    };
  }
}

let installed = false;

export function installInflateStream(): void {
  if (installed) return;
  installed = true;
  Object.defineProperty(globalThis, 'DecompressionStream', { value: WholeInputDecompressionStream, writable: true, configurable: true, enumerable: false });
}
