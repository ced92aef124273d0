/**
 * A lazy, memoised, timed store of named facts about one document. Each fact is produced at most
 * once, the first time something asks for it, and its cost lands in `timings['fact:<name>']`
 * (wall time, including the facts it asked for in turn). Failures are memoised too: a fact that
 * cannot be produced fails the same way for every reader instead of being retried.
 *
 * Producers may be synchronous or asynchronous. `get` works for both; `now` reads a fact
 * synchronously and is for the thin `DetectorContext` getters and sync detectors: it produces a
 * synchronous fact on the spot and refuses (throws) when an asynchronous one is not ready yet.
 */

export type Producers<F, I> = { [K in keyof F]: (store: FactStore<F, I>) => F[K] | Promise<F[K]> };

/** A synchronous read of a fact that is still being produced: the reader may retry once it is ready. */
export class FactPendingError extends Error {
  constructor(readonly fact: string) {
    super(`fact '${fact}' is still being produced; await facts.get('${fact}')`);
    this.name = 'FactPendingError';
  }
}

type Slot<T> = { state: 'pending'; promise: Promise<T> } | { state: 'ready'; value: T } | { state: 'failed'; error: unknown };

function isPromise<T>(v: T | Promise<T>): v is Promise<T> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

export class FactStore<F, I> {
  private readonly slots = new Map<keyof F, Slot<unknown>>();
  private readonly disposers: Array<() => Promise<void> | void> = [];

  constructor(
    /** What the facts are about (for a document: its bytes, type and analysis options). */
    readonly inputs: I,
    private readonly producers: Producers<F, I>,
    readonly timings: Record<string, number>,
    seed: Partial<F> = {},
  ) {
    for (const key of Object.keys(seed) as Array<keyof F>) this.slots.set(key, { state: 'ready', value: seed[key] });
  }

  /** The fact, produced now if nobody asked for it before. */
  get<K extends keyof F>(name: K): Promise<F[K]> {
    const slot = this.slots.get(name) as Slot<F[K]> | undefined;
    if (slot?.state === 'ready') return Promise.resolve(slot.value);
    if (slot?.state === 'failed') return Promise.reject(slot.error);
    if (slot?.state === 'pending') return slot.promise;
    try {
      const out = this.produce(name);
      return isPromise(out) ? out : Promise.resolve(out);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /**
   * The fact synchronously. Synchronous producers run on the spot; an asynchronous fact must have
   * been awaited before (the context factory awaits the ones its classic fields expose).
   */
  now<K extends keyof F>(name: K): F[K] {
    const slot = this.slots.get(name) as Slot<F[K]> | undefined;
    if (slot?.state === 'ready') return slot.value;
    if (slot?.state === 'failed') throw slot.error;
    if (slot?.state === 'pending') throw new FactPendingError(String(name));
    const out = this.produce(name);
    if (isPromise(out)) throw new FactPendingError(String(name));
    return out;
  }

  /** True when the fact is already known (produced, seeded, or failed): asking costs nothing. */
  has(name: keyof F): boolean {
    const s = this.slots.get(name);
    return s !== undefined && s.state !== 'pending';
  }

  /** Registers clean-up for a resource a fact holds open (pdf.js documents); run by `dispose`. */
  onDispose(fn: () => Promise<void> | void): void {
    this.disposers.push(fn);
  }

  async dispose(): Promise<void> {
    const fns = this.disposers.splice(0);
    await Promise.all(fns.map(async (fn) => fn()));
  }

  private produce<K extends keyof F>(name: K): F[K] | Promise<F[K]> {
    const start = performance.now();
    const done = () => {
      this.timings[`fact:${String(name)}`] = Math.round((performance.now() - start) * 100) / 100;
    };
    let out: F[K] | Promise<F[K]>;
    try {
      out = this.producers[name](this);
    } catch (error) {
      done();
      // Waiting on another fact is not a failure of this one: it can be produced later.
      if (!(error instanceof FactPendingError)) this.slots.set(name, { state: 'failed', error });
      throw error;
    }
    if (!isPromise(out)) {
      done();
      this.slots.set(name, { state: 'ready', value: out });
      return out;
    }
    const promise = out.then(
      (value) => {
        done();
        this.slots.set(name, { state: 'ready', value });
        return value;
      },
      (error: unknown) => {
        done();
        this.slots.set(name, { state: 'failed', error });
        throw error;
      },
    );
    this.slots.set(name, { state: 'pending', promise });
    return promise;
  }
}
