/** Worker failures: each becomes a `failed` check with a clear error, and the pool keeps working. */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../electron/service/http/errors.js';
import { assertWorkerBuilt, makePdf, pdfForm, pollUntilSettled, request, startTestService, submitAndWait, type TestService } from './helpers.js';

let svc: TestService;
beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService({ analysisTimeoutMs: 2_000 });
});
afterAll(() => svc?.close());

const FAILED_SHAPE = { status: 'failed', decision: null, risk_level: null, risk_score: null, summary: null, flags: [], rules: [] };

describe('failed checks', () => {
  it('a worker that dies fails its check with engine_error, and the next check still completes', async () => {
    const crashed = await submitAndWait(svc, await makePdf('crash', { crash: true }));
    expect(crashed).toMatchObject(FAILED_SHAPE);
    expect(crashed.error).toEqual({ type: 'api_error', code: 'engine_error', message: expect.any(String) });
    const next = await submitAndWait(svc, await makePdf('after crash'));
    expect(next.status).toBe('completed');
  });

  it('a hung worker is terminated at the time limit: analysis_timeout, pool carries on', async () => {
    const started = Date.now();
    const hung = await submitAndWait(svc, await makePdf('hang', { hang: true }));
    expect(hung).toMatchObject(FAILED_SHAPE);
    expect(hung.error).toMatchObject({ type: 'api_error', code: 'analysis_timeout' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await submitAndWait(svc, await makePdf('after hang'))).status).toBe('completed');
  });

  it('a check waiting behind a hung one gets its full time limit', async () => {
    const hung = (await svc.api('/api/v1/document-checks/', { form: pdfForm(await makePdf('hang 2', { hang: true })) })).body;
    const queued = (await svc.api('/api/v1/document-checks/', { form: pdfForm(await makePdf('queued', { delay_ms: 600 })) })).body;
    expect((await pollUntilSettled(svc, hung.id)).error.code).toBe('analysis_timeout');
    expect((await pollUntilSettled(svc, queued.id)).status).toBe('completed');
  });

  it('a check queued behind one stuck past its deadline starts as soon as the slot is freed', async () => {
    const hung = (await svc.api('/api/v1/document-checks/', { form: pdfForm(await makePdf('hang 3', { hang: true })) })).body;
    const queued = (await svc.api('/api/v1/document-checks/', { form: pdfForm(await makePdf('queued 2')) })).body;
    expect((await pollUntilSettled(svc, hung.id)).error.code).toBe('analysis_timeout');
    const freedAt = Date.now();
    expect((await pollUntilSettled(svc, queued.id)).status).toBe('completed');
    // One worker: the queued check ran only once the stuck thread was terminated, and at once then.
    expect(Date.now() - freedAt).toBeLessThan(5_000);
  });

  it('an engine exception fails the check with engine_error and a one-line message', async () => {
    const thrown = await submitAndWait(svc, await makePdf('throw', { throw: 'parser exploded\n    at stack line' }));
    expect(thrown.error.code).toBe('engine_error');
    expect(thrown.error.message).not.toContain('\n');
  });

  it('named engine errors keep their code', async () => {
    for (const code of ['corrupt_document', 'encrypted_document', 'unsupported_document', 'too_many_pages', 'resource_limit']) {
      const check = await submitAndWait(svc, await makePdf(code, { engine_error: { code, message: `It is ${code}.` } }));
      expect(check.error).toEqual({ type: 'api_error', code, message: `It is ${code}.` });
    }
  });
});

describe('unexpected exceptions', () => {
  it('become 500 api_error without a stack trace or internals', async () => {
    // The app's own error handler behind a route that throws, as a client would meet it.
    const app = express();
    app.get('/test/boom', () => {
      throw new Error('secret internals at /home/x/file.ts:12');
    });
    app.use(errorHandler(pino({ level: 'silent' })));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const res = await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '/test/boom');
    server.close();
    expect(res.status).toBe(500);
    expect(res.body.error).toEqual({ type: 'api_error', code: 'internal_error', message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/secret|file\.ts|at /);
  });
});
