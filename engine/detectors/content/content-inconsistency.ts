/**
 * content_inconsistency: dates in the text that cannot be true together: days that do not
 * exist, a document dated in the future, transactions outside the statement period or out of
 * order, a pay date before its pay period, an invoice due before it was issued.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { DAY_MS, dayValue, findDates, isoDate, leadingDate, type DateOrder, type DateToken } from '../../read/extract/dates.js';
import { findDocumentDate } from '../../read/extract/document-date.js';
import { labelledValue } from '../../read/extract/labels.js';
import type { Line } from '../../read/extract/layout.js';
import type { DocModel } from '../../read/extract/model.js';
import { findPeriod, PAY_PERIOD, STATEMENT_PERIOD } from '../../read/extract/periods.js';
import type { DocType } from '../../types.js';
import { hasMoneyCell } from './amounts.js';
import { misreadValues } from './arithmetic/misread.js';
import { finding } from './evidence.js';
import { inSourceListing, specimenPages } from './specimen.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';

const THRESHOLDS = {
  futureMinDays: { value: 2, why: 'A document dated a day ahead is a zone or a printing run, not a date in the future.' },
  farFutureDays: { value: 30, why: 'A month or more ahead is a typed date, not a document printed early.' },
  placeholderYears: { value: 100, why: 'A century after the document was made, a printed date is a placeholder, not an issue date.' },
  daysBeforePeriod: { value: 7, why: 'Statements list pending items a few days before the period they cover.' },
  daysAfterPeriod: { value: 3, why: 'Items booked after the period closes may be printed with it.' },
  minDatedRows: { value: 3, why: 'Too few dated rows to know the period the rows follow.' },
  maxOutsideShare: { value: 0.2, why: 'More rows outside the period than this is a misread period, not edited rows.' },
  minOrderedRows: { value: 5, why: 'An order is only visible over five dated rows or more.' },
  maxOrderBreaks: { value: 2, why: 'One or two rows out of place is an edit; more is a table sorted some other way.' },
  minOrderRun: { value: 3, why: 'The majority order must hold for at least three steps.' },
  farOffPeriodDays: { value: 180, why: 'Half a year off the period is a retyped year, not a late statement.' },
  farDueBeforeIssueDays: { value: 30, why: 'A due date weeks or a year before issue is no typo of terms: usually a retyped date.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

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

function impossibleDates(model: DocModel, madeAt: Date): Found[] {
  const out: Found[] = [];
  // A date the text itself calls invalid is discussed, not asserted: no reader is deceived.
  const discussed = new Set<string>();
  for (const line of model.lines) {
    if (!SAYS_INVALID.test(plain(line.text))) continue;
    for (const d of findDates(line.text, model.dateOrder)) if (!d.valid) discussed.add(`${d.year}-${d.month}-${d.day}`);
  }
  // A changelog comment in printed source, or a sample value on an unfilled template, is not
  // the date of anything (engine/content/specimen.ts).
  const specimens = specimenPages(model.lines);
  model.lines.forEach((line, i) => {
    if (specimens.has(line.page)) return;
    const dates = findDates(line.text, model.dateOrder);
    if (dates.some((d) => !d.valid) && inSourceListing(model.lines, i)) return;
    for (const d of dates) {
      if (d.valid || d.year === null || discussed.has(`${d.year}-${d.month}-${d.day}`)) continue;
      // A template's or a manual's placeholder ("February 29, 2123" on a thesis title page
      // made in 2020) is no one's issue date: a forged date has to pass, so it is near.
      if (Date.UTC(d.year, d.month - 1, 1) - madeAt.getTime() > PLACEHOLDER_DAYS * DAY_MS) continue;
      out.push(
        finding(
          'content_inconsistency',
          'impossible_date',
          `"${d.raw}" is not a real date: ${MONTH_NAMES[d.month - 1]} ${d.year} has no day ${d.day}.`,
          line,
          STRENGTH['content_inconsistency.impossible_date'],
          { value: d.raw },
        ),
      );
    }
  });
  return out.slice(0, 5);
}

/**
 * Beyond a century after the document was made (its creation date, or the time of analysis when
 * that is earlier or unknown) a printed date is a placeholder, not an issue date.
 */
const PLACEHOLDER_DAYS = T.placeholderYears * 365;

/** When the document was made, as far as a placeholder date is measured from. */
function madeAt(ctx: DetectorContext): Date {
  const m = ctx.facts.now('metadata');
  const created = m?.created ?? m?.xmpCreated;
  return created && created.date.getTime() < ctx.now.getTime() ? created.date : ctx.now;
}

function futureDate(model: DocModel, type: DocType | null, now: Date, made: Date): Found[] {
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
      days > T.farFutureDays ? STRENGTH['content_inconsistency.future_date'].far : STRENGTH['content_inconsistency.future_date'].near,
      { value: isoDate(found.date), now: now.toISOString().slice(0, 10) },
    ),
  ];
}

interface DatedRow {
  line: Line;
  date: DateToken;
  value: number;
}

const HEADER = /\b(?:date|datum|fecha)\b.*\b(?:balance|amount|debit|credit|paid|saldo|betrag|montant)\b/i;

/** Dated transaction rows in reading order, split into segments at table headers. */
function transactionRows(model: DocModel, yearOf: (d: DateToken) => number | null): DatedRow[][] {
  const segments: DatedRow[][] = [[]];
  for (const line of model.lines) {
    if (HEADER.test(line.text)) {
      if (segments[segments.length - 1].length) segments.push([]);
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

function statementDates(model: DocModel): Found[] {
  const period = findPeriod(model.lines, model.dateOrder, STATEMENT_PERIOD);
  const start = period ? dayValue(period.start) : null;
  const end = period ? dayValue(period.end) : null;
  const yearOf = (d: DateToken): number | null => {
    if (!period || period.end.year === null) return null;
    return d.month > period.end.month && period.start.year !== null && period.start.year < period.end.year ? period.start.year : period.end.year;
  };
  const segments = transactionRows(model, yearOf);
  const out: Found[] = [];
  if (period && start !== null && end !== null) {
    const outside = segments.flat().filter((r) => r.value < start - T.daysBeforePeriod * DAY_MS || r.value > end + T.daysAfterPeriod * DAY_MS);
    const total = segments.flat().length;
    if (outside.length && total >= T.minDatedRows && outside.length <= Math.max(1, total * T.maxOutsideShare)) {
      for (const r of outside.slice(0, 3)) {
        out.push(
          finding(
            'content_inconsistency',
            'outside_period',
            `Transaction dated ${new Date(r.value).toISOString().slice(0, 10)} lies outside the statement period ${isoDate(period.start)} to ${isoDate(period.end)}.`,
            r.line,
            STRENGTH['content_inconsistency.outside_period'],
            { value: r.date.raw, period: [isoDate(period.start), isoDate(period.end)] },
          ),
        );
      }
    }
  }
  for (const rows of segments) out.push(...outOfOrder(rows));
  return out;
}

/** Rows that break an otherwise consistent chronological order. */
function outOfOrder(rows: DatedRow[]): Found[] {
  if (rows.length < T.minOrderedRows) return [];
  let up = 0;
  let down = 0;
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].value > rows[i - 1].value) up++;
    else if (rows[i].value < rows[i - 1].value) down++;
  }
  const ascending = up >= down;
  const fits = (v: number, i: number) => {
    const [lo, hi] = ascending ? [rows[i - 1]?.value, rows[i + 1]?.value] : [rows[i + 1]?.value, rows[i - 1]?.value];
    return (lo === undefined || v >= lo) && (hi === undefined || v <= hi);
  };
  // On a picture a day one OCR slip from a day that fits between its neighbours ("29" read as
  // "20") is a misreading, not a transaction out of place.
  const misread = (r: DatedRow, i: number) =>
    r.line.ocr === true && misreadValues(r.date.day, 0).some((d) => d >= 1 && d <= 31 && fits(r.value + (d - r.date.day) * DAY_MS, i));
  const breaks = rows.filter((r, i) => i > 0 && (ascending ? r.value < rows[i - 1].value : r.value > rows[i - 1].value) && !misread(r, i));
  if (!breaks.length || breaks.length > T.maxOrderBreaks || Math.min(up, down) > breaks.length || Math.max(up, down) < T.minOrderRun) return [];
  return breaks.map((r) =>
    finding(
      'content_inconsistency',
      'dates_out_of_order',
      `Transaction dated ${r.date.raw} breaks the ${ascending ? 'oldest-first' : 'newest-first'} order of the statement.`,
      r.line,
      STRENGTH['content_inconsistency.dates_out_of_order'],
      { value: r.date.raw },
    ),
  );
}

/**
 * How far the document's own date may lie from the period it covers, in days before the start
 * and after the end: statements are dated at or soon after their period's end, bills may be
 * issued ahead of the period (advance billing) or weeks after it, pay follows the pay period.
 */
const PERIOD_SLACK: Partial<Record<DocType, { before: number; after: number; label: RegExp }>> = {
  bank_statement: { before: 0, after: 45, label: STATEMENT_PERIOD },
  utility_bill: { before: 62, after: 62, label: STATEMENT_PERIOD },
  // Pay before its period is pay_before_period's case.
  payslip: { before: Infinity, after: 45, label: PAY_PERIOD },
};

/** A statement, bill or payslip dated far from the period it covers (often a retyped year). */
function dateOffPeriod(model: DocModel, type: DocType | null): Found[] {
  const slack = type ? PERIOD_SLACK[type] : undefined;
  if (!slack) return [];
  const period = findPeriod(model.lines, model.dateOrder, slack.label);
  const found = findDocumentDate(model.lines, type, model.dateOrder);
  // The document date fell back to the period itself: nothing to compare.
  if (!period || !found || found.line === period.line) return [];
  const start = dayValue(period.start);
  const end = dayValue(period.end);
  const date = dayValue(found.date);
  if (start === null || end === null || date === null) return [];
  const early = (start - date) / DAY_MS - slack.before;
  const late = (date - end) / DAY_MS - slack.after;
  const off = Math.max(early, late);
  if (off <= 0) return [];
  const where = early > 0 ? 'before' : 'after';
  const gap = Math.round(early > 0 ? (start - date) / DAY_MS : (date - end) / DAY_MS);
  return [
    finding(
      'content_inconsistency',
      'date_outside_period',
      `The document is dated ${isoDate(found.date)}, ${gap} days ${where} the period it covers (${isoDate(period.start)} to ${isoDate(period.end)}).`,
      found.line,
      gap > T.farOffPeriodDays ? STRENGTH['content_inconsistency.date_outside_period'].far : STRENGTH['content_inconsistency.date_outside_period'].near,
      {
        value: isoDate(found.date),
        period: [isoDate(period.start), isoDate(period.end)],
        regions: [found.line, period.line].filter((l) => l.bbox).map((l) => ({ page: l.page, bbox: l.bbox! })),
      },
    ),
  ];
}

function fullDate(order: DateOrder) {
  return (text: string): DateToken | null => {
    const d = findDates(text, order)[0];
    return d && d.year !== null && d.valid ? d : null;
  };
}

function payslipDates(model: DocModel): Found[] {
  const period = findPeriod(model.lines, model.dateOrder, PAY_PERIOD);
  const pay = labelledValue(model.lines, /pay(?:ment)? date|date paid|paid on|pay ?day|date of payment/i, fullDate(model.dateOrder));
  if (!period || !pay) return [];
  const start = dayValue(period.start);
  const paid = dayValue(pay.value);
  if (start === null || paid === null || paid >= start) return [];
  return [
    finding(
      'content_inconsistency',
      'pay_before_period',
      `Pay date ${isoDate(pay.value)} is before the pay period starts (${isoDate(period.start)}).`,
      pay.line,
      STRENGTH['content_inconsistency.pay_before_period'],
      { value: isoDate(pay.value), period: [isoDate(period.start), isoDate(period.end)] },
      [pay.cell],
    ),
  ];
}

function dueBeforeIssue(model: DocModel): Found[] {
  const parse = fullDate(model.dateOrder);
  const issued = labelledValue(model.lines, /invoice date|date of issue|issue date|rechnungsdatum|date de facture|factuur ?datum/i, parse);
  const due = labelledValue(model.lines, /due date|payment due|due by|pay by|fälligkeitsdatum|fällig am|date d'échéance|échéance|vervaldatum/i, parse);
  const a = issued ? dayValue(issued.value) : null;
  const b = due ? dayValue(due.value) : null;
  if (!issued || !due || a === null || b === null || b >= a) return [];
  const strength =
    (a - b) / DAY_MS > T.farDueBeforeIssueDays
      ? STRENGTH['content_inconsistency.due_before_issue'].far
      : STRENGTH['content_inconsistency.due_before_issue'].near;
  return [
    finding(
      'content_inconsistency',
      'due_before_issue',
      `Payment is due on ${isoDate(due.value)}, before the invoice date ${isoDate(issued.value)}.`,
      due.line,
      strength,
      { value: isoDate(due.value), issued: isoDate(issued.value) },
      [due.cell],
    ),
  ];
}

const REFERENCE_LABEL = /invoice (?:number|no\.?|#)|invoice ref(?:erence)?|rechnungs(?:nummer|-?nr\.?)|facture n[°o]\.?|numéro de facture|n° de facture/i;
/** A reference with letters and digits ("INV-2024-82048", "RE-2023/0042"): its shape is the issuer's numbering scheme. */
const REFERENCE = /\b[A-Z]{2,5}[-/ ]?\d{2,}(?:[-/]\d{2,})*\b/g;

/**
 * The document's own reference (invoice number) printed elsewhere with another value of the
 * same numbering scheme: the pages or blocks come from two documents (a page from another
 * invoice of the same issuer, a payment slip from another bill).
 */
function referenceMismatch(model: DocModel): Found[] {
  const own = labelledValue(model.lines, REFERENCE_LABEL, (t) => {
    const m = t.trim().match(/^[A-Z]{2,5}[-/ ]?\d{2,}(?:[-/]\d{2,})*$/);
    return m ? m[0] : null;
  });
  if (!own) return [];
  const prefix = own.value.match(/^[A-Z]+/)![0];
  const shape = (v: string) => v.replace(/\d/g, '9');
  for (const line of model.lines) {
    if (line === own.line) continue;
    for (const m of line.text.matchAll(REFERENCE)) {
      const v = m[0];
      if (v === own.value || !v.startsWith(prefix) || shape(v) !== shape(own.value)) continue;
      return [
        finding(
          'content_inconsistency',
          'reference_mismatch',
          `The document is ${own.value}, but page ${line.page} refers to ${v}: parts of two documents of the same issuer were put together.`,
          line,
          STRENGTH['content_inconsistency.reference_mismatch'],
          {
            value: v,
            expected: own.value,
            regions: [own.line, line].filter((l) => l.bbox).map((l) => ({ page: l.page, bbox: l.bbox! })),
          },
        ),
      ];
    }
  }
  return [];
}

const EMITS = [
  {
    flag: 'content_inconsistency',
    reasons: [
      'impossible_date',
      'future_date',
      'outside_period',
      'dates_out_of_order',
      'pay_before_period',
      'due_before_issue',
      'date_outside_period',
      'reference_mismatch',
    ],
  },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const contentInconsistencyDetector = defineDetector({
  meta: {
    id: 'content/content-inconsistency',
    description:
      'Impossible calendar dates, future document dates, a document dated far from the period it covers, transactions outside the statement period or out of order, pay date before the pay period, due date before the invoice date, the invoice number printed elsewhere with another value.',
    appliesTo: ['pdf', 'image'],
    needs: ['extracted', 'metadata', 'pages', 'text', 'textModel'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx) {
    if (!ctx.text.trim() && !ctx.pages.length) return [];
    const model = ctx.facts.now('textModel');
    const type = ctx.extracted.doc_type;
    const made = madeAt(ctx);
    const out = [...impossibleDates(model, made), ...futureDate(model, type, ctx.now, made), ...dateOffPeriod(model, type)];
    if (type === 'bank_statement' || type === 'other' || type === null) out.push(...statementDates(model));
    if (type === 'payslip') out.push(...payslipDates(model));
    if (type === 'invoice' || type === 'utility_bill') out.push(...dueBeforeIssue(model), ...referenceMismatch(model));
    return out;
  },
});
