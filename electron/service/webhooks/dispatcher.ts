/**
 * Delivers webhook events from the persisted outbox. Enqueueing is a single INSERT, so analysis
 * never waits on a receiver; delivery runs on timers, retries with backoff, and resumes after a
 * restart because the outbox row is the source of truth.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { OutboxItem, OutboxStore } from '../store/outbox.js';
import { signPayload } from './signature.js';

/** Delay before retry n (after the first failed attempt): about 1 s, 10 s, 1 min, 10 min, 1 h. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 10_000, 60_000, 600_000, 3_600_000] as const;

export interface WebhookDispatcherOptions {
  outbox: OutboxStore;
  secret: () => string;
  logger: Logger;
  retryDelaysMs?: readonly number[];
  requestTimeoutMs?: number;
  /** Refuses loopback and private addresses when set (DECISIONS: allowed by default). */
  checkUrl?: (url: string) => Promise<void>;
  concurrency?: number;
}

export class WebhookDispatcher {
  private readonly retryDelays: readonly number[];
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private pumping: Promise<void> | null = null;
  private readonly halt = new AbortController();

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Persists a delivery; it goes out as soon as the dispatcher is running. */
  enqueue(event: string, checkId: string, url: string, payload: unknown): string {
    const id = randomUUID();
    this.options.outbox.enqueue({ id, check_id: checkId, event, url, body: JSON.stringify(payload) }, Date.now());
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
    this.halt.abort();
    await this.pumping;
  }

  private kick(): void {
    if (!this.running || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pump(), 0);
    this.timer.unref();
  }

  private async pump(): Promise<void> {
    if (this.pumping || this.stopped) return;
    this.pumping = (async () => {
      try {
        const limit = this.options.concurrency ?? 4;
        const due = this.options.outbox.due(Date.now(), limit * 2).filter((i) => !this.inFlight.has(i.id));
        for (let i = 0; i < due.length; i += limit) {
          await Promise.all(due.slice(i, i + limit).map((item) => this.attempt(item)));
          if (this.stopped) return;
        }
      } catch (err) {
        this.options.logger.error({ err }, 'webhook dispatch failed');
      }
    })();
    await this.pumping;
    this.pumping = null;
    this.scheduleNext();
  }

  private scheduleNext(): void {
    if (!this.running || this.stopped) return;
    const next = this.options.outbox.nextDueAt();
    if (next === null) return;
    // Capped so a clock change or an enqueue by another process is noticed within a few seconds.
    const wait = Math.min(Math.max(0, next - Date.now()), 5_000);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pump(), wait);
    this.timer.unref();
  }

  private async attempt(item: OutboxItem): Promise<void> {
    this.inFlight.add(item.id);
    const attempts = item.attempts + 1;
    try {
      const error = await this.send(item);
      if (this.stopped) return;
      if (error === null) {
        this.options.outbox.markDelivered(item.id, attempts);
        this.options.logger.info({ delivery: item.id, check: item.check_id, attempts }, 'webhook delivered');
        return;
      }
      const delay = this.retryDelays[attempts - 1];
      if (delay === undefined) {
        this.options.outbox.markFailed(item.id, attempts, error);
        this.options.logger.warn({ delivery: item.id, check: item.check_id, attempts, error }, 'webhook given up');
      } else {
        this.options.outbox.reschedule(item.id, attempts, Date.now() + delay, error);
        this.options.logger.info({ delivery: item.id, check: item.check_id, attempts, error, retryInMs: delay }, 'webhook will retry');
      }
    } finally {
      this.inFlight.delete(item.id);
    }
  }

  /** Returns null on success, else a short description of the failure. */
  private async send(item: OutboxItem): Promise<string | null> {
    try {
      await this.options.checkUrl?.(item.url);
      const t = Math.floor(Date.now() / 1000);
      const res = await fetch(item.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Veracity-Webhooks/1',
          'veracity-event': item.event,
          'veracity-delivery': item.id,
          'veracity-signature': signPayload(this.options.secret(), t, item.body),
        },
        body: item.body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.options.requestTimeoutMs ?? 10_000), this.halt.signal]),
      });
      await res.body?.cancel();
      return res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`;
    } catch (err) {
      return (err as Error).message || String(err);
    }
  }
}
