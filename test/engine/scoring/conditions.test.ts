import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../../engine/scoring/conditions.js';

const ctx = {
  document: { pages: 3, format: 'digital_pdf', mime_type: 'application/pdf' },
  extracted: { doc_type: 'bank_statement', issuer: 'Northbank plc', currency: 'GBP' },
  flags: [{ code: 'incremental_edit', severity: 'high' }],
  flag_codes: ['incremental_edit'],
  risk_score: 64,
  mode: 'normal',
  text: 'Closing balance 1,234.56',
};

describe('compileCondition', () => {
  it.each([
    ['risk_score >= 60', true],
    ['document.pages > 5', false],
    ['extracted.doc_type == "bank_statement" && extracted.currency in ["GBP", "EUR"]', true],
    ['"incremental_edit" in flag_codes', true],
    ['flags.exists(f, f.severity == "high")', true],
    ['text.contains("Closing balance")', true],
    ['mode == "strict"', false],
  ])('%s -> %s', (source, expected) => {
    const c = compileCondition(source);
    expect(c.ok).toBe(true);
    if (c.ok) expect(c.evaluate(ctx)).toBe(expected);
  });

  it.each(['risk_score >', 'unknown_var == 1', '1 + "a"', '', 'risk_score + 1'])('rejects %j with a message', (source) => {
    const c = compileCondition(source);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.message.length).toBeGreaterThan(3);
  });
});
