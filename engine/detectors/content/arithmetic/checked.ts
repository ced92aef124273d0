/**
 * Which relations the arithmetic checks evaluated on a document, whether they held or not. A
 * statement, payslip, invoice, receipt or bill on which none could be evaluated (a scanned table
 * OCR did not make out, a layout none of the readers follows) was not checked, which is not a
 * pass: the analysis says so in its technical details (`Analysis.incomplete`, cause `unreadable`).
 */
import type { DocType } from '../../../types.js';
import type { Unchecked } from '../../define.js';
import type { ARITHMETIC_EMITS } from './emits.js';

export type ArithmeticReason = (typeof ARITHMETIC_EMITS)[0]['reasons'][number];

/** Filled by the checks as they go: a relation whose figures were all read and compared. */
export type Checked = Set<ArithmeticReason>;

/** The relations each document type is checked by, as named in the technical details. */
const EXPECTED: Partial<Record<DocType, { checks: readonly ArithmeticReason[]; what: string }>> = {
  bank_statement: { checks: ['running_balance', 'statement_summary'], what: 'running balances and statement summary' },
  payslip: { checks: ['payslip_net', 'payslip_gross'], what: 'gross pay, deductions and net pay' },
  invoice: { checks: ['line_item', 'items_subtotal', 'invoice_total'], what: 'line items, subtotal, tax and total' },
  receipt: { checks: ['items_subtotal', 'invoice_total', 'change_due'], what: 'items, subtotal, total and change' },
  utility_bill: { checks: ['line_item', 'invoice_total', 'amount_due'], what: 'charges, tax and amount due' },
};

/**
 * What could not be checked: for a document type whose arithmetic the engine checks, nothing
 * when some relation was evaluated, otherwise the relations its type calls for and why.
 */
export function uncheckedArithmetic(type: DocType | null, checked: ReadonlySet<ArithmeticReason>, picture: boolean): Unchecked | null {
  const expected = type ? EXPECTED[type] : undefined;
  if (!expected || checked.size > 0) return null;
  const how = picture ? 'the scanned page as OCR read it' : 'the text';
  return {
    checks: expected.checks.map((c) => `arithmetic_error.${c}`),
    message: `The ${expected.what} could not be read from ${how} well enough to check that they add up: not checked, which is not a pass.`,
  };
}

/**
 * Arithmetic findings the OCR confidence guard withheld (a relation that did not add up as read,
 * on figures tesseract was unsure of): checked, but with no result that can be relied on.
 */
export function withheldArithmetic(before: ReadonlyArray<{ code: string }>, after: ReadonlyArray<{ code: string }>): Unchecked | null {
  const kept = new Set(after);
  const codes = [...new Set(before.filter((f) => f.code.startsWith('arithmetic_error.') && !kept.has(f)).map((f) => f.code))];
  if (!codes.length) return null;
  return {
    checks: codes,
    message: `Figures that did not add up as read were read by OCR with low confidence, so ${codes.length === 1 ? 'this check was' : 'these checks were'} left undecided (neither a pass nor a finding).`,
  };
}
