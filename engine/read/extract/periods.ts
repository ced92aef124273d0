/**
 * Date ranges printed on statements and payslips ("Statement period 1 March 2025 to 31 March
 * 2025", "Pay period: 01/03/2025 - 31/03/2025", "From 01.03.2025 bis 31.03.2025").
 */
import { dayValue, daysInMonth, findDates, monthOf, type DateOrder, type DateToken } from './dates.js';
import type { Line } from './layout.js';

export interface Period {
  start: DateToken;
  end: DateToken;
  line: Line;
  label: string;
}

const RANGE_JOIN = /^\s*(?:-|–|—|−|to|until|till|thru|through|bis|au|al|tot)\s*$/i;
/** "1 - 31 January 2023": a bare day number before a range join, the month and year shared. */
const DAY_SHORTHAND = /(?<![\d./-])(\d{1,2})\s*(?:-|–|—|−|to|bis|au)\s*$/i;
/** A whole month as the period ("Pay period: August 2023", "Zeitraum: März 2024"; OCR may drop the space: "July2023"). */
const MONTH_PERIOD = new RegExp(String.raw`^(?<mn>\p{L}{3,9})\.?\s*(?<y>\d{4})$`, 'u');

/**
 * "1-31 August 2023": OCR reads the en dash of a day range as a hyphen, which a date token may not
 * follow (it would cut "2023-08-31" apart). Between a day number and a day-month date it is the
 * range dash again (same length, so offsets into the line text stay valid).
 */
function dayRangeDashes(text: string): string {
  return text.replace(/(?<![\d./-])(\d{1,2})-(?=\d{1,2}\.?\s+\p{L}{3})/gu, '$1–');
}

type Range = { start: DateToken; end: DateToken; before: string } | null;

/**
 * The range of each line, kept per line and date order: extraction and the content checks look
 * for periods under several labels in the same lines, and a statement without a period line reads
 * every row's dates each time (a 500-page statement: 15,000 lines, four searches). Callers only read it.
 */
const ranges = new WeakMap<Line, Map<DateOrder, Range>>();

function cachedRangeOn(line: Line, order: DateOrder): Range {
  let byOrder = ranges.get(line);
  if (!byOrder) {
    byOrder = new Map();
    ranges.set(line, byOrder);
  }
  if (!byOrder.has(order)) byOrder.set(order, rangeOn(line, order));
  return byOrder.get(order)!;
}

/** Ranges on one line: two dated tokens joined by "to"/"-" (the first pair on the line). */
function rangeOn(line: Line, order: DateOrder): Range {
  const text = dayRangeDashes(line.text);
  const dates = findDates(text, order);
  for (let i = 0; i + 1 < dates.length; i++) {
    const a = dates[i];
    const b = dates[i + 1];
    const between = text.slice(a.index + a.raw.length, b.index);
    if (!RANGE_JOIN.test(between.replace(/\s{2,}/g, ' '))) continue;
    const start = a.year === null && b.year !== null ? { ...a, year: b.year - (a.month > b.month ? 1 : 0) } : a;
    const sv = dayValue(start);
    const ev = dayValue(b);
    if (sv === null || ev === null || ev < sv || !start.valid || !b.valid) continue;
    return { start, end: b, before: text.slice(0, a.index) };
  }
  for (const b of dates) {
    const m = DAY_SHORTHAND.exec(text.slice(0, b.index));
    if (!m || b.year === null || !b.valid) continue;
    const day = Number(m[1]);
    if (day < 1 || day >= b.day) continue;
    const start: DateToken = { ...b, index: b.index - m[0].length, raw: `${m[1]} ${b.raw}`, day };
    return { start, end: b, before: text.slice(0, b.index - m[0].length) };
  }
  return monthOn(line);
}

/** The same inside one cell after a colon label ("Pay period: June 2024"). */
const LABELLED_MONTH_PERIOD = new RegExp(String.raw`^(?<label>[^:]{3,40}):\s*(?<mn>\p{L}{3,9})\.?\s*(?<y>\d{4})$`, 'u');

/** A cell holding only "Month YYYY" after a label: the period is that whole month. */
function monthOn(line: Line): { start: DateToken; end: DateToken; before: string } | null {
  for (const [i, cell] of line.cells.entries()) {
    const own = LABELLED_MONTH_PERIOD.exec(cell.text.trim());
    const m = own ?? MONTH_PERIOD.exec(cell.text.trim());
    const month = m?.groups ? monthOf(m.groups.mn) : null;
    if (!m?.groups || month === null || (i === 0 && !own)) continue;
    const year = Number(m.groups.y);
    const raw = own
      ? cell.text
          .trim()
          .slice(own.groups!.label.length + 1)
          .trim()
      : cell.text.trim();
    const base = { index: 0, raw, year, month, valid: true, ambiguous: false };
    const before =
      line.cells
        .slice(0, i)
        .map((c) => c.text)
        .join('  ') +
      '  ' +
      (own ? `${own.groups!.label}: ` : '');
    return { start: { ...base, day: 1 }, end: { ...base, day: daysInMonth(year, month) }, before };
  }
  return null;
}

/** The first labelled period matching `label` (checked on the line text before the range). */
export function findPeriod(lines: Line[], order: DateOrder, label: RegExp): Period | null {
  for (const line of lines) {
    const r = cachedRangeOn(line, order);
    if (!r) continue;
    const m = label.exec(r.before);
    if (m) return { start: r.start, end: r.end, line, label: m[0] };
  }
  return null;
}

export const STATEMENT_PERIOD = /(?:statement |account |billing )?period|statement (?:from|for)|from|zeitraum|période|periode|\bfor\b/i;
export const PAY_PERIOD = /pay(?:ment)? period|period|abrechnungszeitraum|période de paie|from/i;
