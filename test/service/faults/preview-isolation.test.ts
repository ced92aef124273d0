/**
 * Regression (issue 29, item 1): rule previews ran on the scoring path's condition sandbox, one
 * thread with one queue, so a viewer key sending catastrophic regexes to
 * `/dashboard/v1/rules/preview` (each answered after its deadline) held back the rule
 * evaluation of every check: a `?wait=true` check took 6 s during 20 previews, 20 s during 60.
 * Previews now have a sandbox of their own, and one key has at most a few in flight (429 beyond).
 * Asserted by order and counts, never by durations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, makePdf, pdfForm, startTestService, submitAndWait, type TestService } from '../helpers.js';

let svc: TestService;
let checkId: string;
const viewers: string[] = [];

/** A distinct catastrophic regex each time: the sandbox remembers a slow condition by its text. */
let hostileCount = 0;
const hostile = () => `'${'a'.repeat(30 + (hostileCount++ % 20))}!'.matches('^(a+)+$')`;

const preview = (key: string, condition: string) => svc.api('/dashboard/v1/rules/preview', { key, json: { check_id: checkId, condition } });

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService({ conditionTimeoutMs: 1_000 });
  checkId = (await submitAndWait(svc, await makePdf('Invoice 7'))).id;
  for (let i = 0; i < 3; i++) viewers.push((await svc.api('/dashboard/v1/keys', { json: { role: 'viewer', name: `viewer ${i}` } })).body.key);
  // A rule, so that scoring a check needs the condition sandbox.
  expect((await svc.api('/api/v1/rules/', { json: { title: 'Any score', condition: 'risk_score >= 0', score_delta: 1 } })).status).toBe(201);
});
afterAll(() => svc?.close());

describe('rule previews beside scoring', () => {
  it('a check is scored while previews are still running out their deadlines', async () => {
    const order: string[] = [];
    const previews = [viewers[0], viewers[0], viewers[1], viewers[1]].map((key) =>
      preview(key, hostile()).then((res) => {
        order.push(`preview ${res.status}`);
        return res;
      }),
    );
    // Let the previews reach their sandbox first, as the probe's did.
    await new Promise((r) => setTimeout(r, 200));
    const res = await svc.api('/api/v1/document-checks/?wait=true', { form: pdfForm(await makePdf('Invoice 8')) });
    order.push('check');
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('completed');
    expect(res.body.rules.map((r: { title: string }) => r.title)).toContain('Any score');
    for (const done of await Promise.all(previews)) {
      expect(done.status).toBe(200);
      expect(done.body.evaluation_error).toMatch(/longer than/);
    }
    // The check did not wait behind the previews: it answered before the last of them.
    expect(order.indexOf('check')).toBeLessThan(order.length - 1);
  });

  it("bounds one key's previews in flight with 429, without touching another key's", async () => {
    const burst = await Promise.all([...Array.from({ length: 5 }, () => preview(viewers[2], hostile())), preview(viewers[1], 'risk_score >= 0')]);
    const mine = burst.slice(0, 5);
    const refused = mine.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(mine.filter((r) => r.status === 200).length + refused.length).toBe(5);
    expect(burst[5].status).toBe(200);
    expect(burst[5].body.matched).toBe(true);
    // Once its previews have answered, the key may preview again.
    expect((await preview(viewers[2], 'risk_score >= 0')).status).toBe(200);
  });
});
