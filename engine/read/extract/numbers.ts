/**
 * Money and quantity parsing across the notations documents actually use: 1,234.56 / 1.234,56 /
 * 1 234,56 / 1'234.56, negatives as -1.00, (1.00), 1.00- or trailing CR/DR, with or without a
 * currency symbol or code. Amounts are returned in integer-safe form (`cents` rounded) as well as
 * a float, so that comparisons can use a fixed tolerance.
 */

export type DecimalMark = '.' | ',';

export interface ParsedAmount {
  value: number;
  /** Digits after the decimal mark (0 when none). */
  decimals: number;
  /** Text as it appeared. */
  raw: string;
  /** Explicit marker that the figure is a debit / credit (CR, DR, -, parentheses). */
  sign: 'neg' | 'pos' | null;
  currency: string | null;
  percent: boolean;
}

const CURRENCY_SYMBOLS: Record<string, string> = {
  '£': 'GBP',
  '€': 'EUR',
  $: 'USD',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₺': 'TRY',
  '₽': 'RUB',
  '₪': 'ILS',
  '₱': 'PHP',
  '฿': 'THB',
  '₫': 'VND',
  '₦': 'NGN',
  zł: 'PLN',
  Rs: 'INR',
  'Rs.': 'INR',
  R$: 'BRL',
  A$: 'AUD',
  AU$: 'AUD',
  C$: 'CAD',
  CA$: 'CAD',
  NZ$: 'NZD',
  HK$: 'HKD',
  S$: 'SGD',
  US$: 'USD',
  Fr: 'CHF',
  'Fr.': 'CHF',
};

/** ISO 4217 codes common enough on documents to be trusted when they sit next to a figure. */
export const ISO_CURRENCIES = new Set([
  'GBP',
  'EUR',
  'USD',
  'CHF',
  'JPY',
  'CNY',
  'INR',
  'CAD',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'HRK',
  'TRY',
  'RUB',
  'UAH',
  'ZAR',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'PEN',
  'HKD',
  'SGD',
  'KRW',
  'TWD',
  'THB',
  'MYR',
  'IDR',
  'PHP',
  'VND',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'ILS',
  'EGP',
  'NGN',
  'KES',
  'ISK',
  'PKR',
  'BDT',
  'LKR',
  'MAD',
]);

export function currencyOfSymbol(sym: string): string | null {
  if (CURRENCY_SYMBOLS[sym]) return CURRENCY_SYMBOLS[sym];
  const upper = sym.toUpperCase();
  return ISO_CURRENCIES.has(upper) && sym === upper ? upper : null;
}

// Thin spaces and no-break spaces are unambiguous digit-group separators; a plain space is only
// accepted when the document is known to group with spaces (see `spaceGrouping`).
const GROUP_SPACE = '\u00a0\u202f\u2009';
// U+FFFD stands for a sign whose glyph could not be decoded (a currency sign in a font that lost
// its character map, engine/pdf/text/glyph-order.ts): a currency mark of unknown currency.
const SYMBOL = String.raw`(?:[A-Z]{1,2}\$|US\$|R\$|Rs\.?|Fr\.?|zł|[£€$¥₹₩₺₽₪₱฿₫₦]|[A-Z]{3}|\ufffd)`;
/**
 * A euro sign a Latin-1 or Windows-1252 tool garbled: UTF-8 "€" (E2 82 AC) shown byte by byte is
 * "â‚¬", or only "¬" where the first two bytes draw nothing (GNU enscript, a2ps). Next to a money
 * figure it means nothing else; "¬" elsewhere may be a logical "not" ("¬1" in a truth table), so
 * it is read as "€" only after a figure's decimals or before a figure with two decimals. The text
 * keeps its length, so positions found in it hold in the original; tokens without either mark
 * (nearly all) are not touched, so the amount patterns stay as fast as they were.
 */
const NOT_AFTER_FIGURE = /(?<=\d[.,]\d\d\s?)¬/g;
const NOT_BEFORE_FIGURE = /¬(?=\d[\d,.'\u00a0\u202f\u2009 ]*[.,]\d{2}(?!\d))/g;
export function ungarbledEuro(text: string): string {
  if (!text.includes('¬')) return text;
  return text.replace(NOT_AFTER_FIGURE, '€').replace(NOT_BEFORE_FIGURE, '€');
}

const NUMBER_CORE = String.raw`\d{1,3}(?:(?:[,.'${GROUP_SPACE} ])\d{3})+(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?|[.,]\d{2}`;

/** One amount token, anchored at both ends. */
const AMOUNT_RE = new RegExp(
  String.raw`^(?<open>\()?\s*(?<pre>[-+−–])?\s*(?<sym1>${SYMBOL})?\s*(?<pre2>[-+−])?\s*(?<num>${NUMBER_CORE})\s*(?<sym2>${SYMBOL})?\s*(?<post>-|CR|DR|Cr|Dr|cr|dr)?\s*(?<close>\))?\s*(?<pct>%)?$`,
  'u',
);

export interface NumberStyle {
  decimal: DecimalMark;
  /** True when the document groups thousands with plain spaces (1 234,56). */
  spaceGrouping: boolean;
}

export const DEFAULT_STYLE: NumberStyle = { decimal: '.', spaceGrouping: false };

/**
 * Which decimal mark a document uses, from figures that are unambiguous on their own
 * (1,234.56 or 12,34 with exactly two decimals at the end of a figure).
 */
export function inferNumberStyle(text: string): NumberStyle {
  const dotDecimal = (text.match(/\d,\d{3}\.\d{2}(?!\d)|(?<![\d.,])\d+\.\d{2}(?![\d.,]?\d)/g) ?? []).length;
  const commaDecimal = (text.match(/\d\.\d{3},\d{2}(?!\d)|(?<![\d.,])\d+,\d{2}(?![\d.,]?\d)/g) ?? []).length;
  const decimal: DecimalMark = commaDecimal > dotDecimal ? ',' : '.';
  const spaced = (text.match(/(?<![\d.,])\d{1,3}[ \u00a0\u202f\u2009]\d{3}[.,]\d{2}(?!\d)/g) ?? []).length;
  return { decimal, spaceGrouping: decimal === ',' && spaced > 0 && !/\d\.\d{3},\d{2}/.test(text) };
}

function digitsValue(num: string, style: NumberStyle): { value: number; decimals: number } | null {
  const s = num.replace(/['\u00a0\u202f\u2009 ]/g, (m) => (m === ' ' && !style.spaceGrouping ? '\u0000' : ''));
  if (s.includes('\u0000')) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimalAt = -1;
  if (lastDot >= 0 && lastComma >= 0) decimalAt = Math.max(lastDot, lastComma);
  else if (lastDot >= 0 || lastComma >= 0) {
    const at = Math.max(lastDot, lastComma);
    const mark = s[at] as DecimalMark;
    const tail = s.length - at - 1;
    const marks = s.split(mark).length - 1;
    // A lone mark is the decimal mark when the document writes decimals with it; otherwise it
    // groups thousands when exactly three digits follow (1,234 in a dot-decimal document).
    if (marks > 1) decimalAt = -1;
    else if (mark === style.decimal || tail !== 3) decimalAt = at;
  }
  const intPart = (decimalAt >= 0 ? s.slice(0, decimalAt) : s).replace(/[.,]/g, '');
  const frac = decimalAt >= 0 ? s.slice(decimalAt + 1) : '';
  if (intPart !== '' && !/^\d+$/.test(intPart)) return null;
  if (frac !== '' && !/^\d+$/.test(frac)) return null;
  // Grouped figures must group consistently (12,34,567 is not a figure we understand).
  if (decimalAt >= 0 && /[.,]/.test(s.slice(0, decimalAt))) {
    const groups = s.slice(0, decimalAt).split(/[.,]/);
    if (groups.slice(1).some((g) => g.length !== 3)) return null;
  }
  const value = Number(`${intPart || '0'}.${frac || '0'}`);
  return Number.isFinite(value) ? { value, decimals: frac.length } : null;
}

const MEMO_MAX = 50_000;

/**
 * Readings of texts already read, one map per number style, keyed by the text itself (a cell's
 * text keeps its hash between calls). Cleared when full so that it stays small; callers copy
 * what they hand out.
 */
function memoByStyle<T>(read: (text: string, style: NumberStyle) => T): (text: string, style: NumberStyle) => T {
  const maps: ReadonlyArray<Map<string, T>> = [new Map(), new Map(), new Map(), new Map()];
  return (text, style) => {
    const memo = maps[(style.decimal === ',' ? 2 : 0) + (style.spaceGrouping ? 1 : 0)];
    let found = memo.get(text);
    if (found === undefined) {
      found = read(text, style);
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(text, found);
    }
    return found;
  };
}

/**
 * Tokens already parsed: extraction and several content checks parse the same cells again (tens
 * of thousands of cells on a 500-page statement).
 */
const parsedAmount = memoByStyle(readAmount);

/** Parses one token that should be nothing but an amount (optionally with currency and sign). */
export function parseAmount(token: string, style: NumberStyle = DEFAULT_STYLE): ParsedAmount | null {
  const parsed = parsedAmount(token, style);
  return parsed && { ...parsed };
}

function readAmount(token: string, style: NumberStyle): ParsedAmount | null {
  let t = token.trim();
  if (t.includes('¬') || t.includes('â‚¬')) t = ungarbledEuro(t.replace('â‚¬', '€'));
  if (!t || t.length > 40) return null;
  const m = AMOUNT_RE.exec(t);
  if (!m?.groups) return null;
  const g = m.groups;
  if (Boolean(g.open) !== Boolean(g.close)) return null;
  const sym = g.sym1 ?? g.sym2 ?? null;
  const currency = sym ? currencyOfSymbol(sym) : null;
  if (sym && !currency && sym !== '\ufffd') return null;
  const parsed = digitsValue(g.num, style);
  if (!parsed) return null;
  const minus = [g.pre, g.pre2].some((p) => p && p !== '+') || Boolean(g.open) || g.post === '-' || /^dr$/i.test(g.post ?? '');
  const plus = /^cr$/i.test(g.post ?? '') || g.pre === '+';
  return {
    value: minus ? -parsed.value : parsed.value,
    decimals: parsed.decimals,
    raw: t,
    sign: minus ? 'neg' : plus ? 'pos' : null,
    currency,
    percent: Boolean(g.pct),
  };
}

/** A figure that is money-shaped: exactly two decimals (or a currency marker with none). */
export function isMoney(a: ParsedAmount): boolean {
  return !a.percent && (a.decimals === 2 || (a.currency !== null && a.decimals === 0));
}

const IN_TEXT_RE = new RegExp(
  String.raw`(?<![\w.,])\(?[-−]?(?:${SYMBOL}\s?)?[-−]?(?:\d{1,3}(?:[,.'${GROUP_SPACE}]\d{3})+|\d+)[.,]\d{2}(?:\s?${SYMBOL})?(?:\s?(?:CR|DR|-))?\)?(?![\w.,]?\d)`,
  'gu',
);

export interface AmountInText extends ParsedAmount {
  index: number;
}

/**
 * Figures found in texts already read: the library's transaction rows and the restated-figures
 * check scan the same lines.
 */
const foundMoney = memoByStyle(scanMoney);

/** Money figures (two decimals) inside free text, e.g. "Total due: £1,234.50". */
export function findMoney(text: string, style: NumberStyle = DEFAULT_STYLE): AmountInText[] {
  return foundMoney(text, style).map((a) => ({ ...a }));
}

function scanMoney(text: string, style: NumberStyle): AmountInText[] {
  const out: AmountInText[] = [];
  for (const m of ungarbledEuro(text).matchAll(IN_TEXT_RE)) {
    const a = parseAmount(m[0], style);
    if (a && a.decimals === 2) out.push({ ...a, index: m.index ?? 0 });
  }
  return out;
}

/** Rounds to cents so that float noise never decides a comparison. */
export function cents(v: number): number {
  return Math.round(v * 100);
}

export function formatAmount(v: number): string {
  return v.toFixed(2);
}
