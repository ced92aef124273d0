/**
 * Dates of an issued (transactional) document read against what its metadata says. A bank
 * statement, payslip, invoice, utility bill or receipt is rendered once by the issuing system
 * and delivered; its CreationDate sits next to the date printed on it. Unlike theses, manuals
 * or brochures (re-compressed, linearised, archived years later: issue 8), such a file has no
 * reason to be written again months later by a generic PDF library.
 */
import type { DocType } from '../../types.js';
import { fixY2kYear, type PdfDate } from '../pdf/structure/text-strings.js';

const DAY = 86_400_000;

/** Documents an issuing system generates once per period or transaction. */
const TRANSACTIONAL: ReadonlySet<DocType> = new Set<DocType>(['bank_statement', 'payslip', 'invoice', 'utility_bill', 'receipt']);

export function isTransactional(type: DocType | null | undefined): boolean {
  return !!type && TRANSACTIONAL.has(type);
}

/**
 * The printed document date (ISO `YYYY-MM-DD` from extraction) as UTC noon, or null. Noon keeps
 * a one-day zone difference from flipping comparisons.
 */
export function printedDate(iso: string | null | undefined): Date | null {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim()) : null;
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return Number.isFinite(d.getTime()) ? d : null;
}

/**
 * Issuers render a statement at or shortly after its date (period close, payroll run, billing
 * run); 45 days covers monthly cycles and late runs. Within that window CreationDate is the
 * issue, so a ModDate long after it is a save after delivery.
 */
const ISSUE_WINDOW = 45 * DAY;

export function createdAtIssue(created: PdfDate, printed: Date): boolean {
  return Math.abs(created.date.getTime() - printed.getTime()) <= ISSUE_WINDOW;
}

/**
 * Days the file was created before the date printed on it, when that is more than a billing
 * cycle: the issuing system cannot render a statement for a period that has not happened. The
 * other direction (created long after the printed date) is normal: online banking renders old
 * statements on demand, so it is not reported.
 */
export function createdBeforePrintedDays(created: PdfDate, printed: Date): number | null {
  const days = (printed.getTime() - created.date.getTime()) / DAY;
  return days > 60 ? Math.round(days) : null;
}

/**
 * A metadata date that no calendar has (30 February, hour 25): software formats its own clock,
 * so such a date was typed. Returns the raw string's problem or null.
 */
export function impossibleCalendarDate(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const pdf = /^\s*(?:D:)?(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?/i.exec(fixY2kYear(raw));
  const xmp = /^\s*(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(raw);
  const m = pdf ?? xmp;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  // Zeroed or placeholder dates (D:00000000...) are a writer's "unknown", not a typed date.
  if (y < 1900) return null;
  if (mo < 1 || mo > 12) return `month ${mo}`;
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d < 1 || d > daysInMonth) return `day ${d} of a month with ${daysInMonth} days`;
  if (h > 23 || mi > 59 || s > 60) return `time ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
  return null;
}
