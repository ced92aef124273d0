/**
 * Delivers webhook events from the persisted outbox. Enqueueing is a single INSERT, so analysis
 * never waits on a receiver; delivery runs on timers, retries with backoff, and resumes after a
 * restart because the outbox row is the source of truth.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DEFAULT_RETRY_DELAYS_MS } from '../config.js';
import type { OutboxItem, OutboxStore } from '../store/outbox.js';
import { signPayload } from './signature.js';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { assertPublicLiteral, publicOnlyLookup } from '../upload/pinned-lookup.js';

export interface WebhookDispatcherOptions {
  outbox: OutboxStore;
  secret: () => Promise<string>;
  logger: Logger;
  retryDelaysMs?: readonly number[];
  requestTimeoutMs?: number;
  /**
   * Refuses loopback and private receivers (DECISIONS: allowed by default), checked in the
   * connection's own lookup so a rebinding name cannot slip through.
   */
  publicOnly?: boolean;
  /**
   * Deliveries in flight at once, across all receivers. A receiver with nothing in flight may
   * still start one beyond it (up to twice this), so busy receivers never keep a quiet one waiting.
   */
  concurrency?: number;
  /** Deliveries in flight at once to one receiver (scheme, host and port). */
  perReceiver?: number;
  /**
   * With other processes writing the outbox (a team server's workers), how often an idle
   * dispatcher looks for their deliveries; absent: only when kicked or a delivery is due.
   */
  idlePollMs?: number;
  /** First pause of a receiver that got no answer in time; it doubles while the timeouts go on, up to 5 min. */
  receiverBackoffMs?: number;
  /** The clock of due times and back-offs (tests move it). */
  now?: () => number;
}

/** The longest a receiver that keeps timing out is left alone. */
const MAX_RECEIVER_BACKOFF_MS = 5 * 60_000;

/** A receiver whose last attempts got no answer: how many in a row, and until when it is left alone. */
interface Backoff {
  timeouts: number;
  until: number;
}

/**
 * Every attempt is independent: it has its own deadline, it holds a slot of its receiver only,
 * and the dispatcher never waits for one attempt before starting another. So a receiver that
 * hangs costs its own deliveries at most the deadline each, and never delays another receiver's:
 * a receiver with nothing in flight always gets a slot, and one that keeps timing out is backed
 * off (its deliveries wait, one probe at a time), so hanging receivers cannot hold every slot.
 */
export class WebhookDispatcher {
  private readonly retryDelays: readonly number[];
  /** Attempts in flight, by delivery id, with the receiver they occupy. */
  private readonly inFlight = new Map<string, { receiver: string; done: Promise<void>; abort: AbortController }>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private pumping = false;
  private pumpAgain = false;
  private readonly concurrency: number;
  private readonly perReceiver: number;
  private readonly timeoutMs: number;
  /** How long a claim holds a delivery: well past the attempt's own deadline. */
  private readonly claimMs: number;
  private readonly backoffMs: number;
  private readonly now: () => number;
  /** Receivers backed off after timeouts, by origin; a delivered attempt clears its receiver. */
  private readonly backoffs = new Map<string, Backoff>();

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.concurrency = Math.max(1, options.concurrency ?? 16);
    this.perReceiver = Math.max(1, options.perReceiver ?? 2);
    this.timeoutMs = options.requestTimeoutMs ?? 10_000;
    this.claimMs = this.timeoutMs + 30_000;
    this.backoffMs = options.receiverBackoffMs ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /** Writes a delivery into `outbox` (the caller's transaction's); `kick()` once it commits. */
  static async write(outbox: OutboxStore, event: string, checkId: string, url: string, payload: unknown): Promise<string> {
    const id = randomUUID();
    await outbox.enqueue({ id, check_id: checkId, event, url, body: JSON.stringify(payload) }, Date.now());
    return id;
  }

  /** Persists a delivery; it goes out as soon as the dispatcher is running. */
  async enqueue(event: string, checkId: string, url: string, payload: unknown): Promise<string> {
    const id = await WebhookDispatcher.write(this.options.outbox, event, checkId, url, payload);
    this.kick();
    return id;
  }

  start(): void {
    this.running = true;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    // An interrupted attempt is not recorded: the row stays pending and is sent again after a
    // restart with the same Veracity-Delivery id, which receivers use to drop duplicates.
    const ids = [...this.inFlight.keys()];
    const attempts = [...this.inFlight.values()];
    for (const a of attempts) a.abort.abort();
    await Promise.all(attempts.map((a) => a.done));
    // Their claims go back so that another process (or the next start) sends them at once.
    await this.options.outbox.unclaim(ids).catch((err: unknown) => this.options.logger.warn({ err }, 'webhook claims not released; they expire'));
  }

  /** Looks at the outbox now (a delivery was just committed). */
  kick(): void {
    if (!this.running || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pump(), 0);
    this.timer.unref();
  }

  /** Starts every due delivery that has a free slot, overall and at its receiver; never waits. */
  private async pump(): Promise<void> {
    if (!this.running || this.stopped) return;
    // One pass at a time: a pass awaits the database, and a kick meanwhile asks for another.
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      const busy = new Map<string, number>();
      for (const a of this.inFlight.values()) busy.set(a.receiver, (busy.get(a.receiver) ?? 0) + 1);
      // Enough rows to see past those in flight and past receivers that are full.
      const now = this.now();
      const due = await this.options.outbox.due(now, this.inFlight.size + this.concurrency * 4);
      for (const item of due) {
        if (this.inFlight.size >= this.concurrency * 2 || this.stopped) break;
        if (this.inFlight.has(item.id)) continue;
        const receiver = receiverOf(item.url);
        const backoff = this.backoffs.get(receiver);
        if (backoff && backoff.until > now) {
          // Out of the due rows until then, so that its backlog cannot crowd out other receivers'.
          await this.options.outbox.postpone(item.id, backoff.until);
          continue;
        }
        const used = busy.get(receiver) ?? 0;
        // A receiver that has been timing out is probed with one delivery at a time.
        if (used >= (backoff ? 1 : this.perReceiver)) continue;
        // The shared slots; past them, only a receiver with nothing in flight may start one.
        if (this.inFlight.size >= this.concurrency && used > 0) continue;
        // Another process may have taken it since `due` read it: only the claim's winner sends.
        if (!(await this.options.outbox.claim(item.id, now, this.now() + this.claimMs))) continue;
        busy.set(receiver, used + 1);
        this.launch(item, receiver);
      }
      await this.scheduleNext();
    } catch (err) {
      this.options.logger.error({ err }, 'webhook dispatch failed');
    } finally {
      this.pumping = false;
    }
    if (this.pumpAgain) {
      this.pumpAgain = false;
      this.kick();
    }
  }

  private launch(item: OutboxItem, receiver: string): void {
    const abort = new AbortController();
    const done = this.attempt(item, receiver, abort).finally(() => {
      this.inFlight.delete(item.id);
      this.kick();
    });
    this.inFlight.set(item.id, { receiver, done, abort });
  }

  private async scheduleNext(): Promise<void> {
    if (!this.running || this.stopped) return;
    const next = await this.options.outbox.nextDueAt();
    if (!this.running || this.stopped) return;
    const idle = this.options.idlePollMs;
    if (next === null && idle === undefined) return;
    // Capped so a clock change or an enqueue by another process is noticed within a few seconds.
    const wait = Math.min(next === null ? Infinity : Math.max(0, next - this.now()), idle ?? 5_000, 5_000);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pump(), wait);
    this.timer.unref();
  }

  private async attempt(item: OutboxItem, receiver: string, abort: AbortController): Promise<void> {
    const attempts = item.attempts + 1;
    try {
      const { error, timedOut } = await this.send(item, abort);
      if (!this.stopped) this.noteReceiver(receiver, error, timedOut);
      // Stopping: a delivery the receiver took is still recorded (the database closes after
      // stop()), so it is not sent again; a failed one is left for the next start.
      if (this.stopped && error !== null) return;
      if (error === null) {
        await this.options.outbox.markDelivered(item.id, attempts);
        this.options.logger.info({ delivery: item.id, check: item.check_id, attempts }, 'webhook delivered');
        return;
      }
      const delay = this.retryDelays[attempts - 1];
      if (delay === undefined) {
        await this.options.outbox.markFailed(item.id, attempts, error);
        this.options.logger.warn({ delivery: item.id, check: item.check_id, attempts, error }, 'webhook given up');
      } else {
        await this.options.outbox.reschedule(item.id, attempts, this.now() + delay, error);
        this.options.logger.info({ delivery: item.id, check: item.check_id, attempts, error, retryInMs: delay }, 'webhook will retry');
      }
    } catch (err) {
      // The outbox write failed (e.g. the disk is full): the row stays as it was and is retried.
      this.options.logger.error({ err, delivery: item.id }, 'webhook outcome could not be recorded');
    }
  }

  /**
   * An answer in time clears a receiver's back-off; no answer in time lengthens it (doubling).
   * A quick refusal (an HTTP error) costs no slot time, so only the delivery's own retries apply.
   */
  private noteReceiver(receiver: string, error: string | null, timedOut: boolean): void {
    if (!timedOut) {
      if (error === null) this.backoffs.delete(receiver);
      return;
    }
    const timeouts = (this.backoffs.get(receiver)?.timeouts ?? 0) + 1;
    const pause = Math.min(this.backoffMs * 2 ** Math.min(timeouts - 1, 20), MAX_RECEIVER_BACKOFF_MS);
    this.backoffs.set(receiver, { timeouts, until: this.now() + pause });
    this.options.logger.warn({ receiver, timeouts, pause_ms: pause }, 'webhook receiver does not answer; backing off');
  }

  /**
   * `error` null on success, else a short description of the failure. The deadline is a plain
   * timer held here (AbortSignal.timeout inside AbortSignal.any can be collected before it fires
   * on Node 20), and the attempt settles at the deadline even if the request ignores the abort.
   */
  private async send(item: OutboxItem, abort: AbortController): Promise<{ error: string | null; timedOut: boolean }> {
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const deadline = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        timedOut = true;
        abort.abort(new Error(`no answer within ${this.timeoutMs} ms`));
        resolve(`no answer within ${this.timeoutMs} ms`);
      }, this.timeoutMs);
    });
    try {
      const error = await Promise.race([deadline, this.post(item, abort.signal)]);
      return { error, timedOut };
    } finally {
      clearTimeout(timer);
    }
  }

  private async post(item: OutboxItem, signal: AbortSignal): Promise<string | null> {
    try {
      const url = new URL(item.url);
      const publicOnly = this.options.publicOnly ?? false;
      if (publicOnly) assertPublicLiteral(url);
      const t = Math.floor(Date.now() / 1000);
      const body = Buffer.from(item.body, 'utf8');
      const secret = await this.options.secret();
      const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
      // Redirects are not followed: a receiver answers for itself.
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(url, {
          method: 'POST',
          signal,
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            'user-agent': 'Veracity-Webhooks/1',
            'veracity-event': item.event,
            'veracity-delivery': item.id,
            'veracity-signature': signPayload(secret, t, item.body),
          },
          ...(publicOnly ? { lookup: publicOnlyLookup } : {}),
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
      return status >= 200 && status < 300 ? null : `HTTP ${status}`;
    } catch (err) {
      if (signal.aborted) return (signal.reason as Error | undefined)?.message ?? 'aborted';
      return (err as Error).message || String(err);
    }
  }
}

/** Deliveries are limited per receiver: scheme, host and port of the URL. */
function receiverOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
