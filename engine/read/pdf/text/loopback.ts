/**
 * The in-thread channel between pdf.js's API and its "worker" (in Node the worker's code runs in
 * this thread). pdf.js's own LoopbackPort deep-copies every message with `structuredClone`, which
 * in Node goes through V8's serializer: on a 500-page statement that is ~73,000 messages (operator
 * list chunks with a glyph object per character, text content chunks) and ~3 s of CPU, plus the
 * garbage of the serialized copies. This port copies the same messages with a plain JavaScript
 * walk instead. The copy is still needed: the worker reuses what it sent (an operator list's
 * arrays are emptied right after each chunk is posted).
 *
 * Same result as structuredClone for what pdf.js posts: plain objects and class instances become
 * plain objects with their own enumerable properties, arrays keep their holes, an object reached
 * twice is copied once (identity and cycles kept), typed arrays copy their whole buffer once
 * (offsets kept) unless the buffer is transferred, Map and Set are copied; anything else (errors,
 * dates, ...) goes through structuredClone itself.
 */

type Listener = (this: LoopbackCopyPort, event: { data: unknown }) => void;

/** Typed array constructors by tag: a Node Buffer is cloned as a plain Uint8Array, as structuredClone does. */
const VIEWS: Record<string, new (buffer: ArrayBufferLike, byteOffset: number, length: number) => ArrayBufferView> = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
};

class Copier {
  private readonly seen = new Map<object, unknown>();
  private readonly buffers = new Map<ArrayBufferLike, ArrayBufferLike>();

  constructor(private readonly transfer: ReadonlySet<unknown>) {}

  private buffer(b: ArrayBufferLike): ArrayBufferLike {
    if (this.transfer.has(b) || !(b instanceof ArrayBuffer)) return b; // moved, or shared memory
    let copy = this.buffers.get(b);
    if (!copy) {
      copy = b.slice(0);
      this.buffers.set(b, copy);
    }
    return copy;
  }

  copy(v: unknown): unknown {
    if (typeof v !== 'object' || v === null) return v;
    const known = this.seen.get(v);
    if (known !== undefined) return known;
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      this.seen.set(v, out);
      for (let i = 0; i < v.length; i++) if (i in v) out[i] = this.copy(v[i]);
      return out;
    }
    const proto = Object.getPrototypeOf(v) as object | null;
    if (proto === Object.prototype || proto === null) return this.object(v);
    if (ArrayBuffer.isView(v)) {
      const buffer = this.buffer(v.buffer);
      const View = v instanceof DataView ? null : VIEWS[(v as unknown as { [Symbol.toStringTag]: string })[Symbol.toStringTag]];
      const out = View ? new View(buffer, v.byteOffset, (v as unknown as { length: number }).length) : new DataView(buffer, v.byteOffset, v.byteLength);
      this.seen.set(v, out);
      return out;
    }
    if (v instanceof ArrayBuffer) {
      const out = this.buffer(v);
      this.seen.set(v, out);
      return out;
    }
    if (v instanceof Map) {
      const out = new Map<unknown, unknown>();
      this.seen.set(v, out);
      for (const [k, x] of v) out.set(this.copy(k), this.copy(x));
      return out;
    }
    if (v instanceof Set) {
      const out = new Set<unknown>();
      this.seen.set(v, out);
      for (const x of v) out.add(this.copy(x));
      return out;
    }
    if (isOrdinary(v)) return this.object(v);
    const out = structuredClone(v);
    this.seen.set(v, out);
    return out;
  }

  private object(v: object): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.seen.set(v, out);
    const src = v as Record<string, unknown>;
    for (const k of Object.keys(src)) out[k] = this.copy(src[k]);
    return out;
  }
}

/** A class instance structuredClone copies as a plain object (not an error, date, promise...). */
function isOrdinary(v: object): boolean {
  return !(
    v instanceof Error ||
    v instanceof Date ||
    v instanceof RegExp ||
    v instanceof Promise ||
    v instanceof WeakMap ||
    v instanceof WeakSet ||
    v instanceof Boolean ||
    v instanceof Number ||
    v instanceof String ||
    (typeof Blob !== 'undefined' && v instanceof Blob)
  );
}

/** A structuredClone-equivalent copy of one message (exported for tests). */
export function copyMessage(value: unknown, transfer?: readonly unknown[] | null): unknown {
  return flatCopy(value) ?? new Copier(new Set(transfer ?? [])).copy(value);
}

/**
 * Most messages are small flat records (a stream's pull, a callback's ids): a plain object whose
 * values are all primitives is copied field by field, without a Copier and its maps. Null otherwise.
 */
function flatCopy(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null) return null;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto !== Object.prototype && proto !== null) return null;
  const src = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(src)) {
    const v = src[k];
    if (typeof v === 'object' && v !== null) return null;
    out[k] = v;
  }
  return out;
}

/** pdf.js's stream message kind for a chunk (StreamKind.ENQUEUE in its message handler). */
const STREAM_ENQUEUE = 4;
const TEXT_CONTENT_KEYS = new Set(['items', 'styles', 'lang']);

/**
 * A text content chunk (`getTextContent`: `{ items, styles, lang }`) needs no deep copy: after
 * posting it the worker starts a new items array and a new styles object, and the items it built
 * (fresh objects with fresh transform arrays) are never touched again. Only the chunk object
 * itself is reused, so the message and the chunk are copied one level deep. On a 500-page
 * statement this skips the copy of ~250,000 items. Null for any other message.
 */
export function textContentChunk(obj: unknown): unknown {
  const msg = obj as { stream?: unknown; chunk?: unknown } | null;
  if (typeof msg !== 'object' || msg === null || msg.stream !== STREAM_ENQUEUE) return null;
  const chunk = msg.chunk as { items?: unknown; styles?: unknown } | null;
  if (typeof chunk !== 'object' || chunk === null || !Array.isArray(chunk.items) || typeof chunk.styles !== 'object' || chunk.styles === null) return null;
  if (!Object.keys(chunk).every((k) => TEXT_CONTENT_KEYS.has(k))) return null;
  return { ...msg, chunk: { ...chunk, styles: { ...chunk.styles } } };
}

const OPERATOR_LIST_KEYS = new Set(['fnArray', 'argsArray', 'lastChunk', 'separateAnnots', 'length']);

/**
 * An operator list chunk (`OperatorList.flush`: `{ fnArray, argsArray, lastChunk, separateAnnots,
 * length }`): the worker empties its two arrays right after posting, so those are copied, but the
 * operations' arguments are built afresh for each operation and never changed once flushed (the
 * optimiser merges operations only before the flush; cached ones, like a font's glyph objects or
 * an image's arguments, are reused as they are). Sharing them skips copying a glyph object per
 * drawn character. Null for any other message.
 */
export function operatorListChunk(obj: unknown): unknown {
  const msg = obj as { stream?: unknown; chunk?: unknown } | null;
  if (typeof msg !== 'object' || msg === null || msg.stream !== STREAM_ENQUEUE) return null;
  const chunk = msg.chunk as { fnArray?: unknown; argsArray?: unknown } | null;
  if (typeof chunk !== 'object' || chunk === null || !Array.isArray(chunk.fnArray) || !Array.isArray(chunk.argsArray)) return null;
  if (!Object.keys(chunk).every((k) => OPERATOR_LIST_KEYS.has(k))) return null;
  const separateAnnots = (chunk as { separateAnnots?: unknown }).separateAnnots;
  return { ...msg, chunk: { ...chunk, fnArray: chunk.fnArray.slice(), argsArray: chunk.argsArray.slice(), separateAnnots: copyMessage(separateAnnots) } };
}

/** Drop-in for pdf.js's LoopbackPort (same delivery: copied at post time, delivered after a microtask). */
export class LoopbackCopyPort {
  readonly #listeners = new Map<Listener, (() => void) | null>();
  readonly #deferred = Promise.resolve();

  postMessage(obj: unknown, transfer?: unknown[] | null): void {
    const event = { data: textContentChunk(obj) ?? operatorListChunk(obj) ?? copyMessage(obj, transfer) };
    void this.#deferred.then(() => {
      for (const [listener] of this.#listeners) listener.call(this, event);
    });
  }

  addEventListener(_name: string, listener: Listener, options: { signal?: AbortSignal } | null = null): void {
    let rmAbort: (() => void) | null = null;
    const signal = options?.signal;
    if (signal instanceof AbortSignal) {
      if (signal.aborted) return;
      const onAbort = () => this.removeEventListener(_name, listener);
      rmAbort = () => signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', onAbort);
    }
    this.#listeners.set(listener, rmAbort);
  }

  removeEventListener(_name: string, listener: Listener): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const [, rmAbort] of this.#listeners) rmAbort?.();
    this.#listeners.clear();
  }
}
