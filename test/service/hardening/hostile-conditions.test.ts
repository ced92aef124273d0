/**
 * Regression (hardening issue, item 1): a viewer key froze the whole server for minutes with a
 * CEL condition whose `matches()` backtracks catastrophically. Conditions now run on a sandbox
 * thread with a deadline: the API keeps answering, and the condition is reported, not run.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConditionSandbox } from '../../../electron/service/conditions/condition-sandbox.js';
import type { ConditionContext } from '../../../engine/scoring/conditions.js';
import { assertWorkerBuilt, makePdf, startTestService, submitAndWait, type TestService } from '../helpers.js';

const SLOW_START_WORKER = fileURLToPath(new URL('../fixtures/slow-start-condition-worker.mjs', import.meta.url));
const HOSTILE = "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.matches('^(a+)+$')";
const CTX: ConditionContext = { document: {}, extracted: {}, flags: [], flag_codes: ['incremental_edit'], risk_score: 40, mode: 'normal', text: 'Total 10' };

describe('condition sandbox', () => {
  it('stops a runaway condition at its deadline and still evaluates the others', async () => {
    const sandbox = new ConditionSandbox({ timeoutMs: 300 });
    try {
      const outcomes = await sandbox.evaluate(['risk_score > 10', HOSTILE, '"incremental_edit" in flag_codes', 'risk_score >'], CTX);
      expect(outcomes[0]).toEqual({ fired: true });
      expect(outcomes[1]).toEqual({ error: expect.stringContaining('longer than 300 ms') });
      expect(outcomes[2]).toEqual({ fired: true });
      expect(outcomes[3]).toEqual({ error: expect.any(String) });
      // Remembered: the next check is told at once, and the sandbox still works afterwards.
      const again = await sandbox.evaluate([HOSTILE, 'risk_score < 10'], CTX);
      expect(again).toEqual([{ error: expect.stringContaining('longer than 300 ms') }, { fired: false }]);
    } finally {
      await sandbox.close();
    }
  });

  it('does not count a slow thread start against the first condition, nor remember it as slow', async () => {
    // On a loaded machine a new thread takes longer to load than the deadline; a thread is also
    // restarted after every runaway condition, so the condition after it met the same start.
    const sandbox = new ConditionSandbox({ timeoutMs: 300, workerFile: SLOW_START_WORKER });
    try {
      expect(await sandbox.evaluate(['risk_score > 10', HOSTILE, 'risk_score < 10'], CTX)).toEqual([
        { fired: true },
        { error: expect.stringContaining('longer than 300 ms') },
        { fired: false },
      ]);
      expect(await sandbox.evaluate(['risk_score > 10'], CTX)).toEqual([{ fired: true }]);
    } finally {
      await sandbox.close();
    }
  });

  it('answers every queued job when closed', async () => {
    const sandbox = new ConditionSandbox({ timeoutMs: 5_000 });
    const running = sandbox.evaluate([HOSTILE], CTX);
    const queued = sandbox.evaluate(['true'], CTX);
    await new Promise((r) => setTimeout(r, 100));
    await sandbox.close();
    expect(await running).toEqual([{ error: expect.stringContaining('stopping') }]);
    expect(await queued).toEqual([{ error: expect.stringContaining('stopping') }]);
  });
});

describe('a hostile condition against the running service', () => {
  let svc: TestService;
  let checkId: string;
  beforeAll(async () => {
    assertWorkerBuilt();
    svc = await startTestService({ conditionTimeoutMs: 1_500 });
    checkId = (await submitAndWait(svc, await makePdf('Invoice 7'))).id;
  });
  afterAll(() => svc?.close());

  it('a rule preview does not stall the API: a GET answers while the condition runs', async () => {
    const order: string[] = [];
    const preview = svc.api('/dashboard/v1/rules/preview', { json: { check_id: checkId, condition: HOSTILE } }).then((res) => (order.push('preview'), res));
    await new Promise((r) => setTimeout(r, 200));
    const get = await svc.api(`/api/v1/document-checks/${checkId}/`);
    order.push('get');
    expect(get.status).toBe(200);
    const res = await preview;
    expect(order).toEqual(['get', 'preview']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matched: false, evaluation_error: expect.stringContaining('longer than 1500 ms') });
  });

  it('a saved hostile rule does not fire, and checks still complete with the other rules applied', async () => {
    const hostile = await svc.api('/api/v1/rules/', { json: { title: 'hostile', condition: HOSTILE, outcome_guidance: 'REJECTED' } });
    expect(hostile.status).toBe(201);
    const fine = await svc.api('/api/v1/rules/', { json: { title: 'always', condition: 'risk_score >= 0', score_delta: 5 } });
    expect(fine.status).toBe(201);
    const check = await submitAndWait(svc, await makePdf('Invoice 8'));
    expect(check.status).toBe('completed');
    const fired = check.rules.map((r: { id: string }) => r.id);
    expect(fired).toContain(fine.body.id);
    expect(fired).not.toContain(hostile.body.id);
  });
});
