/**
 * Printed dates that cannot be: a day no calendar has (29 February 2026, 31 April, 32 January),
 * an issue, statement or pay date after the time of analysis, statement rows booked after it.
 * "Now" is the analysis context's clock (`ctx.now`), so tests fix it. Due and "pay by" dates are
 * legitimately ahead and never read here: only the document's own date and its transaction rows.
 */
import type { DetectorContext } from '../../facts/context.js';
import { DAY_MS, dayValue, findDates, isoDate, leadingDate, type DateToken } from '../../read/extract/dates.js';
import { findDocumentDate } from '../../read/extract/document-date.js';
import type { Cell, Line } from '../../read/extract/layout.js';
import type { DocModel } from '../../read/extract/model.js';
import type { DocType } from '../../types.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { hasMoneyCell } from './amounts.js';
import { misreadValues } from './arithmetic/misread.js';
import type { FindingFor } from '../define.js';
import { finding } from './evidence.js';
import { inSourceListing, specimenPages } from './specimen.js';

type Found = FindingFor<'content_inconsistency', 'impossible_date' | 'future_date' | 'future_transaction'>;

export const PRINTED_DATE_THRESHOLDS = {
  futureMinDays: { value: 2, why: 'A document dated a day ahead is a zone or a printing run, not a date in the future.' },
  farFutureDays: { value: 30, why: 'A month or more ahead is a typed date, not a document printed early.' },
  yearsFutureDays: { value: 365, why: 'A year or more ahead no issuing system prints: a retyped year, never a post-dated bill.' },
  placeholderYears: { value: 100, why: 'A century after the document was made, a printed date is a placeholder, not an issue date.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(PRINTED_DATE_THRESHOLDS);

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Words by which a text says a date does not exist (a manual explaining leap years, a validator's example). */
const SAYS_INVALID =
  /\b(?:not?|nicht|kein\w*)\s+(?:a\s+|an\s+)?(?:valid|g(?:ue|u)ltig\w*)\b|\binvalid\b|\bung(?:ue|u)ltig|\bdoes(?:n't| not) exist|\bnon[- ]?existent|\bimpossible\b|\bn'existe pas|\bnon (?:e )?valid[ao]\b|\bno (?:es )?valid[ao]\b/i;

/** Accents dropped (TeX text layers often give "g¨ultig": the diaeresis as its own glyph). */
function plain(text: string): string {
  return text
    .replace(/[¨´`^]/g, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/**
 * Beyond a century after the document was made (its creation date, or the time of analysis when
 * that is earlier or unknown) a printed date is a placeholder, not an issue date.
 */
const PLACEHOLDER_DAYS = T.placeholderYears * 365;

/** When the document was made, as far as a placeholder date is measured from. */
export function madeAt(ctx: DetectorContext): Date {
  const m = ctx.facts.now('metadata');
  const created = m?.created ?? m?.xmpCreated;
  return created && created.date.getTime() < ctx.now.getTime() ? created.date : ctx.now;
}

/** The cell a date was read from, so the finding's box is the date's and not its whole line. */
function cellOf(line: Line, raw: string): Cell[] | undefined {
  const cell = line.cells.find((c) => c.text.includes(raw));
  return cell ? [cell] : undefined;
}

const key = (d: DateToken) => `${d.year}-${d.month}-${d.day}`;

/**
 * Read from a picture, one OCR-typical slip of one of its digits (a "28" read as "29", "30" as
 * "31", a "1" as "4") would make the date real: the recogniser, not the document, may be wrong.
 */
function oneSlipFromReal(d: DateToken): boolean {
  const real = (y: number, m: number, day: number) => m >= 1 && m <= 12 && day >= 1 && day <= new Date(Date.UTC(y, m, 0)).getUTCDate();
  const y = d.year ?? 2000;
  return (
    misreadValues(d.day, 0).some((day) => real(y, d.month, day)) ||
    misreadValues(d.month, 0).some((m) => real(y, m, d.day)) ||
    misreadValues(y, 0).some((yy) => yy >= 1900 && real(yy, d.month, d.day))
  );
}

export function impossibleDates(model: DocModel, made: Date): Found[] {
  const out: Found[] = [];
  // A date the text itself calls invalid is discussed, not asserted: no reader is deceived.
  const discussed = new Set<string>();
  // How often each impossible date is read: two readings of a picture confirm each other.
  const readings = new Map<string, number>();
  for (const line of model.lines) {
    const dates = findDates(line.text, model.dateOrder).filter((d) => !d.valid);
    for (const d of dates) readings.set(key(d), (readings.get(key(d)) ?? 0) + 1);
    if (dates.length && SAYS_INVALID.test(plain(line.text))) for (const d of dates) discussed.add(key(d));
  }
  // A changelog comment in printed source, or a sample value on an unfilled template, is not
  // the date of anything (engine/content/specimen.ts).
  const specimens = specimenPages(model.lines);
  model.lines.forEach((line, i) => {
    if (specimens.has(line.page)) return;
    const dates = findDates(line.text, model.dateOrder);
    if (dates.some((d) => !d.valid) && inSourceListing(model.lines, i)) return;
    for (const d of dates) {
      if (d.valid || d.year === null || discussed.has(key(d))) continue;
      // A template's or a manual's placeholder ("February 29, 2123" on a thesis title page
      // made in 2020) is no one's issue date: a forged date has to pass, so it is near.
      if (Date.UTC(d.year, d.month - 1, 1) - made.getTime() > PLACEHOLDER_DAYS * DAY_MS) continue;
      const slip = line.ocr === true && oneSlipFromReal(d) && (readings.get(key(d)) ?? 0) < 2;
      const s = STRENGTH['content_inconsistency.impossible_date'];
      out.push(
        finding(
          'content_inconsistency',
          'impossible_date',
          `"${d.raw}" is not a real date: ${MONTH_NAMES[d.month - 1]} ${d.year} has no day ${d.day}.` +
            (slip ? ' It was read from a picture and one misread digit would make it a real day, so it is a hint, not proof.' : ''),
          line,
          slip ? s.ocrSlip : s.printed,
          { value: d.raw, ...(slip ? { ocrSlip: true } : {}) },
          cellOf(line, d.raw),
        ),
      );
    }
  });
  return out.slice(0, 5);
}

/** Documents that are issued once and dated when issued; elsewhere a far date may be some other date misread as the document's. */
const ISSUED_TYPES: ReadonlySet<DocType | null> = new Set(['bank_statement', 'payslip', 'invoice', 'receipt', 'utility_bill']);

function futureStrength(days: number, type: DocType | null): number {
  const s = STRENGTH['content_inconsistency.future_date'];
  return days > T.yearsFutureDays && ISSUED_TYPES.has(type) ? s.years : days > T.farFutureDays ? s.far : s.near;
}

export function futureDate(model: DocModel, type: DocType | null, now: Date, made: Date): Found[] {
  const found = findDocumentDate(model.lines, type, model.dateOrder);
  const v = found ? dayValue(found.date) : null;
  if (!found || v === null) return [];
  const days = Math.floor((v - now.getTime()) / DAY_MS);
  // A date centuries ahead (a manual "dated 5 February 4242", 9999 as "no end") is a placeholder
  // or a joke that no reader takes for an issue date; a forged date has to pass, so it is near.
  if (days < T.futureMinDays || v - made.getTime() > PLACEHOLDER_DAYS * DAY_MS) return [];
  return [
    finding(
      'content_inconsistency',
      'future_date',
      `The document is dated ${isoDate(found.date)}, ${days} days after the time of analysis.`,
      found.line,
      futureStrength(days, type),
      { value: found.date.raw, date: isoDate(found.date), now: now.toISOString().slice(0, 10) },
      cellOf(found.line, found.date.raw),
    ),
  ];
}

export interface DatedRow {
  line: Line;
  date: DateToken;
  value: number;
}

const HEADER = /\b(?:date|datum|fecha)\b.*\b(?:balance|amount|debit|credit|paid|saldo|betrag|montant)\b/i;

/**
 * Words of a table of what is still to come: a loan's repayment plan, standing orders, a
 * forecast. Their rows are dated ahead by nature.
 */
const AHEAD =
  /schedul|instal+ment|repayment|amorti[sz]|forecast|projected|planned|upcoming|future|standing order|due\b|maturity|tilgung|ratenplan|vorgemerkt|échéancier|prévisionnel/i;

/** Dated transaction rows in reading order, split into segments at table headers. */
export function transactionRows(model: DocModel, yearOf: (d: DateToken) => number | null): Array<DatedRow[] & { ahead?: boolean }> {
  const segments: Array<DatedRow[] & { ahead?: boolean }> = [[]];
  for (const line of model.lines) {
    if (HEADER.test(line.text)) {
      if (segments[segments.length - 1].length) segments.push([]);
      if (AHEAD.test(line.text)) segments[segments.length - 1].ahead = true;
      continue;
    }
    const d = leadingDate(line.cells[0]?.text ?? '', model.dateOrder);
    if (!d || !d.valid || !hasMoneyCell(line, model.style, 1)) continue;
    const year = d.year ?? yearOf(d);
    const value = year === null ? null : dayValue({ ...d, year });
    if (value !== null) segments[segments.length - 1].push({ line, date: d, value });
  }
  return segments.filter((s) => s.length);
}

/**
 * Statement rows booked a month or more after the time of analysis: a bank lists what happened,
 * so a row dated ahead was typed (a re-dated statement whose own date was left out or not read).
 * Rows under a schedule's or forecast's header, or near a line naming one, are plans, not bookings.
 */
export function futureRows(model: DocModel, segments: ReadonlyArray<DatedRow[] & { ahead?: boolean }>, now: Date, made: Date): Found[] {
  const out: Found[] = [];
  for (const r of bookedRows(model, segments)) {
    const days = Math.floor((r.value - now.getTime()) / DAY_MS);
    if (days <= T.farFutureDays || r.value - made.getTime() > PLACEHOLDER_DAYS * DAY_MS) continue;
    out.push(
      finding(
        'content_inconsistency',
        'future_transaction',
        `A transaction is dated ${new Date(r.value).toISOString().slice(0, 10)}, ${days} days after the time of analysis: a statement lists what has been booked.`,
        r.line,
        futureStrength(days, 'bank_statement'),
        { value: r.date.raw, now: now.toISOString().slice(0, 10) },
        cellOf(r.line, r.date.raw),
      ),
    );
    if (out.length >= 3) return out;
  }
  return out;
}

/**
 * Rows that record bookings: not under a schedule's or forecast's table header, nor below a
 * heading that names one (a line of words without amounts within the rows' page above them).
 */
export function bookedRows(model: DocModel, segments: ReadonlyArray<DatedRow[] & { ahead?: boolean }>): DatedRow[] {
  const headings = model.lines.filter((l) => AHEAD.test(l.text) && !/\d[.,]\d{2}\b/.test(l.text));
  return segments
    .filter((rows) => !rows.ahead)
    .flat()
    .filter((r) => !headings.some((h) => h.page === r.line.page && h.index < r.line.index && h.index >= r.line.index - 40));
}
