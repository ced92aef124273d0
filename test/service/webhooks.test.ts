import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, finding, makePdf, openTestStore, startTestService, submitAndWait, tempDir } from './helpers.js';
import { Receiver, type Delivery } from './webhook-receiver.js';

/** The receiver's side of Veracity-Signature, written independently of the service code. */
function verify(secret: string, delivery: Delivery): boolean {
  const header = String(delivery.headers['veracity-signature']);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${delivery.body}`).digest('hex');
  return expected === m[2] && Math.abs(Date.now() / 1000 - Number(m[1])) < 300;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let receiver: Receiver;
beforeAll(async () => {
  assertWorkerBuilt();
  receiver = new Receiver();
  await receiver.start();
});
afterAll(() => receiver?.close());

describe('webhooks', () => {
  it('posts the completed check, signed, with event and delivery headers', async () => {
    const svc = await startTestService();
    try {
      receiver.deliveries.length = 0;
      receiver.answer = () => 200;
      const check = await submitAndWait(svc, await makePdf('hooked', { findings: [finding('incremental_edit', 0.6)] }), { webhook_url: receiver.url });
      const [d] = await receiver.waitFor(1);
      expect(d.headers['veracity-event']).toBe('document_check.completed');
      expect(String(d.headers['veracity-delivery'])).toMatch(UUID);
      expect(d.headers['content-type']).toContain('application/json');
      const secret = await svc.service.context.store.settings.webhookSecret();
      expect(verify(secret, d)).toBe(true);
      expect(verify(`${secret}x`, d)).toBe(false);
      const body = JSON.parse(d.body);
      expect(body).toEqual((await svc.api(`/api/v1/document-checks/${check.id}/`)).body);
      expect(body.status).toBe('completed');
    } finally {
      await svc.close();
    }
  });

  it('posts failed checks as document_check.failed', async () => {
    const svc = await startTestService();
    try {
      receiver.deliveries.length = 0;
      receiver.answer = () => 204;
      await submitAndWait(svc, await makePdf('broken', { engine_error: { code: 'corrupt_document', message: 'bad xref' } }), { webhook_url: receiver.url });
      const [d] = await receiver.waitFor(1);
      expect(d.headers['veracity-event']).toBe('document_check.failed');
      expect(JSON.parse(d.body)).toMatchObject({ status: 'failed', error: { type: 'api_error', code: 'corrupt_document' } });
    } finally {
      await svc.close();
    }
  });

  it('retries a failing receiver on the backoff schedule with the same delivery id', async () => {
    const svc = await startTestService({ webhookRetryDelaysMs: [150, 300, 5_000] });
    try {
      receiver.deliveries.length = 0;
      receiver.answer = (n) => (n < 3 ? 500 : 200);
      const check = await submitAndWait(svc, await makePdf('retry'), { webhook_url: receiver.url });
      const ds = await receiver.waitFor(3);
      expect(new Set(ds.map((d) => d.headers['veracity-delivery'])).size).toBe(1);
      expect(ds[1].at - ds[0].at).toBeGreaterThanOrEqual(140);
      expect(ds[2].at - ds[1].at).toBeGreaterThanOrEqual(290);
      const secret = await svc.service.context.store.settings.webhookSecret();
      expect(ds.every((d) => verify(secret, d))).toBe(true);
      await until(async () => (await svc.service.context.store.outbox.forCheck(check.id))[0].status === 'delivered');
      const [row] = await svc.service.context.store.outbox.forCheck(check.id);
      expect(row).toMatchObject({ status: 'delivered', attempts: 3 });
    } finally {
      await svc.close();
    }
  });

  it('gives up after the last retry and records the failure', async () => {
    const svc = await startTestService({ webhookRetryDelaysMs: [50] });
    try {
      receiver.deliveries.length = 0;
      receiver.answer = () => 503;
      const check = await submitAndWait(svc, await makePdf('give up'), { webhook_url: receiver.url });
      await receiver.waitFor(2);
      await until(async () => (await svc.service.context.store.outbox.forCheck(check.id))[0].status === 'failed');
      await new Promise((r) => setTimeout(r, 200));
      expect(receiver.deliveries).toHaveLength(2);
      expect((await svc.service.context.store.outbox.forCheck(check.id))[0]).toMatchObject({ status: 'failed', attempts: 2, last_error: 'HTTP 503' });
    } finally {
      await svc.close();
    }
  });

  it('a pending delivery survives a restart and is sent with the same id', async () => {
    const dataDir = tempDir();
    receiver.deliveries.length = 0;
    receiver.answer = () => 500;
    const first = await startTestService({ dataDir, webhookRetryDelaysMs: [1_500, 1_500] });
    const check = await submitAndWait(first, await makePdf('restart'), { webhook_url: receiver.url });
    await receiver.waitFor(1);
    await first.close();

    receiver.answer = () => 200;
    const second = await startTestService({ dataDir, webhookRetryDelaysMs: [1_500, 1_500] });
    try {
      const ds = await receiver.waitFor(2);
      expect(ds[1].headers['veracity-delivery']).toBe(ds[0].headers['veracity-delivery']);
      expect(JSON.parse(ds[1].body).id).toBe(check.id);
      expect(verify(await second.service.context.store.settings.webhookSecret(), ds[1])).toBe(true);
      // the receiver has answered; give the service a moment to record it before stopping
      await until(async () => (await second.service.context.store.outbox.forCheck(check.id))[0].status === 'delivered');
    } finally {
      await second.close();
    }
    const store = await openTestStore(dataDir);
    try {
      expect((await store.outbox.forCheck(check.id))[0]).toMatchObject({ status: 'delivered' });
    } finally {
      await store.close();
    }
  });

  it('a receiver that never answers does not hold up analysis', async () => {
    const svc = await startTestService({ webhookTimeoutMs: 500, webhookRetryDelaysMs: [] });
    try {
      receiver.deliveries.length = 0;
      receiver.answer = () => 'hang';
      const a = await submitAndWait(svc, await makePdf('a'), { webhook_url: receiver.url });
      const b = await submitAndWait(svc, await makePdf('b'), { webhook_url: receiver.url });
      expect([a.status, b.status]).toEqual(['completed', 'completed']);
    } finally {
      await svc.close();
    }
  });
});
