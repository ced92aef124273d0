import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../../engine/read/extract/index.js';
import { FIELDS, generatedSet, measure } from './accuracy.js';
import { layoutPage, row } from './fixtures.js';

describe('extractFields on generated documents', () => {
  const docs = generatedSet();
  for (const runs of [true, false]) {
    it(`reaches at least 90% per field (${runs ? 'positioned runs' : 'layout text only'})`, () => {
      const { perField, misses } = measure(docs, runs);
      for (const f of FIELDS) expect(perField[f], `${f}\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.9);
    });
  }
});

describe('extractFields precision', () => {
  it('returns nulls for a document without text', () => {
    expect(extractFields([], '')).toEqual({
      doc_type: null,
      issuer: null,
      name: null,
      address: null,
      document_date: null,
      account_number: null,
      currency: null,
    });
  });

  it('does not take a table header date as the document date', () => {
    const text = [
      row([0, 'Harbour Savings Bank'], [60, 'Statement']),
      '',
      row([0, 'Date'], [12, 'Description'], [80, 'Balance']),
      row([0, '03/02/2025'], [12, 'Card payment'], [80, '1,200.00']),
    ].join('\n');
    expect(extractFields([layoutPage(text)], text).document_date).toBeNull();
  });

  it('keeps the customer out of the issuer', () => {
    const text = ['Bill to:', 'Acme Holdings Ltd', '1 Dock Road', 'Hull HU1 1AA', '', 'Invoice date: 3 April 2025', 'Total  £10.00'].join('\n');
    const got = extractFields([layoutPage(text)], text);
    expect(got.issuer).toBeNull();
    expect(got.name).toBe('Acme Holdings Ltd');
    expect(got.document_date).toBe('2025-04-03');
    expect(got.currency).toBe('GBP');
  });

  it('reads labelled account numbers and prefers an IBAN', () => {
    const a = 'Account number: 1234 5678\nSort code: 20-45-77';
    expect(extractFields([layoutPage(a)], a).account_number).toBe('12345678');
    const b = `${a}\nIBAN: GB29 NWBK 6016 1331 9268 19`;
    expect(extractFields([layoutPage(b)], b).account_number).toBe('GB29NWBK60161331926819');
  });

  it('uses month-first dates on US documents', () => {
    const text = ['Pinecrest Software LLC', 'Invoice', 'Invoice date: 04/03/2025', 'Ship to: Austin, TX 78701', 'Total  $1,200.00'].join('\n');
    expect(extractFields([layoutPage(text)], text).document_date).toBe('2025-04-03');
    const uk = text.replace('Austin, TX 78701', 'London NW1 6XE').replace(/\$/g, '£').replace('LLC', 'Ltd');
    expect(extractFields([layoutPage(uk)], uk).document_date).toBe('2025-03-04');
  });
});
