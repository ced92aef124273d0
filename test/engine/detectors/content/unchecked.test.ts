/**
 * A check the engine could not run is not a pass: a statement, payslip, invoice, receipt or bill
 * none of whose sums could be read says so (content/arithmetic-error `unchecked`, analysis
 * `incomplete` with cause `unreadable`), and so do sums the OCR guard left undecided.
 */
import { describe, expect, it } from 'vitest';
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import { uncheckedArithmetic, withheldArithmetic } from '../../../../engine/detectors/content/arithmetic/checked.js';
import type { Extracted } from '../../../../engine/types.js';
import { contextFromPages } from '../../context-for-test.js';
import { layoutPage, right, row } from '../../read/extract/fixtures.js';
import { DEFAULT_THRESHOLDS, scoreAnalysis } from '../../../../engine/index.js';

const EXTRACTED: Extracted = { doc_type: 'invoice', issuer: null, name: null, address: null, document_date: null, account_number: null, currency: 'GBP' };

async function uncheckedOf(text: string, docType: Extracted['doc_type'] = 'invoice') {
  const ctx = contextFromPages([layoutPage(text)], { text, extracted: { ...EXTRACTED, doc_type: docType } });
  await arithmeticErrorDetector.run(ctx);
  return arithmeticErrorDetector.unchecked!(ctx);
}

const READABLE = ['Invoice', row([0, 'Subtotal'], right(60, '100.00')), row([0, 'VAT 20%'], right(60, '20.00')), row([0, 'Total'], right(60, '120.00'))].join(
  '\n',
);
/** The amounts are there, but no label the totals walk knows ties them together. */
const UNREADABLE = ['Invoice', row([0, 'Consulting, March'], right(60, '100.00')), row([0, 'Please pay within 30 days'])].join('\n');

describe('arithmetic that could not be checked', () => {
  it('is said for an invoice whose figures no check could read, naming the checks its type calls for', async () => {
    expect(await uncheckedOf(UNREADABLE)).toEqual({
      checks: ['arithmetic_error.line_item', 'arithmetic_error.items_subtotal', 'arithmetic_error.invoice_total'],
      message: expect.stringMatching(/^The line items, subtotal, tax and total could not be read from the text .*not a pass/),
    });
  });

  it('is not said when a sum was read and checked, whether it held or not', async () => {
    expect(await uncheckedOf(READABLE)).toBeNull();
    expect(await uncheckedOf(READABLE.replace('120.00', '150.00'))).toBeNull();
  });

  it('is not said for document types whose arithmetic the engine does not check', async () => {
    expect(await uncheckedOf(UNREADABLE, 'letter')).toBeNull();
    expect(await uncheckedOf(UNREADABLE, null)).toBeNull();
  });

  it('names the scanned page when the text came from OCR', () => {
    expect(uncheckedArithmetic('receipt', new Set(), true)?.message).toMatch(/from the scanned page as OCR read it/);
    expect(uncheckedArithmetic('receipt', new Set(['change_due']), true)).toBeNull();
  });

  it('lists the sums the OCR guard withheld, once each, and nothing when every finding was kept', () => {
    const a = { code: 'arithmetic_error.invoice_total' };
    const b = { code: 'arithmetic_error.tax_rate' };
    const c = { code: 'arithmetic_error.tax_rate' };
    const other = { code: 'content_inconsistency.future_date' };
    expect(withheldArithmetic([a, b, c, other], [a])).toEqual({ checks: ['arithmetic_error.tax_rate'], message: expect.stringMatching(/low confidence/) });
    expect(withheldArithmetic([a, other], [a])).toBeNull();
  });

  it('is said in the verdict summary apart from detectors that failed, and moves no score', () => {
    const input = {
      findings: [],
      document: { mime_type: 'application/pdf' as const, pages: 1, format: 'digital_pdf' as const },
      extracted: EXTRACTED,
      text: '',
    };
    const settings = { mode: 'normal' as const, thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [] };
    const plain = scoreAnalysis(input, settings);
    const unread = scoreAnalysis(
      { ...input, incomplete: [{ detector: 'content/arithmetic-error', cause: 'unreadable', checks: ['arithmetic_error.invoice_total'], message: 'm' }] },
      settings,
    );
    expect(unread.risk_score).toBe(plain.risk_score);
    expect(unread.decision).toBe(plain.decision);
    expect(unread.summary).toContain('Not checked, as the figures they need could not be read: invoice total');
    expect(unread.summary).not.toContain('arithmetic_error.');
    expect(unread.summary).not.toContain('could not run');
  });
});
