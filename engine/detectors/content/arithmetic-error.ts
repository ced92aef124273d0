/** arithmetic_error: figures that do not add up (statements, invoices/receipts, payslips). */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector } from '../define.js';
import { ARITHMETIC_EMITS as EMITS, type ArithmeticFinding as Found } from './arithmetic/emits.js';
import { needsOcr } from '../../read/ocr/needs-ocr.js';
import { accountSummaryFindings } from './arithmetic/account-summary.js';
import { invoiceFindings } from './arithmetic/invoice.js';
import { payslipFindings } from './arithmetic/payslip.js';
import { receiptItemFindings } from './arithmetic/receipt-items.js';
import { statementFindings } from './arithmetic/statement.js';
import { statementFlowFindings } from './arithmetic/statement-flow.js';
import { totalsTableFindings } from './arithmetic/totals-table.js';
import { taxBreakdownFindings } from './arithmetic/tax-breakdown.js';
import { allowanceChargeFindings } from './arithmetic/allowance-charge.js';
import { amountLedListFindings } from './arithmetic/amount-led-list.js';
import { agreeingWithInvoice, embeddedInvoice } from './einvoice.js';
import { asHandTyped, officeAuthor } from './arithmetic/typed-by-hand.js';
import { uncheckedArithmetic, type Checked } from './arithmetic/checked.js';
import { operandFigures } from './arithmetic/operand-figures.js';

/** The relations evaluated on each context `run` saw, for `unchecked` (the same analysis). */
const evaluated = new WeakMap<DetectorContext, Checked>();

export const arithmeticErrorDetector = defineDetector({
  meta: {
    id: 'content/arithmetic-error',
    description:
      'Running balances, statement summaries, invoice line items, totals and tax, receipt items and change, bill amounts due and payslip net pay must add up.',
    appliesTo: ['pdf', 'image'],
    needs: ['extracted', 'metadata', 'pages', 'pdf', 'text', 'textModel'],
    emits: EMITS,
  },
  run(ctx) {
    const checked: Checked = new Set();
    const found = check(ctx, checked);
    evaluated.set(ctx, checked);
    if (!found.length) return found;
    // A hybrid e-invoice whose XML states the same figure: the issuer's rounding, not an edit.
    return asHandTyped(agreeingWithInvoice(found, embeddedInvoice(ctx), operandFigures(ctx.facts.now('textModel'))), officeAuthor(ctx));
  },
  // A statement, payslip, invoice, receipt or bill none of whose sums could be read was not checked.
  unchecked(ctx) {
    const checked = evaluated.get(ctx);
    if (!checked) return null;
    return uncheckedArithmetic(
      ctx.extracted.doc_type,
      checked,
      ctx.pages.some((p) => p.source === 'ocr'),
    );
  },
});

/** Checks that read one row or one block, never figures from several pages. */
const ROW_LOCAL = new Set(['line_item', 'tax_rate', 'change_due', 'payslip_net', 'payslip_gross', 'payslip_deductions', 'payslip_ytd']);

function check(ctx: DetectorContext, checked: Checked): Found[] {
  if (!ctx.text.trim() && !ctx.pages.length) return [];
  const findings = runChecks(ctx, checked);
  // Scanned pages left unread (OCR page cap or time budget): sums across pages miss their rows.
  if (!ctx.pages.some(needsOcr)) return findings;
  return findings.filter((f) => ROW_LOCAL.has(f.code.split('.')[1]));
}

function runChecks(ctx: DetectorContext, checked: Checked): Found[] {
  const model = ctx.facts.now('textModel');
  // A breakdown of sentences led by their figures ("$65.00 transfer fees.") can stand in any letter.
  return [...byType(ctx, checked), ...amountLedListFindings(model, checked)];
}

function byType(ctx: DetectorContext, checked: Checked): Found[] {
  const model = ctx.facts.now('textModel');
  const type = ctx.extracted.doc_type;
  if (type === 'payslip') return [...payslipFindings(model, checked), ...statementFindings(model, checked)];
  if (type === 'bank_statement') {
    const found = statementFindings(model, checked);
    // No balance column and no summary: a short list between an opening and a closing balance.
    return checked.size ? found : [...found, ...statementFlowFindings(model, checked)];
  }
  const items = invoiceFindings(model, checked);
  // A headed item table already checked its rows against the subtotal.
  const listed = items.some((f) => f.code === 'arithmetic_error.items_subtotal') ? [] : receiptItemFindings(model, checked);
  return [
    ...statementFindings(model, checked),
    ...items,
    ...listed,
    ...accountSummaryFindings(model, checked),
    ...totalsTableFindings(model, checked),
    ...taxBreakdownFindings(model, checked),
    ...allowanceChargeFindings(model, checked),
  ];
}
