import { describe, expect, it } from 'vitest';
import { abaIsValid, formatIban, ibanIsValid, makeBankAccount, mod97 } from '../lab/data/identifiers.js';
import { Rng } from '../lab/util/prng.js';

describe('bank identifiers', () => {
  it('validates published example IBANs and rejects a changed digit', () => {
    expect(ibanIsValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanIsValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanIsValid('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(ibanIsValid('GB82')).toBe(false);
  });

  it('makes valid IBANs, RIB keys and routing numbers for every country', () => {
    const rng = new Rng(99);
    for (let i = 0; i < 50; i++) {
      for (const [country, code] of [
        ['GB', 'HRWG'],
        ['IE', 'LFSB'],
        ['DE', '37040044'],
        ['FR', '30004'],
      ] as const) {
        const acct = makeBankAccount(rng, country, code, 'BICXXXXX');
        expect(ibanIsValid(acct.iban!), acct.iban).toBe(true);
        expect(formatIban(acct.iban!).replace(/ /g, '')).toBe(acct.iban);
        if (country === 'FR') {
          const bban = acct.iban!.slice(4);
          const [bank, branch, account, key] = [bban.slice(0, 5), bban.slice(5, 10), bban.slice(10, 21), bban.slice(21)];
          expect((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account) + Number(key)) % 97).toBe(0);
        }
      }
      const us = makeBankAccount(rng, 'US', '', '');
      expect(abaIsValid(us.routing!), us.routing).toBe(true);
    }
  });

  it('checks ABA routing numbers', () => {
    expect(abaIsValid('021000021')).toBe(true);
    expect(abaIsValid('021000022')).toBe(false);
    expect(mod97('3214282912345698765432161182')).toBe(1);
  });
});
