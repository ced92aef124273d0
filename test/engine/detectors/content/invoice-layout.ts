/**
 * One invoice page laid out from text (the extraction fixtures' `layoutPage`) as the arithmetic
 * detector's context, and what that detector says it could not check on it: shared by the tests of
 * the invoice readers (whole-number totals, VAT breakdowns, allowance/charge blocks).
 */
import { arithmeticErrorDetector } from '../../../../engine/detectors/content/arithmetic-error.js';
import { contextFromPages } from '../../context-for-test.js';
import { extractedAs, layoutPage } from '../../read/extract/fixtures.js';

export function invoiceContext(text: string, currency = 'EUR') {
  return contextFromPages([layoutPage(text)], { now: '2025-06-01T00:00:00Z', text, extracted: extractedAs('invoice', currency) });
}

/** The arithmetic detector run on the page, then its "not checked" entry (null: everything was checked). */
export async function uncheckedOf(text: string, currency = 'EUR') {
  const c = invoiceContext(text, currency);
  await arithmeticErrorDetector.run(c);
  return arithmeticErrorDetector.unchecked!(c);
}
