/**
 * A VAT breakdown's rows against the totals printed with them. Invoices that charge several
 * rates print one row per rate (rate | net base | tax [| gross]), under a header ("USt. Satz |
 * Nettopreis | Ust.-Betrag", "Taux | Base HT | TVA", read by totals-table.ts) or under a line
 * that only announces them ("zuzüglich Umsatzsteuer", "plus VAT", "VAT breakdown"). Each row's
 * tax is checked against its rate where the rows are read (invoice.ts, totals-table.ts, within
 * the rounding tax-rate.ts allows); here the rows' bases must add up to the net total printed
 * above or below them, their taxes to the tax total, and a printed gross must be base + tax.
 * A forger who edits one row's base by a little stays inside the rate check's rounding
 * tolerance, but not inside the sum's cent.
 */
import type { Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import { formatAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts, moneyCells, type Labelled } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { STRENGTH } from '../../strengths.js';
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import { rateTables } from './totals-table.js';
import { classify, labelOf, SUBTOTAL, TAX, taxRow } from './totals-labels.js';

interface BreakdownRow {
  line: Line;
  base: number;
  tax: number;
  gross: number | null;
  /** Rows under a header: totals-table.ts checks their gross already. */
  headed: boolean;
}

/** A line that announces a headerless breakdown, or a header whose labels name its tax columns. */
const ANNOUNCES = /\b(?:vat|tax|mwst|ust|umsatzsteuer|mehrwertsteuer|steuer|tva|btw|iva|gst)\b/i;

/** Rows that start with their rate ("19%  336,00 €  63,84 €"), right under a line that speaks of tax. */
function rateFirstRows(model: DocModel): BreakdownRow[][] {
  const out: BreakdownRow[][] = [];
  let run: BreakdownRow[] = [];
  const close = () => {
    const first = run[0];
    const at = first ? model.lines.indexOf(first.line) : -1;
    // The header or the announcing line sits within two lines above the first row.
    if (first && model.lines.slice(Math.max(0, at - 2), at).some((l) => l.page === first.line.page && ANNOUNCES.test(l.text))) out.push(run);
    run = [];
  };
  for (const line of model.lines) {
    const row = taxRow(line, model);
    const money = row ? moneyCells(line, model.style, 1) : [];
    if (!row || money.length > 3 || (run.length && run[run.length - 1].line.page !== line.page)) {
      close();
      if (!row || money.length > 3) continue;
    }
    run.push({ line, base: row.base, tax: row.tax, gross: money.length === 3 ? money[2].amount.value : null, headed: false });
  }
  close();
  return out;
}

function breakdowns(model: DocModel): BreakdownRow[][] {
  const headed = rateTables(model).map((rows) => rows.map((r) => ({ line: r.line, base: r.net, tax: r.tax, gross: r.gross, headed: true })));
  return [...headed, ...rateFirstRows(model)];
}

/** Lines near the table (same page, up to 15 above its first row or 12 below its last) of one figure. */
function nearby(model: DocModel, rows: BreakdownRow[], re: RegExp): Labelled[] {
  const first = model.lines.indexOf(rows[0].line);
  const last = model.lines.indexOf(rows[rows.length - 1].line);
  const own = new Set(rows.map((r) => r.line));
  const lines = model.lines.slice(Math.max(0, first - 15), last + 13).filter((l) => l.page === rows[0].line.page && !own.has(l));
  return labelledAmounts(lines, re, model.style).filter((h) => h.amounts.length === 1 && h.rate === null);
}

function sumFinding(kind: 'net' | 'tax', printed: Labelled[], rows: BreakdownRow[], sum: number): ArithmeticFinding[] {
  // A credit note's total may print its minus apart from the figure ("EUR  -" above "1,12").
  if (!printed.length || printed.some((h) => near(Math.abs(h.amounts[0].value), Math.abs(sum)))) return [];
  const h = printed[0];
  const found = h.amounts[0].value;
  const what = kind === 'net' ? 'net total' : 'tax total';
  const of = kind === 'net' ? 'net bases' : 'taxes';
  return [
    finding(
      'arithmetic_error',
      'invoice_total',
      `The ${what} ${formatAmount(found)} is not the sum of the VAT breakdown's ${of} (${formatAmount(sum)}).`,
      h.line,
      STRENGTH['arithmetic_error.invoice_total'],
      { expected: formatAmount(sum), found: formatAmount(found), ...operands([...rows.map((r) => r.line), h.line]) },
      h.cells,
    ),
  ];
}

export function taxBreakdownFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const out: ArithmeticFinding[] = [];
  for (const rows of breakdowns(model)) {
    const nets = nearby(model, rows, SUBTOTAL).filter((h) => !labelOf(h.label, TAX));
    // Any label, then named by the totals walk's words: "Steuerbetrag", "USt. Gesamt", "VAT total".
    const taxes = nearby(model, rows, /[\p{L}][\p{L} .()/%-]*/u).filter((h) => {
      const kind = classify(h);
      return kind === 'tax' || kind === 'tax_total';
    });
    if (nets.length || taxes.length) checked.add('invoice_total');
    out.push(
      ...sumFinding(
        'net',
        nets,
        rows,
        rows.reduce((a, r) => a + r.base, 0),
      ),
    );
    out.push(
      ...sumFinding(
        'tax',
        taxes,
        rows,
        rows.reduce((a, r) => a + r.tax, 0),
      ),
    );
    for (const r of rows) if (!r.headed && r.gross !== null) out.push(...grossFinding(r, checked));
  }
  return out;
}

/** A headerless row's third figure is its gross: base + tax. */
function grossFinding(r: BreakdownRow, checked: Checked): ArithmeticFinding[] {
  checked.add('invoice_total');
  const expected = r.base + r.tax;
  if (r.gross === null || near(expected, r.gross)) return [];
  return [
    finding(
      'arithmetic_error',
      'invoice_total',
      `Gross ${formatAmount(r.gross)} does not equal the net base ${formatAmount(r.base)} plus tax ${formatAmount(r.tax)} printed beside it (${formatAmount(expected)}).`,
      r.line,
      STRENGTH['arithmetic_error.invoice_total'],
      { expected: formatAmount(expected), found: formatAmount(r.gross), ...operands([r.line]) },
    ),
  ];
}
