/**
 * Hybrid e-invoices (ZUGFeRD / Factur-X, issue 8): specimen IBANs and rounded line totals that
 * the attached invoice XML states too are the issuer's data, not edits of the page.
 */
import { describe, expect, it } from 'vitest';
import { hasShared, sharedFile, verdictOf } from './shared.js';

const cases: Array<[string, string]> = [
  ['invoices/zugferd/EN16931_Haftpflichtversicherung_Versicherungssteuer.pdf', 'identifier_invalid.iban_checksum'],
  ['invoices/zugferd/zugferd_2p1_EN16931_AbweichenderZahlungsempf.pdf', 'identifier_invalid.iban_checksum'],
  ['invoices/zugferd/zugferd_2p1_EXTENDED_InnergemeinschLieferungMehrereBestellungen.pdf', 'identifier_invalid.iban_length'],
  ['invoices/zugferd/zugferd_2p0_EN16931_1_Teilrechnung.pdf', 'arithmetic_error.line_item'],
];

describe('e-invoices whose XML states the same values', () => {
  for (const [rel, reason] of cases) {
    it.skipIf(!hasShared(rel))(
      `${rel.split('/').pop()} is clear; ${reason} is context`,
      async () => {
        const { analysis, verdict } = await verdictOf(sharedFile(rel)!, rel.split('/').pop()!);
        expect(verdict.decision).toBe('clear');
        const f = analysis.findings.find((x) => x.code === reason);
        expect(f?.strength ?? 0).toBeLessThan(0.08);
        // Context citing the XML, or no finding at all where the value is known for a specimen
        // before the XML is asked (identifier-invalid: placeholder account digits).
        if (f) expect(f.evidence.einvoice).toMatch(/\.xml$/);
      },
      120_000,
    );
  }
});

describe('a Word invoice converted to ZUGFeRD whose printed total is wrong (the sample as published)', () => {
  const rel = 'invoices/zugferd/acme_invoice-42_ZUGFeRD.pdf';
  it.skipIf(!hasShared(rel))(
    'is suspicious for the total, not fraudulent; the conversion stamp is context',
    async () => {
      const { analysis, verdict } = await verdictOf(sharedFile(rel)!, 'acme_invoice-42_ZUGFeRD.pdf');
      expect(verdict.decision).toBe('suspicious');
      const total = analysis.findings.find((x) => x.code === 'arithmetic_error.invoice_total');
      expect(total?.evidence.authoredIn).toBe('Microsoft Word');
      for (const f of analysis.findings.filter((x) => x.flag === 'metadata_mismatch')) expect(f.strength).toBeLessThanOrEqual(0.15);
    },
    120_000,
  );
});
