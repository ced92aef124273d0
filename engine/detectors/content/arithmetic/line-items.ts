/**
 * Invoice and receipt line items: under a header naming quantity/price/amount columns, each
 * row's line total must be quantity x unit price, allowing for a discount or tax column on the
 * row. A row is only judged when its rightmost figure is a money amount.
 */
import type { Line } from '../../../read/extract/layout.js';
import { oneMisreadExplains } from './misread.js';
import { repeatsAcrossPageBreak } from './page-break.js';
import type { NumberStyle } from '../../../read/extract/numbers.js';
import { isMoney, parseAmount } from '../../../read/extract/numbers.js';
import { numberCells } from '../amounts.js';
import { near } from '../evidence.js';

const QTY = /^(?:qty|quantity|menge|anzahl|hoeveelheid|quantité|qté|cantidad|quantità|units|hours|hrs)\b/i;
const PRICE = /^(?:unit price|price|rate|unit cost|each|preis|einzelpreis|nettopreis|stückpreis|prijs|prix(?: unitaire)?|precio|prezzo)\b/i;
const TOTAL = /^(?:amount|total|line total|net amount|betrag|netto(?:betrag)?|gesamt(?:preis)?|bedrag|montant|importe|importo)\b/i;
export const TOTALS_LABEL =
  /^(?:sub[- ]?total|total|net total|grand total|amount due|balance due|zwischensumme|summe|netto|brutto|rechnungssumme|gesamtbetrag|total ht|montant|subtotaal|totaal|factuur totaal|net amount|vat|tax)\b/i;

export interface ItemRow {
  line: Line;
  total: number;
  /** Right edge of the cell holding the row's last figure. */
  x1: number;
  ok: boolean;
  /** Not ok, but read by OCR and one misread digit away from adding up (says nothing). */
  misread: boolean;
  expected: number | null;
}

export interface ItemTable {
  rows: ItemRow[];
  /** The line after the last row (where totals begin), if any. */
  end: Line | null;
  /** Right edge of the header cell naming the line total column. */
  totalX1: number | null;
  /** False when some line in the table carried figures but could not be read as a row. */
  complete: boolean;
}

function isHeader(line: Line): boolean {
  const texts = line.cells.map((c) => c.text.trim());
  const qty = texts.some((t) => QTY.test(t));
  const price = texts.some((t) => PRICE.test(t));
  const total = texts.some((t) => TOTAL.test(t));
  return (qty && (price || total)) || (price && total);
}

/** Quantity x unit price as the row most likely means it: the last two figures before the total. */
function firstProduct(nums: Num[]): number | null {
  const plain = nums.filter((n) => !n.percent && n.value !== 0);
  return plain.length >= 2 ? plain[plain.length - 2].value * plain[plain.length - 1].value : null;
}

function precisionError(other: number, decimals: number): number {
  return decimals >= 2 ? Math.abs(other) * 0.5 * 10 ** -decimals : 0;
}

type Num = { value: number; decimals: number; percent: boolean };

/** Does some pair of the row's figures multiply to `total` (allowing discount/tax/extra)? */
function explains(nums: Num[], total: number): boolean {
  const plain = nums.filter((n) => !n.percent);
  const pct = nums.filter((n) => n.percent).map((n) => n.value);
  // A row whose total repeats its unit price has an implied quantity of one.
  if (plain.some((n) => near(n.value, total))) return true;
  for (let i = 0; i < plain.length; i++) {
    for (let j = i + 1; j < plain.length; j++) {
      const a = plain[i];
      const b = plain[j];
      // Net + tax = gross on rows that print both.
      if (near(a.value + b.value, total)) return true;
      const p = a.value * b.value;
      // What rounding the printed factors allows on the product itself; it scales with what is
      // made of the product (a hundredth of it is off by a hundredth as much). Applied unscaled to
      // p / 100, a meter reading in the description ("86785 to 87573") times a rate in cents
      // allowed +/- 4 in every row, and a changed energy charge explained itself.
      const spread = precisionError(b.value, a.decimals) + precisionError(a.value, b.decimals);
      const others = plain.filter((_, k) => k !== i && k !== j).map((n) => n.value);
      // [candidate, its share of p]; p / 100 covers discount and surcharge rows printed as "rate  base  amount".
      const candidates: Array<[number, number]> = [
        [p, 1],
        [p / 100, 0.01],
        ...pct.map((r): [number, number] => [p * (1 + r / 100), 1 + r / 100]),
        ...pct.map((r): [number, number] => [p * (1 - r / 100), 1 - r / 100]),
      ];
      for (const x of others) {
        candidates.push([p + x, 1], [p - x, 1]);
        if (x > 0 && x < 100) candidates.push([p * (1 - x / 100), 1 - x / 100], [p * (1 + x / 100), 1 + x / 100]);
      }
      if (candidates.some(([c, share]) => near(Math.abs(c), Math.abs(total), 0.011 + spread * Math.abs(share)))) return true;
    }
  }
  return false;
}

/** Every figure on the row: whole number cells, and numbers inside text cells ("20 Stk"). */
function rowNumbers(line: Line, style: NumberStyle, cells: ReturnType<typeof numberCells>): Num[] {
  const out: Num[] = cells.map((n) => n.amount);
  const whole = new Set(cells.map((n) => n.cell));
  for (const cell of line.cells) {
    if (whole.has(cell)) continue;
    for (const m of cell.text.matchAll(/(?<![\w.,#/-])\d{1,7}(?:[.,]\d{1,4})?(?:\s?%)?(?![\w.,/-]?\d)/g)) {
      const a = parseAmount(m[0].replace(/\s%$/, '%'), style);
      if (a) out.push(a);
    }
  }
  return out;
}

export function readItemTable(lines: Line[], style: NumberStyle): ItemTable | null {
  const start = lines.findIndex(isHeader);
  if (start < 0) return null;
  const rows: ItemRow[] = [];
  let end: Line | null = null;
  let complete = true;
  const totalHeader = lines[start].cells.filter((c) => TOTAL.test(c.text.trim())).pop();
  for (const line of lines.slice(start + 1)) {
    if (line.page !== lines[start].page && rows.length === 0) break;
    if (TOTALS_LABEL.test(line.cells[0]?.text ?? '') || line.cells.some((c, i) => i > 0 && /^(?:sub[- ]?total|total)\b/i.test(c.text) && !/\d/.test(c.text))) {
      end = line;
      break;
    }
    const cells = numberCells(line, style);
    const last = cells[cells.length - 1];
    const readable =
      last &&
      cells.filter((n) => !n.amount.percent).length >= 3 &&
      !last.amount.percent &&
      last.amount.decimals === 2 &&
      last.cell === line.cells[line.cells.length - 1];
    if (!readable) {
      if (cells.some((c) => !c.amount.percent)) complete = false;
      continue;
    }
    if (repeatsAcrossPageBreak(line, rows[rows.length - 1]?.line)) continue;
    const nums = rowNumbers(line, style, cells);
    // Any money cell may be the line total (a tax-amount column can come last).
    const holds = (ns: Num[]) =>
      cells.some(
        (c) =>
          isMoney(c.amount) &&
          explains(
            ns.filter((_, i) => nums[i] !== c.amount),
            ns[nums.indexOf(c.amount)].value,
          ),
      );
    const ok = holds(nums);
    const misread = !ok && Boolean(line.ocr) && oneMisreadExplains(nums, (vs) => holds(nums.map((n, i) => ({ ...n, value: vs[i] }))));
    const product = firstProduct(cells.slice(0, -1).map((c) => c.amount));
    rows.push({ line, total: last.amount.value, x1: last.cell.x1, ok, misread, expected: product });
  }
  return rows.length ? { rows, end, totalX1: totalHeader?.x1 ?? null, complete } : null;
}
