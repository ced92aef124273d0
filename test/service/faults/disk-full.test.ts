/**
 * Regression (issue 29, item 2): when the disk filled while checks were being analysed, storing
 * their outcome failed ("database or disk is full"), the queue forgot them, and they stayed
 * `processing` until a restart, while health said `ok` with `queue_depth: 0`. A refused settling
 * write is now tried again until the disk takes it, the check stays counted in the queue
 * meanwhile, and health reports the storage as degraded. The disk "fills" for the completing write
 * only (CheckStore.complete refuses with SQLite's own error), so nothing here depends on timing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CheckStore } from '../../../electron/service/store/checks.js';
import { assertWorkerBuilt, makePdf, pdfForm, pollUntilSettled, startTestService, type TestService } from '../helpers.js';

let svc: TestService;
const realComplete = CheckStore.prototype.complete;
let diskFull = false;
let refusedWrites = 0;

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService({ storageRetryMs: 5 });
  CheckStore.prototype.complete = function (this: CheckStore, ...args: Parameters<CheckStore['complete']>) {
    if (!diskFull) return realComplete.apply(this, args);
    refusedWrites++;
    return Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
  };
});
afterEach(() => {
  diskFull = false;
});
afterAll(async () => {
  CheckStore.prototype.complete = realComplete;
  await svc?.close();
});

const health = async () => (await svc.api('/api/v1/health/', { key: null })).body;

describe('a check whose outcome the full disk refuses', () => {
  it('stays queued and counted, health says degraded, and it completes once the disk takes writes', async () => {
    diskFull = true;
    const submitted = await svc.api('/api/v1/document-checks/', { form: pdfForm(await makePdf('Invoice 12')) });
    expect(submitted.status).toBe(201);
    const id = submitted.body.id as string;

    // Refused more than once: it is being retried, not dropped.
    await expect.poll(() => refusedWrites, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(3);
    const during = await health();
    expect(during).toMatchObject({ status: 'degraded', queue_depth: 1 });
    expect(during.storage_error).toMatch(/no space is left/);
    expect((await svc.api(`/api/v1/document-checks/${id}/`)).body.status).toBe('processing');

    diskFull = false;
    const settled = await pollUntilSettled(svc, id);
    expect(settled.status).toBe('completed');
    const after = await health();
    expect(after).toMatchObject({ status: 'ok', queue_depth: 0 });
    expect(after).not.toHaveProperty('storage_error');
  });
});
