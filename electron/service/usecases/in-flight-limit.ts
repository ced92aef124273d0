/**
 * At most `limit` calls per key in flight at once. The per-minute rate limit counts requests,
 * not the work they hold: a handful of requests that each run to a deadline can occupy a shared
 * resource for as long as their sender likes, so such work is bounded per key as well.
 */
import { Busy } from './rejections.js';

export class PerKeyInFlight {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly limit: number,
    /** What is being limited, for the message: "rule previews". */
    private readonly what: string,
  ) {}

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const held = this.running.get(key) ?? 0;
    if (held >= this.limit)
      throw new Busy(`This key already has ${held} ${this.what} running (at most ${this.limit} at once); retry when one has answered.`, 1);
    this.running.set(key, held + 1);
    try {
      return await fn();
    } finally {
      const left = (this.running.get(key) ?? 1) - 1;
      if (left === 0) this.running.delete(key);
      else this.running.set(key, left);
    }
  }
}
