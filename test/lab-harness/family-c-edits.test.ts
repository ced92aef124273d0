/** Family C edits: one value changed in the document's own format, so that the document no longer adds up. */
import { describe, expect, it } from 'vitest';
import { LAB_DOC_TYPES, makeDocument } from '../lab/model/index.js';
import { consistencyEdit, keyedValues, shiftDigit } from '../lab/techniques/family-c/edits.js';
import { isoDatesIn, withIsoDates } from '../lab/techniques/family-c/locale.js';
import { hashSeed, Rng } from '../lab/util/prng.js';

const digits = (s: string) => s.replace(/\D/g, '');

describe('shiftDigit', () => {
  it('changes one digit counted from the right, keeping the format', () => {
    expect(shiftDigit('1,234.56', 5, 2)).toBe('3,234.56');
    expect(shiftDigit('155.00', 4, 5)).toBe('655.00');
    expect(shiftDigit('1 234,56 €', 3, 1)).toBe('1 244,56 €');
    expect(shiftDigit('1.234,56', 2, -5)).toBe('1.239,56');
  });

  it('gives two printings of one figure the same new value', () => {
    expect(digits(shiftDigit('£1,234.56', 4, 3)!)).toBe(digits(shiftDigit('1,234.56', 4, 3)!));
  });

  it('never makes a leading zero and refuses a digit that is not there', () => {
    expect(shiftDigit('9.10', 2, 1)).toBe('1.10');
    expect(shiftDigit('1.10', 2, -1)).toBe('2.10');
    expect(shiftDigit('9.10', 3, 1)).toBeNull();
  });
});

describe('consistencyEdit', () => {
  const seeds = Array.from({ length: 30 }, (_, i) => hashSeed('family-c-edits', i));

  it('changes amounts in place, same length, another value, on every document type', () => {
    for (const docType of LAB_DOC_TYPES) {
      for (const seed of seeds) {
        const model = makeDocument(new Rng(seed), docType, { pages: 1 + (seed % 3) });
        const e = consistencyEdit(new Rng(seed + 1), model);
        const values = keyedValues(model);
        expect(e.edit.breaksArithmetic).toBe(true);
        expect(e.overrides.size).toBeGreaterThan(0);
        for (const [key, after] of e.overrides) {
          const before = values.get(key)!;
          expect(after.length).toBe(before.length);
          expect(digits(after)).not.toBe(digits(before));
          expect(after.replace(/\d/g, '0')).toBe(before.replace(/\d/g, '0'));
        }
      }
    }
  });

  it('changes a statement closing balance everywhere it is printed to the same figure', () => {
    let seen = 0;
    for (const seed of seeds) {
      const model = makeDocument(new Rng(seed), 'bank_statement', { pages: 1 });
      const e = consistencyEdit(new Rng(seed), model);
      if (!e.kind.startsWith('closing')) continue;
      seen++;
      const [closing, lastBalance] = [...e.overrides.values()];
      expect(e.overrides.has('totals.closing')).toBe(true);
      expect(digits(closing)).toBe(digits(lastBalance));
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('re-dates only when asked, with a date that contradicts the document', () => {
    const kinds = new Set<string>();
    for (const seed of seeds) {
      const model = makeDocument(new Rng(seed), 'bank_statement', { pages: 1 });
      const e = consistencyEdit(new Rng(seed), model, ['date']);
      expect(e.edit.target).toBe('date');
      expect(e.edit.contradicts).toBe(true);
      kinds.add(consistencyEdit(new Rng(seed), model).edit.target);
    }
    expect([...kinds]).toEqual(['amount']);
  });
});

describe('ISO-dating systems', () => {
  it('rewrite every short date of the country, and the date edit with them', () => {
    expect(isoDatesIn('Paid on 31 Jan 2025.', 'GB')).toBe('Paid on 2025-01-31.');
    expect(isoDatesIn('31.01.2025', 'DE')).toBe('2025-01-31');
    expect(isoDatesIn('31/01/2025', 'FR')).toBe('2025-01-31');
    expect(isoDatesIn('01/31/2025 14:02', 'US')).toBe('2025-01-31 14:02');
    expect(isoDatesIn('1 - 31 January 2025', 'GB')).toBe('1 - 31 January 2025');
    for (const docType of LAB_DOC_TYPES) {
      const model = withIsoDates(makeDocument(new Rng(hashSeed('iso', docType)), docType, { pages: 1 }));
      const date = model.meta.find((kv) => kv.key === 'meta.date')!.value;
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}/);
      const redate = model.edits.find((e) => e.target === 'date')!;
      expect(redate.before).toBe(date);
      expect(redate.after).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
  });
});
