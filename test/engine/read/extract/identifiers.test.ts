import { describe, expect, it } from 'vitest';
import { abaValid, cardBrand, ibanProblem, luhnValid, sortCodeDigits } from '../../../../engine/read/extract/identifiers.js';

describe('identifier checks', () => {
  it('accepts valid IBANs from several countries, spaced or not', () => {
    for (const iban of [
      'GB29 NWBK 6016 1331 9268 19',
      'DE89370400440532013000',
      'FR14 2004 1010 0505 0001 3M02 606',
      'NL91ABNA0417164300',
      'DE92 7607 0012 0750 0077 00',
    ]) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
  });
  it('names what is wrong with an invalid IBAN', () => {
    expect(ibanProblem('GB29 NWBK 6016 1331 9268 18')).toBe('checksum');
    expect(ibanProblem('DE89 3704 0044 0532 0130')).toBe('length');
    expect(ibanProblem('ZZ12 3456 7890 1234')).toBe('unknown_country');
  });
  it('checks ABA routing numbers', () => {
    expect(abaValid('011000015')).toBe(true);
    expect(abaValid('021000021')).toBe(true);
    expect(abaValid('021000022')).toBe(false);
    expect(abaValid('991000021')).toBe(false);
  });
  it('checks card numbers with Luhn and brand prefixes', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(cardBrand('4111111111111111')).toBe('visa');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('1234567890123')).toBeNull();
  });
  it('reads UK sort codes', () => {
    expect(sortCodeDigits('20-45-77')).toBe('204577');
    expect(sortCodeDigits('20 45 77')).toBe('204577');
    expect(sortCodeDigits('20-45-7')).toBeNull();
  });
});
