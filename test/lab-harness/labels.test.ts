import { describe, expect, it } from 'vitest';
import { LabelSchema, parseLabelsJsonl, toJsonl, type LabelRecord } from '../lab/labels.js';

const valid: LabelRecord = {
  file: 'tampered/tampered_incremental_overlay/bank_statement-1.pdf',
  label: 'tampered',
  technique: 'tampered_incremental_overlay',
  doc_type: 'bank_statement',
  expected_flags: ['incremental_edit', 'hidden_content'],
  fields: {
    doc_type: 'bank_statement',
    issuer: 'Harrowgate Bank plc',
    name: 'Grace Okafor',
    address: '1 Elm Grove, Leeds, LS1 1AB',
    document_date: '2024-03-31',
    account_number: '12345678',
    currency: 'GBP',
  },
  producer: 'pdfkit > Sejda PDF Editor (incremental)',
  seed: 1,
  mime: 'application/pdf',
  edit: { target: 'amount', before: '1,800.00', after: '3,800.00', page: 1 },
};

describe('label schema', () => {
  it('accepts a complete record and round-trips through JSONL', () => {
    expect(LabelSchema.parse(valid)).toEqual(valid);
    expect(LabelSchema.parse({ ...valid, field_alternatives: { account_number: ['GB29HRWG'] } }).field_alternatives).toEqual({ account_number: ['GB29HRWG'] });
    expect(parseLabelsJsonl(toJsonl([valid, { ...valid, file: 'b.pdf' }]))).toHaveLength(2);
  });

  it.each([
    ['genuine with expected flags', { ...valid, label: 'genuine' }],
    ['forged without expected flags', { ...valid, expected_flags: [] }],
    ['ai_generated without the ai_generated flag', { ...valid, label: 'ai_generated' }],
    ['a flag outside the catalog', { ...valid, expected_flags: ['photoshopped'] }],
    ['an absolute path', { ...valid, file: '/etc/passwd' }],
    ['a path leaving the corpus', { ...valid, file: '../x.pdf' }],
    ['a date that is not YYYY-MM-DD', { ...valid, fields: { ...valid.fields, document_date: '31/03/2024' } }],
    ['a missing field', { ...valid, fields: { ...valid.fields, currency: undefined } }],
    ['an unknown key', { ...valid, colour: 'red' }],
    ['a negative seed', { ...valid, seed: -1 }],
    ['an alternative for an unknown field', { ...valid, field_alternatives: { iban: ['x'] } }],
  ])('rejects %s', (_name, record) => {
    expect(LabelSchema.safeParse(record).success).toBe(false);
  });

  it('names the line and the field of a bad record', () => {
    const text = toJsonl([valid]) + JSON.stringify({ ...valid, doc_type: 'passport' }) + '\n';
    expect(() => parseLabelsJsonl(text, 'x.jsonl')).toThrow(/x\.jsonl:2: doc_type/);
    expect(() => parseLabelsJsonl('{not json}\n', 'y.jsonl')).toThrow(/y\.jsonl:1: not JSON/);
  });
});
