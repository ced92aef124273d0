import { describe, expect, it } from 'vitest';
import { taxRateFinding } from '../../../../engine/detectors/content/arithmetic/tax-rate.js';
import type { Line } from '../../../../engine/read/extract/layout.js';

/** One "Tax (19%)" row as OCR or a text layer gives it. */
function taxLine(text: string, ocr: boolean): Line {
  return { page: 1, index: 3, text: `Tax (19%)  ${text}`, cells: [], top: 0.38, height: 0.01, ...(ocr ? { ocr: true } : {}) };
}

describe('tax_rate on OCR lines whose decimal mark was lost', () => {
  const base = 4338.58; // 19 % of it is 824.33

  it('reads "82433 €" on an OCR line as 824,33 with its comma lost: no finding', () => {
    expect(taxRateFinding({ value: 82433, line: taxLine('82433 €', true) }, 19, base, [])).toBeNull();
  });

  it('still fires on a changed tax, read with or without its mark', () => {
    expect(taxRateFinding({ value: 924.33, line: taxLine('924,33 €', true) }, 19, base, [])?.code).toBe('arithmetic_error.tax_rate');
    expect(taxRateFinding({ value: 92433, line: taxLine('92433 €', true) }, 19, base, [])?.code).toBe('arithmetic_error.tax_rate');
  });

  it('a text layer draws what was typed: 82433 there is a wrong tax', () => {
    expect(taxRateFinding({ value: 82433, line: taxLine('82433 €', false) }, 19, base, [])?.code).toBe('arithmetic_error.tax_rate');
  });
});
