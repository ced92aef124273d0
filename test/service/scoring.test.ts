/**
 * Workspace settings as the service applies them: snapshot at submit, rules, flag settings, modes.
 * The fake engine worker reports scripted findings, so these tests pin the service contract,
 * not detection quality. One 0.5 finding scores 50 in normal mode.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  assertWorkerBuilt,
  finding,
  makePdf,
  pdfForm,
  pollUntilSettled,
  startTestService,
  submitAndWait,
  type EngineScript,
  type TestService,
} from './helpers.js';

let svc: TestService;
beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
});
afterAll(() => svc?.close());

beforeEach(async () => {
  for (const rule of (await svc.api('/api/v1/rules/?limit=100')).body.data) await svc.api(`/api/v1/rules/${rule.id}/`, { method: 'DELETE' });
  await svc.api('/api/v1/thresholds/', { method: 'PATCH', json: { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 } });
  await svc.api('/api/v1/flag-settings/', { method: 'PATCH', json: { disabled_flag_codes: [] } });
});

const edited = (extra: EngineScript = {}) => makePdf(`doc ${Math.random()}`, { findings: [finding('incremental_edit', 0.5)], ...extra });
const rule = async (json: Record<string, unknown>) => {
  const res = await svc.api('/api/v1/rules/', { json: { title: 'rule', ...json } });
  expect(res.status).toBe(201);
  return res.body;
};
const submitSlow = async (bytes: Buffer, fields: Record<string, string> = {}) =>
  (await svc.api('/api/v1/document-checks/', { form: pdfForm(bytes, fields) })).body;

describe('verdict basics', () => {
  it('publishes flags with reasons, a score, and a decision recoverable from score + thresholds', async () => {
    const check = await submitAndWait(svc, await edited());
    expect(check).toMatchObject({ status: 'completed', risk_score: 50, decision: 'pending', risk_level: 'MEDIUM', error: null });
    expect(check.flags).toHaveLength(1);
    expect(check.flags[0]).toMatchObject({ code: 'incremental_edit', category: 'structure', pages: [1] });
    expect(check.flags[0].reasons[0]).toEqual({ code: 'incremental_edit.test', summary: expect.any(String), pages: [1], evidence: {} });
    expect(typeof check.summary).toBe('string');
  });

  it('a clean document is clear with an empty flags array', async () => {
    const check = await submitAndWait(svc, await makePdf('clean'));
    expect(check).toMatchObject({ decision: 'clear', risk_level: 'LOW', risk_score: 0, flags: [], rules: [] });
  });

  it('modes move the score: strict up, lenient down', async () => {
    const strict = await submitAndWait(svc, await edited(), { mode: 'strict' });
    const lenient = await submitAndWait(svc, await edited(), { mode: 'lenient' });
    expect(strict.risk_score).toBeGreaterThan(50);
    expect(lenient.risk_score).toBeLessThan(50);
    expect(strict.engine.mode).toBe('strict');
  });
});

describe('thresholds snapshot (SPEC rule 6, versioning 5)', () => {
  it('a check keeps the thresholds of its submission; later checks use the new ones', async () => {
    const old = await submitSlow(await edited({ delay_ms: 400 }));
    expect(old.thresholds).toEqual({ pending_below: 40, suspicious_below: 60, fraudulent_below: 80 });
    await svc.api('/api/v1/thresholds/', { method: 'PATCH', json: { pending_below: 10, suspicious_below: 20, fraudulent_below: 30 } });
    const done = await pollUntilSettled(svc, old.id);
    expect(done.thresholds).toEqual({ pending_below: 40, suspicious_below: 60, fraudulent_below: 80 });
    expect(done.decision).toBe('pending');
    const fresh = await submitAndWait(svc, await edited());
    expect(fresh.thresholds).toEqual({ pending_below: 10, suspicious_below: 20, fraudulent_below: 30 });
    expect(fresh).toMatchObject({ risk_score: 50, decision: 'fraudulent', risk_level: 'CRITICAL' });
    expect((await svc.api(`/api/v1/document-checks/${old.id}/`)).body.decision).toBe('pending');
  });
});

describe('flag settings', () => {
  it('disabled flags are omitted from new checks and do not score; older checks are unchanged', async () => {
    const before = await submitAndWait(svc, await edited());
    await svc.api('/api/v1/flag-settings/', { method: 'PATCH', json: { disabled_flag_codes: ['incremental_edit'] } });
    const after = await submitAndWait(svc, await edited());
    expect(after).toMatchObject({ flags: [], risk_score: 0, decision: 'clear' });
    const again = (await svc.api(`/api/v1/document-checks/${before.id}/`)).body;
    expect(again.flags.map((f: any) => f.code)).toEqual(['incremental_edit']);
    expect(again.risk_score).toBe(50);
  });

  it('the snapshot is taken at submit, not when analysis ends', async () => {
    const inFlight = await submitSlow(await edited({ delay_ms: 400 }));
    await svc.api('/api/v1/flag-settings/', { method: 'PATCH', json: { disabled_flag_codes: ['incremental_edit'] } });
    const done = await pollUntilSettled(svc, inFlight.id);
    expect(done.flags.map((f: any) => f.code)).toEqual(['incremental_edit']);
  });
});

describe('rule effects', () => {
  it('ADVISORY adds score_delta and reports the triggered rule with its reasoning', async () => {
    const r = await rule({ title: 'Edits matter', condition: '"incremental_edit" in flag_codes', score_delta: 20 });
    const check = await submitAndWait(svc, await edited());
    expect(check.risk_score).toBe(70);
    expect(check.decision).toBe('suspicious');
    expect(check.rules).toEqual([
      { id: r.id, title: 'Edits matter', outcome_guidance: 'ADVISORY', score_delta: 20, reasoning: expect.stringContaining('incremental_edit') },
    ]);
  });

  it('negative deltas lower the score but never below 0', async () => {
    await rule({ condition: 'true', score_delta: -100 });
    const check = await submitAndWait(svc, await edited());
    expect(check).toMatchObject({ risk_score: 0, decision: 'clear' });
  });

  it('ACCEPTED caps into clear, PENDING floors into pending, REJECTED floors into fraudulent', async () => {
    const accepted = await rule({ condition: 'true', outcome_guidance: 'ACCEPTED' });
    const a = await submitAndWait(svc, await edited());
    expect(a.decision).toBe('clear');
    expect(a.risk_score).toBeLessThan(40);
    await svc.api(`/api/v1/rules/${accepted.id}/`, { method: 'DELETE' });

    const pending = await rule({ condition: 'true', outcome_guidance: 'PENDING' });
    const p = await submitAndWait(svc, await makePdf('clean pending'));
    expect(p).toMatchObject({ decision: 'pending', risk_level: 'MEDIUM' });
    expect(p.risk_score).toBeGreaterThanOrEqual(40);
    expect(p.risk_score).toBeLessThan(60);
    await svc.api(`/api/v1/rules/${pending.id}/`, { method: 'DELETE' });

    await rule({ condition: 'true', outcome_guidance: 'REJECTED' });
    const r = await submitAndWait(svc, await makePdf('clean rejected'));
    expect(r).toMatchObject({ decision: 'fraudulent', risk_level: 'CRITICAL' });
    expect(r.risk_score).toBeGreaterThanOrEqual(80);
  });

  it('document_types limits a rule to documents of those types', async () => {
    await rule({ title: 'invoices only', condition: 'true', score_delta: 30, document_types: ['invoice'] });
    const statement = await submitAndWait(svc, await edited({ doc_type: 'bank_statement' }));
    expect(statement.rules).toEqual([]);
    expect(statement.risk_score).toBe(50);
    const invoice = await submitAndWait(svc, await edited({ doc_type: 'invoice' }));
    expect(invoice.rules.map((x: any) => x.title)).toEqual(['invoices only']);
    expect(invoice.risk_score).toBe(80);
    expect(invoice.extracted.doc_type).toBe('invoice');
  });

  it('disabled rules do not fire', async () => {
    const r = await rule({ condition: 'true', score_delta: 30 });
    await svc.api(`/api/v1/rules/${r.id}/`, { method: 'PATCH', json: { status: 'disabled' } });
    expect((await submitAndWait(svc, await edited())).rules).toEqual([]);
  });

  it('a deleted rule never fires, even on a check submitted before the delete', async () => {
    const r = await rule({ condition: 'true', score_delta: 30 });
    // long enough that the DELETE lands while the analysis is still running, even on a busy machine
    const inFlight = await submitSlow(await edited({ delay_ms: 1500 }));
    await svc.api(`/api/v1/rules/${r.id}/`, { method: 'DELETE' });
    const done = await pollUntilSettled(svc, inFlight.id);
    expect(done.rules).toEqual([]);
    expect(done.risk_score).toBe(50);
  });

  it('a rule created after submit does not apply to that check', async () => {
    const inFlight = await submitSlow(await edited({ delay_ms: 400 }));
    await rule({ condition: 'true', score_delta: 30 });
    const done = await pollUntilSettled(svc, inFlight.id);
    expect(done.rules).toEqual([]);
  });

  it('completed checks keep their rules after the rule changes', async () => {
    const r = await rule({ title: 'before', condition: 'true', score_delta: 10 });
    const check = await submitAndWait(svc, await edited());
    await svc.api(`/api/v1/rules/${r.id}/`, { method: 'PATCH', json: { title: 'after', score_delta: 50 } });
    const again = (await svc.api(`/api/v1/document-checks/${check.id}/`)).body;
    expect(again.rules[0]).toMatchObject({ title: 'before', score_delta: 10 });
    expect(again.risk_score).toBe(60);
  });

  it('conditions see document, extracted and text', async () => {
    await rule({ title: 'by type', condition: 'extracted.doc_type == "payslip" && document.pages == 1', score_delta: 5 });
    const check = await submitAndWait(svc, await edited({ doc_type: 'payslip' }));
    expect(check.rules.map((x: any) => x.title)).toEqual(['by type']);
    expect(check.rules[0].reasoning).toContain('payslip');
  });
});
