/**
 * Labelled money figures ("Subtotal £120.00", "Closing balance 1.234,56 EUR") and the money
 * cells of a table row, read on the shared line model.
 */
import type { Cell, Line } from '../../read/extract/layout.js';
import { currencyOfSymbol, findMoney, isMoney, parseAmount, type NumberStyle, type ParsedAmount } from '../../read/extract/numbers.js';

export interface Labelled {
  line: Line;
  label: string;
  /** Money figures after the label on its line, left to right. */
  amounts: ParsedAmount[];
  cells: Cell[];
  /** Rate printed in the label ("VAT 20%"), if any. */
  rate: number | null;
  /** Base printed in the label ("Tax 15% on $ 112.90"), if any. */
  base: number | null;
  /**
   * The label's own line when the figure is printed alone on the line below it (`line` is then
   * the figure's): what stands above the label (a receipt's items) starts above this one.
   */
  labelLine?: Line;
}

/**
 * Cells that start with `label`, with the money figures that follow on the line up to the next
 * text cell (so side-by-side "Gross pay 2,500.00  Total deductions 650.00" reads as two labels).
 */
export function labelledAmounts(lines: Line[], label: RegExp, style: NumberStyle): Labelled[] {
  const anchored = new RegExp(`^\\s*(?:${label.source})(?![\\p{L}])`, 'iu');
  const out: Labelled[] = [];
  for (const line of lines) {
    const lineCells = labelCells(line);
    const ci = lineCells.findIndex((c) => anchored.test(c.text));
    if (ci < 0) continue;
    const labelCell = lineCells[ci];
    const m = anchored.exec(labelCell.text)!;
    const restOfLabel = labelCell.text.slice(m[0].length);
    const rateM = /(\d{1,2}(?:[.,]\d{1,3})?)\s?%/.exec(restOfLabel);
    const baseM = /\b(?:on|of|auf|sur|base)\s+(.+)$/i.exec(restOfLabel);
    const base = baseM ? (findMoney(baseM[1], style)[0]?.value ?? null) : null;
    const cells: Cell[] = [];
    const amounts: ParsedAmount[] = [];
    const inLabel = findMoney(baseM ? restOfLabel.slice(0, baseM.index) : restOfLabel, style);
    if (inLabel.length) {
      amounts.push(...inLabel);
      cells.push(labelCell);
    }
    for (const c of lineCells.slice(ci + 1)) {
      const text = c.text.replace(/^[:=]\s*/, '');
      const a = (line.ocr ? lostDecimalMark(text, style) : null) ?? parseAmount(text, style);
      if (a && isMoney(a)) {
        amounts.push(a);
        cells.push(c);
      } else if (a?.percent && rateM === null && amounts.length === 0) continue;
      else if (!a && /\p{L}{3}/u.test(c.text) && amounts.length) break;
    }
    if (!amounts.length) {
      // A label alone on its line with the figure alone on the next ("Net pay" above "2,927.88 €"),
      // as stacked summary cards and definition lists print it.
      const below = stackedFigure(lines, line, style);
      if (lineCells.length === 1 && below) {
        out.push({
          line: below.line,
          label: m[0].trim(),
          amounts: [below.amount],
          cells: [below.cell],
          rate: rateM ? Number(rateM[1].replace(',', '.')) : null,
          base,
          labelLine: line,
        });
      }
      continue;
    }
    out.push({ line, label: m[0].trim(), amounts, cells, rate: rateM ? Number(rateM[1].replace(',', '.')) : null, base });
  }
  return out;
}

/**
 * A money figure whose decimal mark OCR lost while keeping its thousands mark ("1.97282 €" for
 * "1.972,82 €", "$4,14561" for "$4,145.61"): one grouping mark followed by five digits is a
 * thousands group and two decimals run together, never a figure a document prints. Read as cents.
 */
export function lostDecimalMark(text: string, style: NumberStyle): ParsedAmount | null {
  const group = style.decimal === ',' ? '.' : ',';
  const m = new RegExp(`^([-(]?)([£€$]?)\\s?(\\d{1,3})\\${group}(\\d{5})\\s?([£€$]?)\\)?$`).exec(text.trim());
  if (!m) return null;
  const magnitude = Number(`${m[3]}${m[4]}`) / 100;
  const symbol = m[2] || m[5];
  const currency = symbol ? currencyOfSymbol(symbol) : null;
  return { value: m[1] ? -magnitude : magnitude, decimals: 2, raw: text.trim(), sign: m[1] ? 'neg' : null, currency, percent: false };
}

/**
 * The cells a label is read from. OCR sets words of one label further apart than a text layer
 * does ("incl. | VAT | 20% | £21.78", "Total | charges | £62.45" at 150 dpi), so on OCR lines
 * neighbouring cells without figures (a rate such as "20%" or "(5%)" counts as a word) are
 * joined into one label; a figure ends it.
 */
function labelCells(line: Line): Cell[] {
  if (!line.ocr) return line.cells;
  const wordy = (c: Cell) => !/\d/.test(c.text.replace(/\(?\d{1,2}(?:[.,]\d{1,3})?\s?%\)?/g, ''));
  const out: Cell[] = [];
  for (const c of line.cells) {
    const last = out[out.length - 1];
    if (last && wordy(last) && wordy(c)) {
      const bbox =
        last.bbox && c.bbox
          ? ([
              Math.min(last.bbox[0], c.bbox[0]),
              Math.min(last.bbox[1], c.bbox[1]),
              Math.max(last.bbox[2], c.bbox[2]),
              Math.max(last.bbox[3], c.bbox[3]),
            ] as const)
          : undefined;
      out[out.length - 1] = { text: `${last.text} ${c.text}`, x0: last.x0, x1: c.x1, ...(bbox ? { bbox: [...bbox] as Cell['bbox'] } : {}) };
    } else out.push(c);
  }
  return out;
}

/** The next line of the page when it holds nothing but one money figure, close below. */
function stackedFigure(lines: Line[], line: Line, style: NumberStyle): { line: Line; cell: Cell; amount: ParsedAmount } | null {
  const next = lines[lines.indexOf(line) + 1];
  if (!next || next.page !== line.page || next.cells.length !== 1) return null;
  if ((next.top - (line.top + line.height)) / Math.max(line.height, 1e-6) > 1.2) return null;
  const a = parseAmount(next.cells[0].text, style);
  return a && isMoney(a) ? { line: next, cell: next.cells[0], amount: a } : null;
}

/** Money cells of a row (cells that are nothing but a figure), with their cell. */
export function moneyCells(line: Line, style: NumberStyle, from = 0): Array<{ cell: Cell; amount: ParsedAmount }> {
  const out: Array<{ cell: Cell; amount: ParsedAmount }> = [];
  for (const cell of line.cells.slice(from)) {
    const a = parseAmount(cell.text, style);
    if (a && isMoney(a)) out.push({ cell, amount: a });
  }
  return out;
}

/** Whether moneyCells would find one (stops at the first: long statements ask this of every row). */
export function hasMoneyCell(line: Line, style: NumberStyle, from = 0): boolean {
  for (let i = from; i < line.cells.length; i++) {
    const a = parseAmount(line.cells[i].text, style);
    if (a && isMoney(a)) return true;
  }
  return false;
}

/** Number cells including quantities and percentages ("1.00 kg", "15 %", "41,1765 €"). */
export function numberCells(line: Line, style: NumberStyle): Array<{ cell: Cell; amount: ParsedAmount }> {
  const out: Array<{ cell: Cell; amount: ParsedAmount }> = [];
  for (const cell of line.cells) {
    const t = cell.text
      .replace(/\s+(?:kg|g|l|L|m|pcs|PCS|pc|Stk\.?|units?|Units|hrs?|hours?|x|EA|ea|kWh|kwh|MWh|days?|Tage|jours|therms?|m3|m³|litres?|liters?|months?)$/, '')
      .replace(/\s+%$/, '%');
    const a = parseAmount(t, style);
    if (a) out.push({ cell, amount: a });
  }
  return out;
}
