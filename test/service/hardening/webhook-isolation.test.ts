/**
 * Regression (hardening issue, item 2): eight receivers that never answer stopped every webhook
 * delivery, including a healthy receiver's, and wedged it again after a restart. Attempts now run
 * independently, each with a deadline that really fires, and one receiver holds at most its own slots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, makePdf, openTestStore, startTestService, submitAndWait, tempDir } from '../helpers.js';
import { Receiver } from '../webhook-receiver.js';

const hanging: Receiver[] = [];
let healthy: Receiver;

beforeAll(async () => {
  assertWorkerBuilt();
  for (let i = 0; i < 8; i++) {
    const r = new Receiver();
    r.answer = () => 'hang';
    await r.start();
    hanging.push(r);
  }
  healthy = new Receiver();
  await healthy.start();
});
afterAll(() => [...hanging, healthy].forEach((r) => r?.close()));

describe('webhook delivery with hanging receivers', () => {
  it('delivers to a healthy receiver while eight others hang, before and after a restart', async () => {
    const dataDir = tempDir();
    // The default 10 s deadline: a healthy delivery must not wait for any hanging one to expire.
    const first = await startTestService({ dataDir, webhookRetryDelaysMs: [60_000] });
    try {
      for (const [i, r] of hanging.entries()) await submitAndWait(first, await makePdf(`hang ${i}`), { webhook_url: r.url });
      await Promise.all(hanging.map((r) => r.waitFor(1, 5_000)));
      await submitAndWait(first, await makePdf('healthy 1'), { webhook_url: healthy.url });
      await healthy.waitFor(1, 5_000);
    } finally {
      await first.close();
    }
    // After a restart the eight undelivered rows are sent again; they must not block a new one.
    const second = await startTestService({ dataDir, webhookRetryDelaysMs: [60_000] });
    try {
      await submitAndWait(second, await makePdf('healthy 2'), { webhook_url: healthy.url });
      await healthy.waitFor(2, 5_000);
    } finally {
      await second.close();
    }
  });

  it('an attempt that gets no answer is cut at the deadline and rescheduled with the reason', async () => {
    const dataDir = tempDir();
    const svc = await startTestService({ dataDir, webhookTimeoutMs: 300, webhookRetryDelaysMs: [60_000] });
    let checkId = '';
    try {
      checkId = (await submitAndWait(svc, await makePdf('deadline'), { webhook_url: hanging[0].url })).id;
      const deadline = Date.now() + 5_000;
      for (;;) {
        const row = (await svc.service.context.store.outbox.forCheck(checkId))[0];
        if (row?.attempts === 1) {
          expect(row).toMatchObject({ status: 'pending', last_error: 'no answer within 300 ms' });
          break;
        }
        if (Date.now() > deadline) throw new Error(`the attempt was not cut at its deadline: ${JSON.stringify(row)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await svc.close();
    }
    const store = await openTestStore(dataDir);
    expect((await store.outbox.forCheck(checkId))[0].attempts).toBe(1);
    await store.close();
  });
});
