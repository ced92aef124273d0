/**
 * Totals and tax printed as a table rather than as a column of labelled lines: labels side by
 * side in a header ("TOTAL HT | TOTAL TVA | TOTAL TTC", "Netto EUR | MwSt. EUR | Brutto EUR",
 * "Rate | Base | VAT") and the figures in a row below, under their labels. French and German
 * invoice generators and e-invoice viewers print their totals and VAT breakdowns so. Each row
 * must hold: net + tax = gross, and tax = rate x base when the rate is printed (in a column of
 * its own or in the row's label, "19,00% MwSt.").
 *
 * A row is only read when each of its money figures falls under exactly one label; a line
 * with a figure under no label, or two under one, ends the table. Text lines in between (a
 * paragraph printed beside the table) are passed over.
 */
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';
import type { Cell, Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import { formatAmount, parseAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts, moneyCells } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { STRENGTH } from '../../strengths.js';
import { amountDueFindings } from './amount-due.js';
import { unreadFigure } from './totals-labels.js';
import { taxRateFinding } from './tax-rate.js';

type Kind = 'net' | 'tax' | 'gross' | 'rate';

/** Column labels, matched on the whole cell once a "total"/"montant" prefix and a currency are removed. */
const LABELS: Array<[Kind, RegExp]> = [
  [
    'rate',
    /^(?:(?:vat|tax|tva|mwst|ust|iva|btw|gst)\.? ?(?:rate|%)|rate|taux(?: tva)?|satz|steuersatz|(?:ust|mwst)\.? ?-?satz|%|tipo|aliquota|steuersatz \[%\])$/,
  ],
  [
    'tax',
    /^(?:tva|vat|tax|gst|iva|btw|mwst|ust|vat amount|tax amount|amount of (?:vat|tax)|(?:mwst|ust|steuer|umsatzsteuer)\.?-?betrag|steuer|cuota(?: iva)?|imposta|importe iva)$/,
  ],
  [
    'net',
    /^(?:ht|net|netto|net amount|nettobetrag|subtotal|sub-total|base(?: ht| tva| imponible)?|taxable amount|basis|basisbetrag|steuerbasis(?:betrag)?|bemessungsgrundlage|imponibile|(?:amount )?excl\.? (?:vat|tax|btw)|excl\.? (?:vat|tax|btw)|ohne (?:mwst|ust))$/,
  ],
  ['gross', /^(?:ttc|gross|brutto|bruttobetrag|gross amount|(?:amount )?incl\.? (?:vat|tax|btw)|mit (?:mwst|ust)|totale|gesamt|gesamtbetrag)$/],
];

function kindOf(text: string): Kind | null {
  const t = text
    .toLowerCase()
    .replace(/[:*]+$/, '')
    .replace(/\s*\(?(?:eur|€|usd|\$|gbp|£|chf|in eur|en eur)\)?$/, '')
    .replace(/^(?:total|montant|summe|betrag|amount|importe)\s+/, '')
    .replace(/\.$/, '')
    .trim();
  return LABELS.find(([, re]) => re.test(t))?.[0] ?? null;
}

interface Column {
  /** Null for a label no check uses ("Warenwert"): its figures are passed over, not read. */
  kind: Kind | null;
  x0: number;
  x1: number;
}

/**
 * The labels of one header cell. Labels printed a single space apart run into one cell ("Art
 * (Kategorie) Warenwert Zu-/Abschlag Steuerbasisbetrag"); its figures are right-aligned under the
 * last one, so a cell no label names is read as its last word's column (over that word's share of
 * the cell's width) after a column of the words before it that no check uses.
 */
function labelsOf(c: Cell): Column[] {
  const kind = kindOf(c.text);
  const text = c.text.trimEnd();
  const at = text.search(/\S+$/);
  const last = at > 0 ? kindOf(text.slice(at)) : null;
  if (kind || !last) return [{ kind, x0: c.x0, x1: c.x1 }];
  const split = c.x0 + ((c.x1 - c.x0) * at) / text.length;
  return [
    { kind: null, x0: c.x0, x1: split - 2 * SLACK },
    { kind: last, x0: split, x1: c.x1 },
  ];
}

/** A header line: labels of a tax or totals table, nothing else that is a figure. */
function headerOf(line: Line, model: DocModel): Column[] | null {
  if (moneyCells(line, model.style).length) return null;
  const labelled = line.cells.filter((c) => /[\p{L}%]/u.test(c.text));
  // Run-together labels are split only when the cells as printed do not make a header ("Détail
  // TVA" names no column, its last word is no second tax column).
  return valid(labelled.map((c) => ({ kind: kindOf(c.text), x0: c.x0, x1: c.x1 }))) ?? valid(labelled.flatMap(labelsOf));
}

function valid(cols: Column[]): Column[] | null {
  const kinds = cols.map((c) => c.kind).filter((k) => k !== null);
  if (new Set(kinds).size !== kinds.length || !kinds.includes('tax') || !kinds.includes('net')) return null;
  return kinds.includes('gross') || kinds.includes('rate') ? cols : null;
}

/** Labels and figures are aligned left, right or centred: a figure belongs to the label it overlaps. */
const SLACK = 0.01;

function columnOf(cell: Cell, cols: Column[]): Column | null {
  const under = cols.filter((c) => cell.x1 > c.x0 - SLACK && cell.x0 < c.x1 + SLACK);
  return under.length === 1 ? under[0] : null;
}

export interface Row {
  line: Line;
  net: number;
  tax: number;
  gross: number | null;
  rate: number | null;
}

const RATE_IN_TEXT = /(\d{1,2}(?:[.,]\d{1,3})?)\s?%/;

/**
 * A rate right-aligned past the end of its left-aligned label ("USt. %" over "20" and "5,5"):
 * between the label's start and the next label's.
 */
function underRate(c: Cell, rate: Column, cols: Column[]): boolean {
  const next = Math.min(1, ...cols.filter((k) => k.x0 > rate.x0).map((k) => k.x0));
  return c.x0 >= rate.x0 - SLACK && c.x1 <= next;
}

/** One row of figures under the header, or null when the line is not one. */
function rowOf(line: Line, cols: Column[], model: DocModel): Row | null {
  const money = moneyCells(line, model.style);
  const taken = new Map<Kind, number>();
  for (const m of money) {
    const col = columnOf(m.cell, cols);
    if (!col || (col.kind && taken.has(col.kind))) return null;
    if (col.kind) taken.set(col.kind, m.amount.value);
  }
  const net = taken.get('net');
  const tax = taken.get('tax');
  if (net === undefined || tax === undefined) return null;
  let rate: number | null = null;
  const rateCol = cols.find((c) => c.kind === 'rate');
  for (const c of line.cells) {
    // A rate with a decimal part ("5,5" under "USt. %") reads as money too; under the rate label it is the rate.
    if (money.some((m) => m.cell === c) && columnOf(c, cols)?.kind !== 'rate') continue;
    const col = rateCol ? columnOf(c, cols) : null;
    if (col?.kind === 'rate' || (!col && rateCol && underRate(c, rateCol, cols))) {
      const a = parseAmount(c.text.replace(/\s+%$/, '%'), model.style);
      if (a) rate = a.value;
    } else if (!col?.kind && c.x1 < Math.min(...cols.filter((k) => k.kind).map((k) => k.x0))) {
      const m = RATE_IN_TEXT.exec(c.text);
      if (m) rate = Number(m[1].replace(',', '.'));
    }
  }
  return { line, net, tax, gross: taken.get('gross') ?? null, rate };
}

/** Lines without a figure a table may pass over (a paragraph printed beside it). */
const MAX_GAP = 3;

function tableRows(lines: Line[], at: number, cols: Column[], model: DocModel): Row[] {
  const rows: Row[] = [];
  let gap = 0;
  for (const line of lines.slice(at + 1, at + 40)) {
    if (line.page !== lines[at].page) break;
    if (!moneyCells(line, model.style).length) {
      if (++gap > MAX_GAP || headerOf(line, model)) break;
      continue;
    }
    const row = rowOf(line, cols, model);
    if (!row) break;
    rows.push(row);
    gap = 0;
  }
  return rows;
}

/** The tables whose header names a rate column besides net and tax: VAT breakdowns per rate. */
export function rateTables(model: DocModel): Row[][] {
  const out: Row[][] = [];
  model.lines.forEach((line, at) => {
    const cols = headerOf(line, model);
    if (!cols?.some((c) => c.kind === 'rate')) return;
    const rows = tableRows(model.lines, at, cols, model);
    if (rows.length && rows.every((r) => r.rate !== null)) out.push(rows);
  });
  return out;
}

export function totalsTableFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const out: ArithmeticFinding[] = [];
  model.lines.forEach((line, at) => {
    const cols = headerOf(line, model);
    if (!cols) return;
    const rows = tableRows(model.lines, at, cols, model);
    out.push(...sumLineFindings(model, rows, checked));
    const last = rows.length === 1 ? rows[0] : null;
    // The amount due under a one-row totals table follows from its gross (rows per rate are no total).
    if (last && last.gross !== null && !cols.some((c) => c.kind === 'rate'))
      out.push(...amountDueFindings(model, last.line, last.gross, checked, (l) => moneyCells(l, model.style).length > 0 || unreadFigure(l)));
    for (const r of rows) {
      if (r.gross !== null) {
        checked.add('invoice_total');
        const expected = r.net + r.tax;
        if (!near(expected, r.gross)) {
          out.push(
            finding(
              'arithmetic_error',
              'invoice_total',
              `Gross ${formatAmount(r.gross)} does not equal the net amount ${formatAmount(r.net)} plus tax ${formatAmount(r.tax)} printed beside it (${formatAmount(expected)}).`,
              r.line,
              STRENGTH['arithmetic_error.invoice_total'],
              { expected: formatAmount(expected), found: formatAmount(r.gross), ...operands([line, r.line]) },
            ),
          );
        }
      }
      if (r.rate !== null && r.rate > 0 && r.rate < 100) {
        checked.add('tax_rate');
        const f = taxRateFinding({ value: r.tax, line: r.line }, r.rate, r.net, [line, r.line]);
        if (f) out.push(f);
      }
    }
  });
  return out;
}

/** The line that sums a totals table's rows ("Summe gesamt", "Total"), when it comes right after them. */
const SUM = /^\s*(?:summe(?: gesamt)?|gesamtsumme|gesamt|total|grand total|sum|totale?)(?![\p{L}])/iu;

/** Rows of a totals table per tax rate, then their sum: it must be the sum of the gross column. */
function sumLineFindings(model: DocModel, rows: Row[], checked: Checked): ArithmeticFinding[] {
  if (!rows.length || rows.some((r) => r.gross === null)) return [];
  const at = model.lines.indexOf(rows[rows.length - 1].line);
  const next = model.lines.slice(at + 1, at + 4).find((l) => moneyCells(l, model.style).length || unreadFigure(l));
  if (!next) return [];
  const sum = labelledAmounts([next], SUM, model.style)[0];
  if (!sum || sum.amounts.length !== 1) return [];
  checked.add('invoice_total');
  const expected = rows.reduce((a, r) => a + (r.gross as number), 0);
  const found = sum.amounts[0].value;
  if (near(expected, found)) return [];
  return [
    finding(
      'arithmetic_error',
      'invoice_total',
      `Total ${formatAmount(found)} is not the sum of the gross amounts above it (${formatAmount(expected)}).`,
      sum.line,
      STRENGTH['arithmetic_error.invoice_total'],
      { expected: formatAmount(expected), found: formatAmount(found), ...operands([...rows.map((r) => r.line), sum.line]) },
      sum.cells,
    ),
  ];
}
