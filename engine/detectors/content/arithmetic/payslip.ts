/**
 * Payslip arithmetic: gross pay - deductions = net pay (this period, the first figure after
 * each label), earnings items = gross pay, itemised deductions = total deductions, and
 * year-to-date figures no smaller than this period's.
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { DocModel } from '../../../read/extract/model.js';
import type { Line } from '../../../read/extract/layout.js';
import { formatAmount, isMoney, parseAmount, type NumberStyle } from '../../../read/extract/numbers.js';
import { labelledAmounts, type Labelled } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { farApart } from './cross-check.js';
import { STRENGTH } from '../../strengths.js';

const GROSS = /gross pay|gross earnings|total gross(?: pay)?|gross salary|total earnings|total payments|gross|gesamtbrutto|bruttoverdienst|brutto|salaire brut/;
const DEDUCTIONS = /total deductions|deductions total|summe (?:der )?abzüge|gesetzliche abzüge|total des retenues|total cotisations/;
const NET = /net pay|net salary|take home pay|net earnings|net amount paid|nettoverdienst|auszahlungsbetrag|auszahlung|net à payer|net payé/;
const ITEM =
  /income tax|tax|paye|federal (?:income )?tax|state (?:income )?tax|national insurance|ni(?: contributions?)?|employee ni|social security|medicare|fica|pension|student loan|union dues|health insurance|lohnsteuer|kirchensteuer|solidaritätszuschlag|solizuschlag|krankenversicherung|rentenversicherung|arbeitslosenversicherung|pflegeversicherung|cotisations?/;

export function payslipFindings(model: DocModel, checked: Checked = new Set()): ArithmeticFinding[] {
  const first = (re: RegExp): Labelled | undefined => labelledAmounts(model.lines, re, model.style)[0];
  const net = first(NET);
  const total = first(DEDUCTIONS);
  const gross = first(GROSS) ?? (total ? bareEarningsTotal(model, total.line) : undefined);
  const out: ArithmeticFinding[] = [];
  const g = gross?.amounts[0].value;
  const n = net?.amounts[0].value;
  const oddTotal = gross && net && total ? deductionsTotalOdd(model, gross, total, net) : null;
  if (oddTotal) out.push(oddTotal);
  if (gross && net && total && g !== undefined && n !== undefined) {
    const expected = g - Math.abs(total.amounts[0].value);
    checked.add('payslip_net');
    if (!near(expected, n) && !oddTotal) {
      const crossChecked = net.line.ocr === true && confirmedByItems(model, gross) && confirmedByItems(model, total) && farApart(n, expected);
      out.push(
        finding(
          'arithmetic_error',
          'payslip_net',
          `Net pay ${formatAmount(n)} does not equal gross pay minus deductions (${formatAmount(expected)}).`,
          net.line,
          STRENGTH['arithmetic_error.payslip_net'],
          {
            expected: formatAmount(expected),
            found: formatAmount(n),
            ...(crossChecked ? { crossChecked: true } : {}),
            ...operands([gross.line, total.line, net.line]),
          },
          net.cells,
        ),
      );
    }
  }
  const earnings = gross && net && total ? earningsFinding(model, gross, total, net, checked) : null;
  if (earnings) out.push(earnings);
  if (total && gross) {
    const from = model.lines.indexOf(gross.line);
    const to = model.lines.indexOf(total.line);
    const items = labelledAmounts(model.lines.slice(Math.min(from, to), to), ITEM, model.style).filter(
      (h) => h.line !== gross.line || h.cells[0] !== gross.cells[0],
    );
    const sum = items.reduce((a, h) => a + Math.abs(h.amounts[0].value), 0);
    const found = Math.abs(total.amounts[0].value);
    // Only a full set of recognised deductions can contradict the total.
    if (items.length >= 2 && !near(sum, found) && sum > found && !oddTotal) {
      out.push(
        finding(
          'arithmetic_error',
          'payslip_deductions',
          `Total deductions ${formatAmount(found)} is less than the itemised deductions (${formatAmount(sum)}).`,
          total.line,
          STRENGTH['arithmetic_error.payslip_deductions'].belowItems,
          { expected: formatAmount(sum), found: formatAmount(found), ...operands([gross.line, total.line]) },
          total.cells,
        ),
      );
    }
  }
  for (const h of [gross, net]) {
    if (!h || h.amounts.length !== 2) continue;
    const [period, ytd] = h.amounts.map((a) => a.value);
    if (ytd + 0.01 < period && ytd > 0) {
      out.push(
        finding(
          'arithmetic_error',
          'payslip_ytd',
          `Year-to-date ${formatAmount(ytd)} is smaller than this period's ${formatAmount(period)}.`,
          h.line,
          STRENGTH['arithmetic_error.payslip_ytd'],
          { expected: `>= ${formatAmount(period)}`, found: formatAmount(ytd), ...operands([h.line]) },
          h.cells,
        ),
      );
    }
  }
  return out;
}

/**
 * Earnings items that do not add up to gross pay, when gross pay itself agrees with the rest of
 * the payslip (gross - deductions = net): then an item was changed (a basic pay raised) and
 * gross, deductions and net left as they were. Only the item lines straight above gross pay
 * count (at least two, each a label and a figure), and no run of the nearest of them may add up
 * to it (a line of another block swept in, not an edit).
 */
function earningsFinding(model: DocModel, gross: Labelled, total: Labelled, net: Labelled, checked: Checked): ArithmeticFinding | null {
  if (gross.amounts.length !== 1) return null;
  const g = Math.abs(gross.amounts[0].value);
  if (!near(g - Math.abs(total.amounts[0].value), net.amounts[0].value)) return null;
  const at = model.lines.indexOf(gross.line);
  const lines = itemLinesAbove(model, at);
  if (lines.length < 2 || lines.some(({ line }) => !/\p{L}{2}/u.test(line.text))) return null;
  checked.add('payslip_gross');
  let sum = 0;
  for (const { value } of lines) {
    sum += value;
    if (near(sum, g)) return null;
  }
  return finding(
    'arithmetic_error',
    'payslip_gross',
    `Gross pay ${formatAmount(g)} is not the sum of the earnings above it (${formatAmount(sum)}), while gross pay minus deductions still gives net pay.`,
    gross.line,
    STRENGTH['arithmetic_error.payslip_gross'],
    { expected: formatAmount(sum), found: formatAmount(g), ...operands([...lines.map((l) => l.line).reverse(), gross.line]) },
    gross.cells,
  );
}

/**
 * The total deductions as the one odd figure: the deduction lines straight above it sum to gross
 * minus net, so net pay confirms them as the full list, yet the total printed under them is
 * another figure (a total retyped or covered by a copied figure, gross and net left). On a
 * picture the gross must be confirmed by its own items and the total several characters from
 * the sum (no misreading of it): then word confidence adds nothing (cross-check.ts).
 */
function deductionsTotalOdd(model: DocModel, gross: Labelled, total: Labelled, net: Labelled): ArithmeticFinding | null {
  if (gross.amounts.length !== 1 || net.amounts.length !== 1 || total.amounts.length !== 1) return null;
  const items = itemLinesAbove(model, model.lines.indexOf(total.line));
  if (items.length < 2) return null;
  const sum = items.reduce((a, i) => a + i.value, 0);
  const found = Math.abs(total.amounts[0].value);
  const g = Math.abs(gross.amounts[0].value);
  if (near(sum, found) || !near(g - sum, Math.abs(net.amounts[0].value))) return null;
  const ocr = total.line.ocr === true;
  if (ocr && !(confirmedByItems(model, gross) && farApart(found, sum))) return null;
  return finding(
    'arithmetic_error',
    'payslip_deductions',
    `Total deductions ${formatAmount(found)} is not the sum of the deductions listed (${formatAmount(sum)}), which gross pay minus net pay confirms.`,
    total.line,
    STRENGTH['arithmetic_error.payslip_deductions'].netConfirmsItems,
    {
      expected: formatAmount(sum),
      found: formatAmount(found),
      ...(ocr ? { crossChecked: true } : {}),
      ...operands([...items.map((i) => i.line).reverse(), total.line, net.line]),
    },
    total.cells,
  );
}

/**
 * The last figure of an item line; on OCR lines also a figure whose marks OCR dropped or mangled
 * ("1.17441" for "1.174,41"), read as cents: payslip items print two decimals.
 */
function itemFigure(line: Line, style: NumberStyle): number | null {
  const cell = line.cells[line.cells.length - 1];
  if (!cell || line.cells.length < 2) return null;
  const a = parseAmount(cell.text, style);
  if (a && isMoney(a)) return Math.abs(a.value);
  if (!line.ocr || !/^[£€$]?\d[\d.,']{2,}\d[£€$]?$/.test(cell.text.trim())) return null;
  const digits = cell.text.replace(/\D/g, '');
  return digits.length >= 3 ? Number(digits) / 100 : null;
}

/**
 * Gross pay printed as a bare figure under the earnings, its label lost by OCR or never printed:
 * the first figure alone on its line before the deductions total that at least two item lines
 * straight above it add up to.
 */
function bareEarningsTotal(model: DocModel, deductions: Line): Labelled | undefined {
  const end = model.lines.indexOf(deductions);
  for (let i = 0; i < end; i++) {
    const line = model.lines[i];
    if (line.cells.length !== 1 || /\p{L}{2}/u.test(line.text)) continue;
    const amount = parseAmount(line.cells[0].text, model.style);
    if (!amount || !isMoney(amount)) continue;
    const items = itemsAbove(model, i);
    if (items.length >= 2 && addsUpTo(items, amount.value)) return { line, label: '', amounts: [amount], cells: [line.cells[0]], rate: null, base: null };
  }
  return undefined;
}

/** The item lines straight above line `at` with their figures, nearest first. */
function itemLinesAbove(model: DocModel, at: number): Array<{ line: Line; value: number }> {
  const items: Array<{ line: Line; value: number }> = [];
  const page = model.lines[at].page;
  for (let i = at - 1; i >= 0; i--) {
    const line = model.lines[i];
    if (line.page !== page || GROSS.test(line.text.toLowerCase())) break;
    const value = itemFigure(line, model.style);
    if (value === null) break;
    items.push({ line, value });
  }
  return items;
}

/** The figures of the item lines straight above line `at`, nearest first. */
function itemsAbove(model: DocModel, at: number): number[] {
  return itemLinesAbove(model, at).map((i) => i.value);
}

/**
 * On a picture, a payslip total (gross pay, total deductions) counts as read right when the item
 * lines straight above it add up to it: OCR does not misread a total and its items into agreement.
 * Two such confirmed totals leave net pay as the only figure that can disagree
 * (engine/content/arithmetic/cross-check.ts says why word confidence is not used).
 */
function confirmedByItems(model: DocModel, total: Labelled): boolean {
  return addsUpTo(itemsAbove(model, model.lines.indexOf(total.line)), total.amounts[0].value);
}

function addsUpTo(items: readonly number[], total: number): boolean {
  return (
    items.length > 0 &&
    near(
      items.reduce((a, b) => a + b, 0),
      Math.abs(total),
    )
  );
}
