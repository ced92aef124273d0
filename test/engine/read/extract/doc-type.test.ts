import { describe, expect, it } from 'vitest';
import { classifyDocType } from '../../../../engine/read/extract/doc-type.js';
import type { Line } from '../../../../engine/read/extract/layout.js';

const lines = (...texts: string[]): Line[] => texts.map((text, index) => ({ page: 1, index, text, cells: [{ text, x0: 0, x1: 1 }], top: index, height: 1 }));

describe('classifyDocType: the invoice title', () => {
  it('reads a word ending in "Rechnung" as an invoice title, in any case', () => {
    expect(classifyDocType(lines('Schlussrechnung Nr. 2025-17', 'Betrag 1.250,00 EUR'))).toBe('invoice');
    expect(classifyDocType(lines('RECHNUNG', 'Leistungszeitraum März 2025', 'Betrag 1.250,00 EUR'))).toBe('invoice');
    expect(classifyDocType(lines('Tax Invoice', 'Amount 1,250.00 GBP payable'))).toBe('invoice');
    expect(classifyDocType(lines('Facture 2025-17', 'Montant 1 250,00 EUR à payer'))).toBe('invoice');
  });

  it('does not read "Rechnung" inside a longer word or after a non-letter joined to it', () => {
    expect(classifyDocType(lines('Rechnungen und Belege', 'Betrag 1.250,00 EUR'))).toBe('other');
    expect(classifyDocType(lines('Ref_rechnung 2025-17', 'Betrag 1.250,00 EUR'))).toBe('other');
  });
});
