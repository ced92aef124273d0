/**
 * Regression (issue 29, item 4): with 48 deliveries spread over 8 receivers that never answer,
 * every shared slot (16, 2 per receiver) was held by a hanging receiver, and a healthy receiver's
 * delivery waited for their timeouts (20 s). A receiver with nothing in flight now always gets a
 * slot, and a receiver that times out is backed off (its deliveries wait; one probe at a time).
 * Asserted with counts and an injected clock, never with durations.
 */
import { rmSync } from 'node:fs';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../electron/service/store/index.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from '../../../electron/service/webhooks/dispatcher.js';
import { openTestStore, tempDir } from '../helpers.js';
import { Receiver } from '../webhook-receiver.js';

let dataDir: string;
let store: Store;
const receivers: Receiver[] = [];
let dispatcher: WebhookDispatcher | null = null;

async function receiver(answer: Receiver['answer'] = () => 200): Promise<Receiver> {
  const r = new Receiver();
  r.answer = answer;
  await r.start();
  receivers.push(r);
  return r;
}

function dispatch(options: Partial<WebhookDispatcherOptions>): WebhookDispatcher {
  dispatcher = new WebhookDispatcher({ outbox: store.outbox, secret: async () => 'whsec_test', logger: pino({ level: 'silent' }), ...options });
  dispatcher.start();
  return dispatcher;
}

const total = (rs: Receiver[]) => rs.reduce((n, r) => n + r.deliveries.length, 0);

// A store per test: the first test leaves 32 due deliveries to receivers it closes, which would
// take the next test's shared slots and, on a loaded machine, let its first timeout pause the
// receiver before its second delivery starts (seen as a CI flake).
beforeEach(async () => {
  dataDir = tempDir();
  store = await openTestStore(dataDir);
});
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = null;
  receivers.splice(0).forEach((r) => r.close());
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('webhook receivers share the dispatcher fairly', () => {
  it("a healthy receiver's delivery starts while hanging receivers hold every shared slot", async () => {
    const hanging = await Promise.all(Array.from({ length: 8 }, () => receiver(() => 'hang')));
    const d = dispatch({ concurrency: 16, perReceiver: 2, requestTimeoutMs: 600_000, retryDelaysMs: [60_000] });
    for (let i = 0; i < 48; i++) await d.enqueue('document_check.completed', `chk_hang_${i}`, hanging[i % 8].url, { i });
    // Every shared slot is taken by a receiver that will not answer within this test.
    await expect.poll(() => total(hanging), { timeout: 30_000, interval: 20 }).toBe(16);

    const healthy = await receiver();
    await d.enqueue('document_check.completed', 'chk_healthy', healthy.url, { ok: true });
    await healthy.waitFor(1, 30_000);
    // It did not wait for a slot to free: no hanging attempt has ended, none has been retried.
    expect(total(hanging)).toBe(16);
  });

  it('backs off a receiver that times out, and tries it again (one probe) once the pause is over', async () => {
    let offset = 0;
    const slow = await receiver(() => 'hang');
    // Written before the dispatcher starts, so that its first pass sees all three and starts both
    // of the receiver's slots at once: enqueued one by one on a loaded machine, the first can time
    // out (100 ms) before the second is written, and the pause then holds the second back.
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await WebhookDispatcher.write(store.outbox, 'document_check.completed', `chk_slow_${i}`, slow.url, { i }));
    const d = dispatch({
      requestTimeoutMs: 100,
      retryDelaysMs: [0, 0, 0, 0, 0],
      receiverBackoffMs: 60_000,
      now: () => Date.now() + offset,
    });
    // Both of its slots time out; the retries are due at once (delay 0), but the receiver is paused.
    await expect
      .poll(async () => (await Promise.all(ids.map((id) => store.outbox.get(id)))).filter((r) => r!.attempts === 1).length, { timeout: 30_000, interval: 20 })
      .toBe(2);
    const healthy = await receiver();
    await d.enqueue('document_check.completed', 'chk_after', healthy.url, {});
    await healthy.waitFor(1, 30_000);
    expect(slow.deliveries.length).toBe(2);
    const postponed = await Promise.all(ids.map((id) => store.outbox.get(id)));
    expect(postponed.every((r) => r!.status === 'pending')).toBe(true);

    // The pause (doubled by the second timeout) is over: one probe, not the receiver's two slots.
    offset = 10 * 60_000;
    d.kick();
    await slow.waitFor(3, 30_000);
    await healthy.waitFor(1);
    await d.enqueue('document_check.completed', 'chk_after_2', healthy.url, {});
    await healthy.waitFor(2, 30_000);
    expect(slow.deliveries.length).toBe(3);
  });
});
