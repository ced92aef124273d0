import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAG_CODES } from '../../engine/catalog/flags.js';
import { assertWorkerBuilt, startTestService, type TestService } from './helpers.js';

let svc: TestService;
beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
});
afterAll(() => svc?.close());

describe('thresholds', () => {
  it('GET returns the defaults', async () => {
    const res = await svc.api('/api/v1/thresholds/');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'thresholds', pending_below: 40, suspicious_below: 60, fraudulent_below: 80 });
    expect(res.body).toHaveProperty('updated_at');
  });

  it('PATCH merges a subset and persists it', async () => {
    const res = await svc.api('/api/v1/thresholds/', { method: 'PATCH', json: { suspicious_below: 65, other: 'ignored' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'thresholds', pending_below: 40, suspicious_below: 65, fraudulent_below: 80, updated_at: expect.any(String) });
    expect((await svc.api('/api/v1/thresholds')).body.suspicious_below).toBe(65);
  });

  it('rejects non-integers naming the field, and out-of-order or out-of-range cut lines', async () => {
    for (const [json, field] of [
      [{ pending_below: '40' }, 'pending_below'],
      [{ fraudulent_below: 80.5 }, 'fraudulent_below'],
      [{ suspicious_below: null }, 'suspicious_below'],
    ] as const) {
      const res = await svc.api('/api/v1/thresholds/', { method: 'PATCH', json });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
    for (const json of [{ pending_below: 0 }, { pending_below: 70 }, { fraudulent_below: 101 }, { suspicious_below: 40 }, { pending_below: -5 }]) {
      const res = await svc.api('/api/v1/thresholds/', { method: 'PATCH', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.type).toBe('invalid_request_error');
    }
    expect((await svc.api('/api/v1/thresholds/')).body).toMatchObject({ pending_below: 40, suspicious_below: 65, fraudulent_below: 80 });
  });

  it('accepts the edge 0 < p < s < f = 100', async () => {
    const res = await svc.api('/api/v1/thresholds/', { method: 'PATCH', json: { pending_below: 1, suspicious_below: 2, fraudulent_below: 100 } });
    expect(res.status).toBe(200);
    await svc.api('/api/v1/thresholds/', { method: 'PATCH', json: { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 } });
  });
});

describe('flag settings', () => {
  it('GET lists disabled and available codes from the catalog', async () => {
    const res = await svc.api('/api/v1/flag-settings/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'flag_settings', disabled_flag_codes: [], available_flag_codes: [...FLAG_CODES] });
    expect(res.body.available_flag_codes).toEqual(expect.arrayContaining(['incremental_edit', 'font_inconsistency', 'scrubbed_metadata']));
  });

  it('PATCH replaces the whole list; an empty list re-enables everything', async () => {
    const set = await svc.api('/api/v1/flag-settings/', {
      method: 'PATCH',
      json: { disabled_flag_codes: ['scrubbed_metadata', 'font_inconsistency', 'scrubbed_metadata'] },
    });
    expect(set.status).toBe(200);
    expect(set.body.disabled_flag_codes).toEqual(['scrubbed_metadata', 'font_inconsistency']);
    const replace = await svc.api('/api/v1/flag-settings/', { method: 'PATCH', json: { disabled_flag_codes: ['incremental_edit'] } });
    expect(replace.body.disabled_flag_codes).toEqual(['incremental_edit']);
    const clear = await svc.api('/api/v1/flag-settings/', { method: 'PATCH', json: { disabled_flag_codes: [] } });
    expect(clear.body.disabled_flag_codes).toEqual([]);
  });

  it('rejects unknown codes with unknown_flag_code and wrong types naming the field', async () => {
    const unknown = await svc.api('/api/v1/flag-settings/', { method: 'PATCH', json: { disabled_flag_codes: ['incremental_edit', 'made_up'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ type: 'invalid_request_error', code: 'unknown_flag_code' });
    expect(unknown.body.error.message).toContain('made_up');
    expect((await svc.api('/api/v1/flag-settings/')).body.disabled_flag_codes).toEqual([]);
    for (const json of [{}, { disabled_flag_codes: 'incremental_edit' }, { disabled_flag_codes: [1] }]) {
      const res = await svc.api('/api/v1/flag-settings/', { method: 'PATCH', json });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('disabled_flag_codes');
    }
  });
});
