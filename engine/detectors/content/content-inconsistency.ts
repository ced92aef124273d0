/**
 * content_inconsistency: dates in the text that cannot be true together: days that do not
 * exist, a document dated in the future, transactions outside the statement period or out of
 * order, a pay date before its pay period, an invoice due before it was issued.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { DAY_MS, dayValue, daysInMonth, findDates, isoDate, type DateOrder, type DateToken } from '../../read/extract/dates.js';
import { findDocumentDate } from '../../read/extract/document-date.js';
import { labelledValue } from '../../read/extract/labels.js';
import type { DocModel } from '../../read/extract/model.js';
import { findPeriod, PAY_PERIOD, STATEMENT_PERIOD } from '../../read/extract/periods.js';
import type { DocType } from '../../types.js';
import { misreadValues } from './arithmetic/misread.js';
import { finding } from './evidence.js';
import { bookedRows, futureDate, futureRows, impossibleDates, madeAt, PRINTED_DATE_THRESHOLDS, transactionRows, type DatedRow } from './printed-dates.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';

const THRESHOLDS = {
  ...PRINTED_DATE_THRESHOLDS,
  daysBeforePeriod: { value: 7, why: 'Statements list pending items a few days before the period they cover.' },
  daysAfterPeriod: { value: 3, why: 'Items booked after the period closes may be printed with it.' },
  minDatedRows: { value: 3, why: 'Too few dated rows to know the period the rows follow.' },
  maxOutsideShare: { value: 0.2, why: 'More rows outside the period than this is a misread period, not edited rows.' },
  minOrderedRows: { value: 5, why: 'An order is only visible over five dated rows or more.' },
  maxOrderBreaks: { value: 2, why: 'One or two rows out of place is an edit; more is a table sorted some other way.' },
  minOrderRun: { value: 3, why: 'The majority order must hold for at least three steps.' },
  farOffPeriodDays: { value: 180, why: 'Half a year off the period is a retyped year, not a late statement.' },
  statementBeforeEndDays: { value: 3, why: 'A statement printed on the last working day before its period ends is still its own.' },
  farDueBeforeIssueDays: { value: 30, why: 'A due date weeks or a year before issue is no typo of terms: usually a retyped date.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

function statementDates(model: DocModel, type: DocType | null, now: Date, made: Date): Found[] {
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
  out.push(...futureRows(model, segments, now, made));
  if (!period && type === 'bank_statement') out.push(...rowsAfterDate(model, bookedRows(model, segments)));
  return out;
}

/**
 * A statement without a period line is still dated: the few rows booked after its own date were
 * typed into it, and a date before every row it lists, or half a year after the last, was retyped.
 */
function rowsAfterDate(model: DocModel, rows: DatedRow[]): Found[] {
  const found = findDocumentDate(model.lines, 'bank_statement', model.dateOrder);
  const date = found ? dayValue(found.date) : null;
  if (!found || date === null || rows.length < T.minDatedRows || rows.some((r) => r.line === found.line)) return [];
  const slack = T.daysAfterPeriod * DAY_MS;
  const after = rows.filter((r) => r.value > date + slack);
  const first = Math.min(...rows.map((r) => r.value));
  const last = Math.max(...rows.map((r) => r.value));
  const where = (gap: number, side: string) =>
    finding(
      'content_inconsistency',
      'date_outside_period',
      `The statement is dated ${isoDate(found.date)}, ${Math.round(gap / DAY_MS)} days ${side} the transactions it lists (${new Date(first).toISOString().slice(0, 10)} to ${new Date(last).toISOString().slice(0, 10)}).`,
      found.line,
      gap > T.farOffPeriodDays * DAY_MS
        ? STRENGTH['content_inconsistency.date_outside_period'].far
        : STRENGTH['content_inconsistency.date_outside_period'].near,
      { value: isoDate(found.date), rows: [new Date(first).toISOString().slice(0, 10), new Date(last).toISOString().slice(0, 10)] },
    );
  if (after.length === rows.length) return [where(first - date, 'before')];
  if (date - last > T.farOffPeriodDays * DAY_MS) return [where(date - last, 'after')];
  if (!after.length || after.length > Math.max(1, rows.length * T.maxOutsideShare)) return [];
  return after.slice(0, 3).map((r) =>
    finding(
      'content_inconsistency',
      'outside_period',
      `Transaction dated ${new Date(r.value).toISOString().slice(0, 10)} is booked after the statement's own date ${isoDate(found.date)}.`,
      r.line,
      STRENGTH['content_inconsistency.outside_period'],
      {
        value: r.date.raw,
        statementDate: isoDate(found.date),
        regions: [found.line, r.line].filter((l) => l.bbox).map((l) => ({ page: l.page, bbox: l.bbox! })),
      },
    ),
  );
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
  // A statement lists what was booked up to its date: dated before its period ends, it speaks
  // for days that had not happened yet.
  const beforeEnd = type === 'bank_statement' && early <= 0 ? (end - date) / DAY_MS - T.statementBeforeEndDays : 0;
  const off = Math.max(early, late, beforeEnd);
  if (off <= 0) return [];
  const where = early > 0 ? 'before' : late > 0 ? 'after' : 'before the end of';
  const daysAside = period.line.bbox && offWhateverTheDays(period, found.date, slack) ? { page: period.line.page, bbox: period.line.bbox } : undefined;
  const gap = Math.round(early > 0 ? (start - date) / DAY_MS : late > 0 ? (date - end) / DAY_MS : (end - date) / DAY_MS);
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
        ...(daysAside ? { daysAside } : {}),
      },
    ),
  ];
}

/**
 * Still off its period whatever day of its month each date has, the period's month being spelled
 * out ("1-31 January 2025"): then the period's day numbers, the words OCR is least sure of at low
 * resolution, do not decide the finding, and the OCR guard may leave them aside
 * (engine/read/ocr/confidence.ts); the months, years and the document date still count.
 */
function offWhateverTheDays(period: { start: DateToken; end: DateToken }, date: DateToken, slack: { before: number; after: number }): boolean {
  const spelled = (d: DateToken) => /\p{L}/u.test(d.raw);
  if (!spelled(period.start) || !spelled(period.end)) return false;
  const first = (d: DateToken) => dayValue({ ...d, day: 1 });
  const last = (d: DateToken) => dayValue({ ...d, day: daysInMonth(d.year, d.month) });
  const [start, end, dateFirst, dateLast] = [first(period.start), last(period.end), first(date), last(date)];
  if (start === null || end === null || dateFirst === null || dateLast === null) return false;
  return (start - dateLast) / DAY_MS > slack.before || (dateFirst - end) / DAY_MS > slack.after;
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
      'future_transaction',
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
export type Found = DeclaredFinding<typeof EMITS>;

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
    if (type === 'bank_statement' || type === 'other' || type === null) out.push(...statementDates(model, type, ctx.now, made));
    if (type === 'payslip') out.push(...payslipDates(model));
    if (type === 'invoice' || type === 'utility_bill') out.push(...dueBeforeIssue(model), ...referenceMismatch(model));
    return out;
  },
});
