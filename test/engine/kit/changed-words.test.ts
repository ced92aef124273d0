import { describe, expect, it } from 'vitest';
import { changedTokens } from '../../../engine/kit/changed-words.js';

describe('changedTokens', () => {
  it('keeps only the words between the shared start and the shared end', () => {
    expect(changedTokens('Total due 1,200.00 EUR', 'Total due 7,200.00 EUR')).toEqual({ removed: ['1,200.00'], added: ['7,200.00'] });
  });

  it('gives an empty side for words only added', () => {
    expect(changedTokens('Paid on time', 'Paid  late on time')).toEqual({ removed: [], added: ['late'] });
  });

  it('finds nothing changed in equal texts however they are spaced', () => {
    expect(changedTokens(' a  b ', 'a b')).toEqual({ removed: [], added: [] });
  });
});
