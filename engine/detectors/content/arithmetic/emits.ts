/**
 * What content/arithmetic-error declares, in its own module so that each check module returns
 * findings typed by the declaration (an undeclared reason is a compile error there too).
 */
import type { DeclaredFinding, Emit } from '../../define.js';

export const ARITHMETIC_EMITS = [
  {
    flag: 'arithmetic_error',
    reasons: [
      'running_balance',
      'statement_summary',
      'closing_balance',
      'carried_balance',
      'line_item',
      'items_subtotal',
      'invoice_total',
      'tax_rate',
      'change_due',
      'amount_due',
      'payslip_net',
      'payslip_gross',
      'payslip_deductions',
      'payslip_ytd',
    ],
  },
] as const satisfies readonly Emit[];

export type ArithmeticFinding = DeclaredFinding<typeof ARITHMETIC_EMITS>;
