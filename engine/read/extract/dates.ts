/**
 * Dates as documents print them: 2025-04-03, 03/04/2025, 03.04.2025, 3 April 2025, 3rd Apr 25,
 * April 3, 2025, 03-APR-2025, and yearless forms in statement rows (03 Apr, 03/04). Numeric
 * day/month order comes from a document-level hint; a component above 12 settles it locally.
 * Impossible calendar dates (31 April) are reported rather than silently rolled over, because
 * they are themselves a forgery tell.
 */

export type DateOrder = 'dmy' | 'mdy';

export interface DateToken {
  /** Index in the searched string and the text matched. */
  index: number;
  raw: string;
  year: number | null;
  month: number;
  day: number;
  /** False for a day that does not exist in that month (31 April, 29 February 2023, 32 January 2026). */
  valid: boolean;
  /** True when day/month order came from a hint, not from the token itself. */
  ambiguous: boolean;
}

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: Array<[number, string[]]> = [
  [1, ['january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'gennaio', 'januari']],
  [2, ['february', 'feb', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'febrero', 'febbraio', 'februari']],
  [3, ['march', 'mar', 'märz', 'maerz', 'mars', 'marzo', 'maart', 'mrz']],
  [4, ['april', 'apr', 'avril', 'avr', 'abril', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'maggio', 'mei']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio', 'giugno']],
  [7, ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio']],
  [8, ['august', 'aug', 'août', 'aout', 'agosto', 'augustus']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre']],
  [10, ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre']],
  [11, ['november', 'nov', 'novembre', 'noviembre']],
  [12, ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'diciembre', 'dicembre']],
];
for (const [n, names] of MONTH_NAMES) for (const name of names) MONTHS[name] = n;
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

export function monthOf(name: string): number | null {
  return MONTHS[name.toLowerCase().replace(/\.$/, '')] ?? null;
}

export function daysInMonth(year: number | null, month: number): number {
  if (month === 2) {
    if (year === null) return 29;
    return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function fullYear(y: string): number {
  const n = Number(y);
  if (y.length === 4) return n;
  return n >= 70 ? 1900 + n : 2000 + n;
}

const B = String.raw`(?<![\w/.\-])`;
const E = String.raw`(?![\w/]|[.\-]\d)`;
const ORD = String.raw`(?:st|nd|rd|th|er|\.)?`;

const PATTERNS: Array<{
  re: RegExp;
  read: (g: Record<string, string>) => { y: string | null; m: string | number; d: string; fixed: boolean };
  repaired?: boolean;
}> = [
  // 2025-04-03, 2025/04/03, 2025.04.03
  { re: new RegExp(String.raw`${B}(?<y>\d{4})([-/.])(?<m>\d{1,2})\2(?<d>\d{1,2})${E}`, 'g'), read: (g) => ({ y: g.y, m: g.m, d: g.d, fixed: true }) },
  // 03/04/2025, 3.4.25, 03-04-2025
  { re: new RegExp(String.raw`${B}(?<a>\d{1,2})([-/.])(?<b>\d{1,2})\2(?<y>\d{4}|\d{2})${E}`, 'g'), read: (g) => ({ y: g.y, m: g.b, d: g.a, fixed: false }) },
  // 04/272024: OCR dropped the second separator (thin strokes at scan resolution). Only a real
  // day of this century counts, so a misread never becomes an impossible date.
  {
    re: new RegExp(String.raw`${B}(?<a>\d{1,2})([/.])(?<b>\d{2})(?<y>(?:19|20)\d{2})${E}`, 'g'),
    read: (g) => ({ y: g.y, m: g.b, d: g.a, fixed: false }),
    repaired: true,
  },
  // 3 April 2025, 3rd Apr. 25, 03-APR-2025, 3. März 2025
  {
    re: new RegExp(String.raw`${B}(?<d>\d{1,2})${ORD}[\s\-/]*(?:of\s+)?(?<mn>${MONTH_ALT})\.?(?:[\s\-/,]+(?<y>\d{4}|'?\d{2}))?(?![\p{L}\d])`, 'giu'),
    read: (g) => ({ y: g.y ? g.y.replace("'", '') : null, m: g.mn, d: g.d, fixed: true }),
  },
  // April 3, 2025 / Apr 3rd 2025 / April 3
  {
    re: new RegExp(String.raw`(?<![\p{L}])(?<mn>${MONTH_ALT})\.?\s+(?<d>\d{1,2})${ORD}(?:,?\s+(?<y>\d{4}))?(?![\d:])`, 'giu'),
    read: (g) => ({ y: g.y ?? null, m: g.mn, d: g.d, fixed: true }),
  },
];

/** Two digits starting with 3: the highest day a two-digit day field can be mistyped to and still be read as a date. */
const MAX_PRINTED_DAY = 39;

/** Yearless numeric day/month (03/04) as statement rows print them; only used on row starts. */
const SHORT_NUMERIC = /^(?<a>\d{1,2})([/.])(?<b>\d{1,2})(?![\d/.])/;

function build(
  index: number,
  raw: string,
  y: string | null,
  m: string | number,
  d: string,
  order: DateOrder,
  fixed: boolean,
  a?: string,
  b?: string,
): DateToken | null {
  let month: number;
  let day: number;
  let ambiguous = false;
  if (fixed) {
    month = typeof m === 'number' ? m : /^\d+$/.test(m) ? Number(m) : (monthOf(m) ?? 0);
    day = Number(d);
  } else {
    const first = Number(a);
    const second = Number(b);
    if (first > 12 && second <= 12) [day, month] = [first, second];
    else if (second > 12 && first <= 12) [month, day] = [first, second];
    else {
      ambiguous = first !== second;
      [day, month] = order === 'dmy' ? [first, second] : [second, first];
    }
  }
  // Neither order gives a month (31/13/2025): not a date we can read. A day past 31 in a real
  // month with a full year ("32/01/2026") is a date no calendar has, reported like 31 April; with
  // a short or no year the digits may be anything else (a reference, a version).
  const overflow = day > 31 && day <= MAX_PRINTED_DAY && y !== null && y.length === 4;
  if (month < 1 || month > 12 || day < 1 || (day > 31 && !overflow)) return null;
  const year = y ? fullYear(y) : null;
  return { index, raw, year, month, day, valid: day <= daysInMonth(year, month), ambiguous };
}

/**
 * Extraction and the content detectors ask about the same lines again and again (a 500-page
 * statement: ~15,000 lines, each read by several of them); the answer depends only on the text
 * and the order, so it is remembered. Bounded: the memo is dropped when it grows past this.
 */
const MEMO_LIMIT = 50_000;
const memo = new Map<string, readonly DateToken[]>();

/** Every date in a piece of text, in order of appearance, overlapping matches removed. Read-only: the array is shared. */
export function findDates(text: string, order: DateOrder = 'dmy'): readonly DateToken[] {
  const key = `${order}\u0000${text}`;
  let hit = memo.get(key);
  if (!hit) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    hit = Object.freeze(scanDates(text, order));
    memo.set(key, hit);
  }
  return hit;
}

function scanDates(text: string, order: DateOrder): DateToken[] {
  const found: DateToken[] = [];
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    for (const m of text.matchAll(p.re)) {
      const g = (m.groups ?? {}) as Record<string, string>;
      const r = p.read(g);
      const tok = build(m.index ?? 0, m[0], r.y, r.m, r.d, order, r.fixed, g.a, g.b);
      if (tok && (tok.valid || !p.repaired)) found.push(tok);
    }
  }
  found.sort((x, y) => x.index - y.index || y.raw.length - x.raw.length);
  const out: DateToken[] = [];
  let end = -1;
  for (const t of found) {
    if (t.index < end) continue;
    out.push(t);
    end = t.index + t.raw.length;
  }
  return out;
}

/** A date that opens a statement row, including yearless forms ("03 Apr", "03/04"). */
export function leadingDate(text: string, order: DateOrder): DateToken | null {
  const trimmed = text.trimStart();
  const offset = text.length - trimmed.length;
  const first = findDates(trimmed, order)[0];
  if (first && first.index === 0) return { ...first, index: first.index + offset };
  const m = SHORT_NUMERIC.exec(trimmed);
  if (!m?.groups) return null;
  return build(offset, m[0], null, 0, '', order, false, m.groups.a, m.groups.b);
}

/** YYYY-MM-DD, or null when the token lacks a year or is not a real day. */
export function isoDate(t: Pick<DateToken, 'year' | 'month' | 'day' | 'valid'>): string | null {
  if (!t.valid || t.year === null) return null;
  return `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

/** Milliseconds since epoch (UTC midnight), for ordering and distances. */
export function dayValue(t: { year: number | null; month: number; day: number }, fallbackYear?: number): number | null {
  const year = t.year ?? fallbackYear;
  if (year === undefined || year === null) return null;
  return Date.UTC(year, t.month - 1, t.day);
}

export const DAY_MS = 86_400_000;

/**
 * The day/month order a document uses: a numeric date with a first part above 12 proves
 * day-first, a second part above 12 proves month-first; otherwise the region hint decides.
 */
export function inferDateOrder(text: string, regionHint: DateOrder | null): DateOrder {
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(/(?<![\w/.-])(\d{1,2})([/.-])(\d{1,2})\2(?:\d{4}|\d{2})(?![\w/]|[.-]\d)/g)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    if (m[2] === '.') dmy += 0.5;
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
  }
  if (dmy > mdy) return 'dmy';
  if (mdy > dmy) return 'mdy';
  return regionHint ?? 'dmy';
}
