/**
 * Invoice and receipt arithmetic: line items (qty x unit), items vs subtotal, subtotal + tax
 * (+ shipping - discount) = total, tax = rate x base, and cash tendered - total = change.
 * The totals walk starts at a subtotal line and must recognise every figure it passes before
 * the total, otherwise it gives up: an unexplained figure means we do not understand the block.
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import { formatAmount, type ParsedAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts, moneyCells, type Labelled } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { round2 } from '../../../kit/numbers.js';
import { readItemTable, type ItemRow } from './line-items.js';
import { amountDueFindings } from './amount-due.js';
import { cardTenderFindings, changeFindings } from './tender.js';
import { misreadValues } from './misread.js';
import { confirmedByRate, confirmedIncluded, judgeTotal, moneyReadings, subtotalMisread } from './totals-cross-check.js';
import { STRENGTH } from '../../strengths.js';
import { discountedBase, includedTaxFindings, rateFindings } from './tax-rate.js';
import { classify, labelOf, rateFirstTax, SUBTOTAL, taxRateLine, taxRow, TAX, type Step, unreadFigure, wholeFigureLine } from './totals-labels.js';

/** Where a totals block starts: after a subtotal line, or after an item table whose rows are its subtotal. */
interface TotalsStart {
  /** Index of the last line before the block's tax/charge/total lines. */
  after: number;
  subtotal: number;
  /** What the subtotal may stand for on a picture (totals-cross-check.ts `moneyReadings`). */
  readings: number[];
  /** The first line the subtotal was read from (its own line, or the table's first row). */
  from: Line;
  /** The subtotal line's figure as read (absent when the items' sum stands for it). */
  read?: ParsedAmount;
}

/**
 * The figure a subtotal read from a picture stands for when its line items were all read and
 * add up, and one OCR misread of the subtotal (misread.ts) gives their sum: the items and the
 * subtotal agree, and the picture was misread once. Otherwise the subtotal as read.
 */
function reconciledSubtotal(sub: Labelled, table: ReturnType<typeof readItemTable>): number | null {
  if (!sub.line.ocr || !table?.complete || table.rows.length < 2 || !table.rows.every((r) => r.ok)) return null;
  const sum = round2(table.rows.reduce((a, r) => a + r.total, 0));
  const read = sub.amounts[0];
  return misreadValues(read.value, read.decimals).some((v) => near(v, sum, 0.005)) ? sum : null;
}

function totalsStarts(model: DocModel, labelled: Map<Line, Labelled>): TotalsStart[] {
  const table = readItemTable(model.lines, model.style);
  const starts: TotalsStart[] = [...labelled.values()]
    .filter((h) => labelOf(h.label, SUBTOTAL) && !labelOf(h.label, TAX) && h.amounts.length === 1)
    .map((h) => {
      // One misreading of the subtotal must not be blamed twice (against its items and the total).
      const reconciled = reconciledSubtotal(h, table);
      return {
        after: model.lines.indexOf(h.line),
        subtotal: reconciled ?? h.amounts[0].value,
        readings: reconciled !== null ? [reconciled] : moneyReadings(h.amounts[0], h.line.ocr === true),
        from: h.line,
        read: h.amounts[0],
      };
    });
  // Bills often go straight from the charges table to tax and total, with no subtotal line.
  if (table?.end && table.complete && table.rows.length >= 2 && table.rows.every((r) => r.ok) && !labelOf(table.end.cells[0]?.text ?? '', SUBTOTAL)) {
    const aligned = table.totalX1 !== null && table.rows.every((r) => Math.abs(r.x1 - (table.totalX1 as number)) < 0.04);
    const sum = table.rows.reduce((a, r) => a + r.total, 0);
    if (aligned)
      starts.push({
        after: model.lines.indexOf(table.end) - 1,
        subtotal: round2(sum),
        readings: [round2(sum)],
        from: table.rows[0].line,
      });
  }
  return starts;
}

function totalsFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const anyLabel = /[\p{L}][\p{L} .()/%-]*/u;
  const money = new Map(labelledAmounts(model.lines, anyLabel, model.style).map((h) => [h.line, h]));
  // Totals printed as whole numbers join the walk; the block is then checked only if its total is money.
  const whole = new Set<Line>();
  const labelled = new Map<Line, Labelled>();
  for (const line of model.lines) {
    const h = money.get(line) ?? wholeFigureLine(line, model);
    if (!h) continue;
    labelled.set(line, h);
    if (!money.has(line)) whole.add(line);
  }
  for (const start of totalsStarts(model, labelled)) {
    const steps: Step[] = [];
    const rows: Array<{ rate: number; base: number; tax: number; line: Line }> = [];
    let total: Labelled | null = null;
    let understood = true;
    let wholeFigures = whole.has(start.from);
    // "Tax rate 7.00%" on a line of its own: the rate of the tax total below it.
    let printedRate: number | null = null;
    for (const line of model.lines.slice(start.after + 1, start.after + 12)) {
      const row = taxRow(line, model);
      if (row) {
        rows.push({ ...row, line });
        continue;
      }
      const rate = taxRateLine(line, model);
      if (rate !== null && printedRate === null) {
        printedRate = rate;
        continue;
      }
      const h = labelled.get(line) ?? rateFirstTax(line, model);
      if (!h) {
        // A figure printed without decimals ("Steuerbetrag  70" for 70,00) is still part of the sum.
        if (moneyCells(line, model.style).length || unreadFigure(line)) understood = false;
        if (!understood) break;
        continue;
      }
      const kind = classify(h);
      if (!kind) {
        understood = false;
        break;
      }
      if (kind === 'total') {
        total = h;
        break;
      }
      if (whole.has(line)) wholeFigures = true;
      const rated = (kind === 'tax' || kind === 'tax_total') && printedRate !== null && h.rate === null && h.amounts.length === 1 && !rows.length;
      steps.push(rated ? { kind: 'tax', hit: { ...h, rate: printedRate } } : { kind, hit: h });
      if (rated) printedRate = null;
    }
    if (!understood || !total || total.amounts.length !== 1) continue;
    if (wholeFigures && total.amounts[0].decimals !== 2) continue;
    checked.add('invoice_total');
    const subtotal = start.subtotal;
    const last = (h: Labelled): ParsedAmount => h.amounts[h.amounts.length - 1];
    const taxTotal = steps.find((s) => s.kind === 'tax_total');
    const taxLines = steps.filter((s) => s.kind === 'tax');
    const tax = taxTotal
      ? last(taxTotal.hit).value
      : taxLines.length
        ? taxLines.reduce((a, s) => a + last(s.hit).value, 0)
        : rows.reduce((a, r) => a + r.tax, 0);
    const discount = steps.filter((s) => s.kind === 'discount').reduce((a, s) => a + Math.abs(last(s.hit).value), 0);
    const extra = steps.filter((s) => s.kind === 'extra').reduce((a, s) => a + last(s.hit).value, 0);
    // The sum restated after the discount is what the tax is charged on and the total adds up from.
    const restated = steps.filter((s) => s.kind === 'restated').pop();
    const expected = restated ? last(restated.hit).value + tax + extra : subtotal + tax + extra - discount;
    const found = total.amounts[0].value;
    // The subtotal and the total agree at the printed rate and the tax line is one OCR slip
    // from the tax they require: the picture was misread, and both checks would blame the tax.
    if (taxMisreadOnPicture(steps, rows, subtotal, found) || subtotalMisreadOnPicture(start, steps, rows, found)) return [];
    const out: ArithmeticFinding[] = [];
    // Discounts are sometimes applied before the subtotal and only repeated below it.
    if (!near(expected, found, 0.011) && !(discount && near(expected + discount, found, 0.011))) {
      const judged = total.line.ocr === true ? judgedOnPicture(model, start, steps, rows, total) : null;
      if (judged?.verdict !== 'adds_up') {
        const required = judged?.required ?? expected;
        const crossChecked = judged?.verdict === 'contradicts' ? { crossChecked: true } : {};
        out.push(
          finding(
            'arithmetic_error',
            'invoice_total',
            `Total ${formatAmount(found)} does not equal subtotal, tax and charges (${formatAmount(required)}).`,
            total.line,
            STRENGTH['arithmetic_error.invoice_total'],
            { expected: formatAmount(required), found: formatAmount(found), ...crossChecked, ...operands([start.from, total.line]) },
            total.cells,
          ),
        );
      }
    }
    out.push(
      ...rateFindings(
        taxLines.map((s) => s.hit),
        rows,
        restated ? last(restated.hit).value : subtotal,
        restated ? restated.hit.line : start.from,
        // Without a restated sum, the discounts printed above the tax may have been taken before it.
        discountedBase(steps, subtotal, restated),
      ),
    );
    out.push(...amountDueFindings(model, total.line, found, checked, (l) => moneyCells(l, model.style).length > 0 || unreadFigure(l)));
    out.push(
      ...includedTaxFindings(
        steps.filter((s) => s.kind === 'included').map((s) => s.hit),
        found,
        total.line,
      ),
    );
    return out;
  }
  return [];
}

/**
 * On a picture, a single tax line at a printed rate: the subtotal and the total agree with each
 * other at that rate (to the cent, rounded either way), and the tax as read is one OCR-typical
 * misread (misread.ts) from the tax they require ("6,503.24" read for "6,593.24" on a screenshot).
 */
function taxMisreadOnPicture(steps: Step[], rows: unknown[], subtotal: number, total: number): boolean {
  if (rows.length || steps.length !== 1 || steps[0].kind !== 'tax') return false;
  const tax = steps[0].hit;
  if (!tax.line.ocr || tax.rate === null || tax.base !== null || tax.amounts.length !== 1 || !(tax.rate > 0 && tax.rate < 100)) return false;
  const cents = [Math.floor(subtotal * tax.rate + 1e-7) / 100, Math.ceil(subtotal * tax.rate - 1e-7) / 100];
  const read = tax.amounts[0];
  return cents.some((t) => near(subtotal + t, total, 0.011) && misreadValues(read.value, read.decimals).some((v) => near(v, t, 0.005)));
}

/** On a picture, a single tax line and the total agree, and the subtotal line was misread once. */
function subtotalMisreadOnPicture(start: TotalsStart, steps: Step[], rows: unknown[], total: number): boolean {
  if (!start.read || !start.from.ocr || rows.length || steps.length !== 1 || steps[0].kind !== 'tax') return false;
  const tax = steps[0].hit;
  if (tax.base !== null || tax.amounts.length !== 1) return false;
  return subtotalMisread(start.read, tax.amounts[0].value, tax.rate, total);
}

/**
 * On a picture: the total a subtotal and a single tax line require when the printed rate confirms
 * both (totals-cross-check.ts), and how the total's readings compare with it. A tax included in
 * the total ("incl. VAT 5.5%", receipts) confirms a gross subtotal the same way, and the total
 * must then equal it. Null when the block holds anything else (tax rows, charges, discounts, a
 * printed base): those figures stay unconfirmed.
 */
function judgedOnPicture(
  model: DocModel,
  start: TotalsStart,
  steps: Step[],
  rows: unknown[],
  total: Labelled,
): { required: number; verdict: ReturnType<typeof judgeTotal> } | null {
  if (rows.length || steps.length !== 1 || (steps[0].kind !== 'tax' && steps[0].kind !== 'included')) return null;
  const tax = steps[0].hit;
  // A line with a figure OCR could not read as money (a second tax "27:13", a fee) may be part of the total.
  const between = model.lines.slice(start.after + 1, model.lines.indexOf(total.line));
  if (between.some((l) => l !== tax.line && /\d/.test(l.text))) return null;
  if (tax.rate === null || tax.base !== null || tax.amounts.length !== 1) return null;
  const taxes = moneyReadings(tax.amounts[0], tax.line.ocr === true);
  // Tax included in the total ("incl. VAT 5.5%"): the subtotal is the gross, and its share at the rate confirms it.
  const pair = steps[0].kind === 'included' ? confirmedIncluded(start.readings, taxes, tax.rate) : confirmedByRate(start.readings, taxes, tax.rate);
  if (!pair) return null;
  const required = Math.round((steps[0].kind === 'included' ? pair.subtotal : pair.subtotal + pair.tax) * 100) / 100;
  return { required, verdict: judgeTotal(moneyReadings(total.amounts[0], true), required) };
}

function itemFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const table = readItemTable(model.lines, model.style);
  if (!table) return [];
  checked.add('line_item');
  const good = table.rows.filter((r) => r.ok).length;
  // Rows a single OCR misread would fix are not reported, but still count as a poor reading.
  const wrong = table.rows.filter((r) => !r.ok);
  const bad = wrong.filter((r) => !r.misread);
  const out: ArithmeticFinding[] = [];
  // The totals under the table confirm the one wrong row's quantity x unit price: its factors
  // were read right (so a misread factor no longer excuses it), and the columns too.
  const below = wrong.length === 1 ? rowConfirmedBelow(model, table, wrong[0]) : null;
  const blamed = below?.crossChecked && wrong[0].misread ? wrong : bad;
  // No row read right, but the printed line totals are the sum the totals under the table state:
  // the line totals stand, and a row whose factors are no OCR slip of its total had a factor
  // changed (a bill's rate copied over: "465 kWh  0.55  148.80"; the other row one slip off).
  const totalsStand = good === 0 && bad.length === 1 && wrong.length > bad.length ? printedTotalsConfirmed(model, table) : null;
  if (totalsStand && !below) {
    const r = bad[0];
    const exp = r.expected !== null ? ` (quantity x unit price gives ${formatAmount(r.expected)})` : '';
    return [
      finding(
        'arithmetic_error',
        'line_item',
        `Line total ${formatAmount(r.total)} does not match its quantity and unit price${exp}, while the line totals add up to the totals under the table.`,
        r.line,
        STRENGTH['arithmetic_error.line_item'].confirmedColumns,
        { expected: r.expected !== null ? formatAmount(r.expected) : null, found: formatAmount(r.total), ...operands([r.line, ...totalsStand]) },
      ),
    ];
  }
  if (blamed.length && good >= 1 && wrong.length <= Math.max(1, Math.floor(table.rows.length * 0.25))) {
    for (const r of blamed) {
      const exp = r.expected !== null ? ` (quantity x unit price gives ${formatAmount(r.expected)})` : '';
      const confirmed = below ? { ...(below.crossChecked ? { crossChecked: true } : {}), ...operands([r.line, ...below.lines]) } : operands([r.line]);
      out.push(
        finding(
          'arithmetic_error',
          'line_item',
          `Line total ${formatAmount(r.total)} does not match its quantity and unit price${exp}${below ? ', which the totals under the table were computed with' : ''}.`,
          r.line,
          good >= 2 || below ? STRENGTH['arithmetic_error.line_item'].confirmedColumns : STRENGTH['arithmetic_error.line_item'].unconfirmed,
          { expected: r.expected !== null ? formatAmount(r.expected) : null, found: formatAmount(r.total), ...confirmed },
        ),
      );
    }
  }
  // Items against the subtotal just below them, only when every row was read and adds up.
  const aligned = table.totalX1 !== null && table.rows.every((r) => Math.abs(r.x1 - (table.totalX1 as number)) < 0.04);
  if (table.rows.every((r) => r.ok) && table.rows.length >= 2 && table.end && table.complete && aligned) {
    // The subtotal's figure may sit on its own line just below the label (stacked totals).
    const at = model.lines.indexOf(table.end);
    const sub = labelledAmounts(model.lines.slice(at, at + 2), SUBTOTAL, model.style)[0];
    if (sub && sub.amounts.length === 1) {
      checked.add('items_subtotal');
      const sum = table.rows.reduce((a, r) => a + r.total, 0);
      if (!near(sum, sub.amounts[0].value, 0.011) && reconciledSubtotal(sub, table) === null) {
        out.push(
          finding(
            'arithmetic_error',
            'items_subtotal',
            `Subtotal ${formatAmount(sub.amounts[0].value)} does not equal the sum of the line items (${formatAmount(sum)}).`,
            sub.line,
            STRENGTH['arithmetic_error.items_subtotal'].invoiceTable,
            { expected: formatAmount(sum), found: formatAmount(sub.amounts[0].value), ...operands([...table.rows.map((r) => r.line), sub.line]) },
            sub.cells,
          ),
        );
      }
    }
  }
  return out;
}

/**
 * The one row of a complete item table that does not add up, when the figures under the table say
 * what its line total should be: the subtotal is the other rows plus the row's quantity x unit
 * price to the cent, or (bills, no subtotal line) a single tax line is its printed rate of that
 * sum and the total after it is the sum plus the tax. A forger who changed a line total leaves
 * them as computed, and OCR does not misread a subtotal, or a tax and a total, into that
 * agreement. On a picture the reading is then judged by that arithmetic rather than by
 * tesseract's word confidence (which comes back near 0 on correctly read space-grouped figures
 * such as "6 194,90"): the printed line total must be no OCR slip of the product (`judgeTotal`:
 * several characters off, or one digit OCR never takes for the other). Null when nothing confirms.
 */
function rowConfirmedBelow(
  model: DocModel,
  table: NonNullable<ReturnType<typeof readItemTable>>,
  row: ItemRow,
): { lines: Line[]; crossChecked: boolean } | null {
  if (row.expected === null || !table.complete || !table.end) return null;
  const required = round2(row.expected);
  const others = table.rows.filter((r) => r !== row).reduce((a, r) => a + r.total, 0);
  const lines = confirmingLines(model, table.end, round2(others + required));
  if (!lines) return null;
  return { lines, crossChecked: row.line.ocr === true && judgeTotal([row.total], required) === 'contradicts' };
}

/** The lines under a complete item table that state the sum of its printed line totals, or null. */
function printedTotalsConfirmed(model: DocModel, table: NonNullable<ReturnType<typeof readItemTable>>): Line[] | null {
  if (!table.complete || !table.end || table.rows.length < 2) return null;
  return confirmingLines(model, table.end, round2(table.rows.reduce((a, r) => a + r.total, 0)));
}

/** The lines under an item table that state `sum` as its total: a subtotal, or a tax at its rate and a total. */
function confirmingLines(model: DocModel, end: Line, sum: number): Line[] | null {
  const at = model.lines.indexOf(end);
  const ocr = end.ocr === true;
  const sub = labelledAmounts(model.lines.slice(at, at + 2), SUBTOTAL, model.style)[0];
  if (sub) return sub.amounts.length === 1 && moneyReadings(sub.amounts[0], ocr).some((v) => near(v, sum, 0.011)) ? [sub.line] : null;
  // Stacked labels take a line each for the label and the figure: four lines hold tax and total.
  const [tax, total] = labelledAmounts(model.lines.slice(at, at + 4), /[\p{L}][\p{L} .()/%-]*/u, model.style);
  if (!tax || !total || classify(tax) !== 'tax' || classify(total) !== 'total') return null;
  if (tax.rate === null || tax.base !== null || tax.amounts.length !== 1 || total.amounts.length !== 1) return null;
  const pair = confirmedByRate([sum], moneyReadings(tax.amounts[0], ocr), tax.rate);
  if (!pair) return null;
  return moneyReadings(total.amounts[0], ocr).some((v) => near(v, sum + pair.tax, 0.011)) ? [tax.line, total.line] : null;
}

export function invoiceFindings(model: DocModel, checked: Checked = new Set()): ArithmeticFinding[] {
  return [...itemFindings(model, checked), ...totalsFindings(model, checked), ...changeFindings(model, checked), ...cardTenderFindings(model, checked)];
}
