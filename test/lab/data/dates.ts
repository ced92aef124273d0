/**
 * Calendar dates as plain {y, m, d} values (UTC, no clock): lab content must never depend on
 * the machine's time zone or on "now".
 */
import type { Country } from './people.js';

export interface Ymd {
  y: number;
  m: number;
  d: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function toDate(v: Ymd, hour = 9, minute = 0): Date {
  return new Date(Date.UTC(v.y, v.m - 1, v.d, hour, minute, 0));
}

export function fromDate(date: Date): Ymd {
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

export function addDays(v: Ymd, days: number): Ymd {
  return fromDate(new Date(toDate(v, 12).getTime() + days * 86_400_000));
}

export function iso(v: Ymd): string {
  return `${v.y}-${String(v.m).padStart(2, '0')}-${String(v.d).padStart(2, '0')}`;
}

/** How each country prints a date on a document. Impossible dates (31 April) print as given. */
export function formatDate(v: Ymd, country: Country, style: 'short' | 'long' = 'short'): string {
  const dd = String(v.d).padStart(2, '0');
  const mm = String(v.m).padStart(2, '0');
  if (style === 'long') {
    if (country === 'US') return `${MONTHS_LONG[v.m - 1]} ${v.d}, ${v.y}`;
    return `${v.d} ${MONTHS_LONG[v.m - 1]} ${v.y}`;
  }
  switch (country) {
    case 'GB':
    case 'IE':
      return `${dd} ${MONTHS[v.m - 1]} ${v.y}`;
    case 'DE':
      return `${dd}.${mm}.${v.y}`;
    case 'FR':
      return `${dd}/${mm}/${v.y}`;
    case 'US':
      return `${mm}/${dd}/${v.y}`;
  }
}

export function monthName(m: number): string {
  return MONTHS_LONG[m - 1];
}
