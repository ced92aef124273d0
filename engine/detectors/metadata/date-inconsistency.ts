/**
 * Dates that cannot be right: modified before created, dated in the future, or modified long
 * after creation (a statement is issued once; months later someone saved it again). A change
 * of time zone between creation and modification shows the file was saved on another machine.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { PdfDate } from '../../read/pdf/structure/text-strings.js';
import type { MetadataFacts } from '../../read/metadata/facts.js';
import { classifySoftware } from '../../read/metadata/producers.js';
import { describe } from './info-xmp-mismatch.js';
import { createdAtIssue, createdBeforePrintedDays, impossibleCalendarDate, isTransactional, printedDate } from '../../read/metadata/issue-dates.js';
import { STRENGTH } from '../strengths.js';
import { formatPdfDateForPeople } from '../../kit/dates.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { isImageOnlyPage } from '../../read/pdf/text/image-only.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const THRESHOLDS = {
  futureSlackDays: { value: 1, why: 'Clocks drift and zones are misread; a day in the future is still "now".' },
  farFutureDays: { value: 30, why: 'A month ahead is a typed date, not clock drift.' },
  lateModificationDays: { value: 90, why: 'A document is issued once; saved again a quarter later, someone else saved it.' },
  rewrittenLongAfterDays: {
    value: 180,
    why: 'An issuing system stamps ModDate when it renders: a whole file rewritten half a year later was saved by someone else.',
  },
  backInTimeMinutes: { value: 2, why: 'Two clocks in one pipeline disagree by seconds; a ModDate further back than this went back in time.' },
  unzonedGapHours: { value: 14, why: 'Without zones, up to the widest zone offset "earlier" may only be a zone misreading.' },
  typedBackHours: { value: 1, why: 'Minutes back can be rounding or two clocks; an hour or more back means someone typed the dates.' },
  sameWallClockMinutes: { value: 2, why: "The same wall-clock time written with two zones, to this precision, is a writer's zone bug." },
  zoneChangeMinutes: { value: 60, why: 'Zones an hour apart are daylight saving on one machine, not another machine.' },
  capturedMaxDays: {
    value: 731,
    why: 'A scanner or camera whose clock was never set stamps its factory date, years back; a capture dated within two years before the paper is a date on the paper moved.',
  },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

const FUTURE_SLACK = T.futureSlackDays * DAY;
const LATE_MODIFICATION = T.lateModificationDays * DAY;
const FAR_FUTURE = T.farFutureDays * DAY;
const REWRITTEN_LONG_AFTER = T.rewrittenLongAfterDays * DAY;
/**
 * Who legitimately rewrites old files and stamps a new ModDate while keeping CreationDate:
 * optimisers, archivers and PDF/A converters, OCR post-processors, scanners and office suites
 * (whose CreationDate may be the source document's). FIELD-NOTES "Producers write dates wrongly".
 */
const LATE_REWRITERS = /ghostscript|qpdf|pdf\/?a|archiv|optimi[sz]|linearis|lineariz|compress|ocrmypdf|tesseract|abbyy|pdftk|callas|pdfapilot/i;

const EMITS = [
  {
    flag: 'date_inconsistency',
    reasons: [
      'modified_before_created',
      'future_date',
      'late_modification',
      'rewritten_long_after',
      'edited_after_issue',
      'created_before_document_date',
      'impossible_date',
      'timezone_changed',
    ],
  },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const dateInconsistencyDetector = defineDetector({
  meta: {
    id: 'metadata/date-inconsistency',
    description: 'Creation and modification dates out of order, in the future, far apart, or in different time zones.',
    appliesTo: ['pdf'],
    needs: ['extracted', 'metadata', 'pages', 'pdf', 'revisions'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    const m = ctx.facts.now('metadata');
    if (!m || !m.readable) return [];
    const findings: Found[] = [];
    const created = m.created ?? m.xmpCreated;
    const modified = m.modified ?? m.xmpModified;
    const rawCreated = m.info?.CreationDate ?? m.xmp?.createDate;
    const rawModified = m.info?.ModDate ?? m.xmp?.modifyDate;
    const order = oneCopy(m) ?? { created, modified, rawCreated, rawModified };
    if (order.created && order.modified && order.modified.date.getTime() < order.created.date.getTime() - T.backInTimeMinutes * MINUTE) {
      const [c, mod] = [order.created, order.modified];
      // Without zones, "earlier" may only be a zone misreading.
      const unzoned = c.tzMinutes === null || mod.tzMinutes === null;
      const gap = c.date.getTime() - mod.date.getTime();
      if ((!unzoned || gap > T.unzonedGapHours * HOUR) && !wallClocksInOrder(c, mod) && !localTimeMarkedUtc(c, mod)) {
        findings.push({
          flag: 'date_inconsistency',
          code: 'date_inconsistency.modified_before_created',
          summary: `The file says it was modified (${formatPdfDateForPeople(order.rawModified)}) ${describe(gap)} before it was created (${formatPdfDateForPeople(order.rawCreated)}).`,
          pages: [],
          evidence: { before: order.rawCreated, after: order.rawModified, differenceMinutes: Math.round(gap / MINUTE) },
          strength: modifiedBeforeCreatedStrength(gap),
        });
      }
    }
    // XMP is checked beside Info: a forger who retypes one copy often forgets the other.
    const stamps = [
      ['creation', created, rawCreated],
      ['modification', modified, rawModified],
    ] as Array<[string, PdfDate | undefined, string | undefined]>;
    if (m.created && m.xmpCreated) stamps.push(['XMP creation', m.xmpCreated, m.xmp?.createDate]);
    if (m.modified && m.xmpModified) stamps.push(['XMP modification', m.xmpModified, m.xmp?.modifyDate]);
    for (const raw of new Set([m.info?.CreationDate, m.info?.ModDate, m.xmp?.createDate, m.xmp?.modifyDate])) {
      const problem = impossibleCalendarDate(raw);
      if (problem) {
        findings.push({
          flag: 'date_inconsistency',
          code: 'date_inconsistency.impossible_date',
          summary: `A metadata date (${raw}) does not exist on the calendar (${problem}); software formats its own clock, so the date was typed.`,
          pages: [],
          evidence: { date: raw, problem },
          strength: STRENGTH['date_inconsistency.impossible_date'],
        });
      }
    }
    for (const [label, d, raw] of stamps) {
      if (d && d.date.getTime() > ctx.now.getTime() + FUTURE_SLACK) {
        findings.push({
          flag: 'date_inconsistency',
          code: 'date_inconsistency.future_date',
          summary: `The ${label} date (${formatPdfDateForPeople(raw)}) is in the future relative to the time of the check.`,
          pages: [],
          evidence: { date: raw, now: ctx.now.toISOString() },
          // A clock a day or two ahead is drift; a month or more ahead is a typed date.
          strength:
            d.date.getTime() > ctx.now.getTime() + FAR_FUTURE
              ? STRENGTH['date_inconsistency.future_date'].far
              : STRENGTH['date_inconsistency.future_date'].near,
        });
      }
    }
    if (created && modified && modified.date.getTime() - created.date.getTime() > LATE_MODIFICATION) {
      const gap = modified.date.getTime() - created.date.getTime();
      const issued = issuedThenSavedAgain(ctx, m, created);
      if (issued) {
        findings.push({
          flag: 'date_inconsistency',
          code: 'date_inconsistency.edited_after_issue',
          summary: `This ${issued.type.replace('_', ' ')} is dated ${issued.printed} and the file was created then (${formatPdfDateForPeople(rawCreated)}), but the whole file was written again ${describe(gap)} later (${formatPdfDateForPeople(rawModified)}) by ${m.producer ?? 'software that left no Producer'}. An issuing system renders such a document once; a save that late, by software that is not an archiver, optimiser or scanner, is an edit after issue.`,
          pages: [],
          evidence: {
            before: rawCreated,
            after: rawModified,
            printedDate: issued.printed,
            docType: issued.type,
            producer: m.producer ?? null,
            creator: m.creator ?? null,
            differenceDays: Math.round(gap / DAY),
          },
          strength: STRENGTH['date_inconsistency.edited_after_issue'],
        });
      } else if (
        gap > REWRITTEN_LONG_AFTER &&
        // Forms, reports, manuals and templates are living documents, revised and re-saved for
        // years (an insurance form of 2008 saved again in 2013); only an issued one is not.
        isTransactional(ctx.extracted.doc_type) &&
        rewrittenByOther(ctx, m) &&
        !typesetFromSource(m.producer)
      ) {
        findings.push({
          flag: 'date_inconsistency',
          code: 'date_inconsistency.rewritten_long_after',
          summary: `The whole file was saved again ${describe(gap)} after it was created (${formatPdfDateForPeople(rawCreated)} -> ${formatPdfDateForPeople(rawModified)}), by software that is not an archiver or optimiser (${m.producer ?? 'no Producer'}); an issued ${ctx.extracted.doc_type?.replace('_', ' ') ?? 'document'} is not re-saved that much later.`,
          pages: [],
          evidence: { before: rawCreated, after: rawModified, producer: m.producer ?? null, differenceDays: Math.round(gap / DAY) },
          strength: STRENGTH['date_inconsistency.rewritten_long_after'],
        });
      } else
        findings.push({
          flag: 'date_inconsistency',
          code: 'date_inconsistency.late_modification',
          summary: `The file was modified ${describe(gap)} after it was created (${formatPdfDateForPeople(rawCreated)} -> ${formatPdfDateForPeople(rawModified)}).`,
          pages: [],
          evidence: { before: rawCreated, after: rawModified },
          strength: STRENGTH['date_inconsistency.late_modification'],
        });
    }
    const before = created ? createdBeforePrinted(ctx, created) : null;
    if (before) {
      const captured = isCapture(ctx) && before.days <= T.capturedMaxDays;
      findings.push({
        flag: 'date_inconsistency',
        code: 'date_inconsistency.created_before_document_date',
        summary: captured
          ? `The file was created (${formatPdfDateForPeople(rawCreated)}) ${before.days} days before the date printed on this ${before.type.replace('_', ' ')} (${before.printed}), and every page of it is a picture: a scan or photo is taken of paper that already exists, so the paper cannot carry a later date.`
          : `The file was created (${formatPdfDateForPeople(rawCreated)}) ${before.days} days before the date printed on this ${before.type.replace('_', ' ')} (${before.printed}); an issuing system renders a document at or after its date.`,
        pages: [],
        evidence: { created: rawCreated, printedDate: before.printed, docType: before.type, differenceDays: before.days, captured },
        // Weak on a rendered file: the date read as the document date may be a due date, an
        // instalment or a template's example date (real genuine: an invoice class's manual dated
        // ahead), and an issuing system may render ahead of a date. A capture (every page a
        // picture) records paper that exists: its date cannot lie months after the capture.
        strength: captured
          ? STRENGTH['date_inconsistency.created_before_document_date'].captured
          : STRENGTH['date_inconsistency.created_before_document_date'].rendered,
      });
    }
    // UTC ('Z') is what many writers record whatever the local zone, so it proves nothing.
    if (
      created &&
      modified &&
      created.tzMinutes &&
      modified.tzMinutes &&
      Math.abs(created.tzMinutes - modified.tzMinutes) > T.zoneChangeMinutes &&
      !sameWallClock(created, modified)
    ) {
      findings.push({
        flag: 'date_inconsistency',
        code: 'date_inconsistency.timezone_changed',
        summary: `Created in time zone UTC${fmtTz(created.tzMinutes)} but modified in UTC${fmtTz(modified.tzMinutes)}: the file was saved again on a machine elsewhere.`,
        pages: [],
        evidence: { before: rawCreated, after: rawModified },
        strength: STRENGTH['date_inconsistency.timezone_changed'],
      });
    }
    return findings;
  },
});

/**
 * One revision (a rewrite, not an appended annotation or signature), last written by neither an
 * archiver/optimiser nor a scanner or office suite, and not a PDF/A conversion.
 */
function rewrittenByOther(ctx: DetectorContext, m: MetadataFacts): boolean {
  if (ctx.revisions.filter((r) => r.kind !== 'linearization').length > 1) return false;
  if (ctx.pdf?.xmp && /pdfaid:part/i.test(ctx.pdf.xmp)) return false;
  if (ctx.pages.length && ctx.pages.every((p) => p.imageOnly)) return false;
  for (const name of [m.producer, m.creator]) {
    if (name && LATE_REWRITERS.test(name)) return false;
    const kind = classifySoftware(name).kind;
    if (kind === 'scanner' || kind === 'office_suite') return false;
  }
  return true;
}

/**
 * A TeX engine as the last writer typeset the whole file from source in one run; it never opens
 * and re-saves an existing PDF. A CreationDate years before its ModDate was written by the
 * author (hyperref's pdfcreationdate, \pdfinfo: a manual keeping its first-release date), not
 * left by an earlier save. An issued document typeset so is still judged by edited_after_issue.
 */
function typesetFromSource(producer: string | undefined): boolean {
  return classifySoftware(producer).product === 'TeX';
}

/**
 * A transactional document (extraction's doc type) whose CreationDate matches its printed date,
 * rewritten as a whole more than a quarter later by software other than an archiver, optimiser,
 * scanner, office suite or system print (Preview and print drivers re-save what users open).
 * A report engine named as Producer does not count as the later writer's excuse: renderers
 * stamp both dates in one run, so a late ModDate under their name was written by someone else.
 */
function issuedThenSavedAgain(ctx: DetectorContext, m: MetadataFacts, created: PdfDate): { type: string; printed: string } | null {
  const type = ctx.extracted.doc_type;
  const printed = printedDate(ctx.extracted.document_date);
  if (!isTransactional(type) || !printed || !createdAtIssue(created, printed)) return null;
  if (!rewrittenByOther(ctx, m)) return null;
  if ([m.producer, m.creator].some((n) => classifySoftware(n).kind === 'browser_print')) return null;
  return { type: type!, printed: ctx.extracted.document_date! };
}

/**
 * Every page is a picture (a scan or photo wrapped in a PDF): CreationDate is when the paper was
 * captured, so the paper existed then. An OCR layer drawn by the scanner is still a capture.
 */
function isCapture(ctx: DetectorContext): boolean {
  return ctx.pages.length > 0 && ctx.pages.every((p) => p.imageOnly ?? isImageOnlyPage(p));
}

function createdBeforePrinted(ctx: DetectorContext, created: PdfDate): { type: string; printed: string; days: number } | null {
  const type = ctx.extracted.doc_type;
  const printed = printedDate(ctx.extracted.document_date);
  if (!isTransactional(type) || !printed) return null;
  const days = createdBeforePrintedDays(created, printed);
  return days === null ? null : { type: type!, printed: ctx.extracted.document_date!, days };
}

/**
 * Software stamps ModDate from the same clock as CreationDate, or later; it never goes back.
 * Minutes of difference can be rounding or two clocks in one pipeline; an hour or more back in
 * time means someone typed the dates, which an examiner treats as strong evidence on its own.
 */
function modifiedBeforeCreatedStrength(gapMs: number): number {
  const s = STRENGTH['date_inconsistency.modified_before_created'];
  if (gapMs >= DAY) return s.days;
  if (gapMs >= T.typedBackHours * HOUR) return s.hours;
  return s.minutes;
}

/**
 * Both stamps of one copy (Info, else XMP): the order of a writer's own two stamps. Info's
 * CreationDate beside XMP's ModDate compares two copies, which metadata_mismatch reports (a
 * library that stamped a new Info CreationDate over a LibreOffice file without a ModDate).
 */
function oneCopy(m: MetadataFacts): { created: PdfDate; modified: PdfDate; rawCreated?: string; rawModified?: string } | null {
  if (m.created && m.modified) return { created: m.created, modified: m.modified, rawCreated: m.info?.CreationDate, rawModified: m.info?.ModDate };
  if (m.xmpCreated && m.xmpModified) return { created: m.xmpCreated, modified: m.xmpModified, rawCreated: m.xmp?.createDate, rawModified: m.xmp?.modifyDate };
  return null;
}

/** The same wall-clock time written with two zones: a writer's zone bug, not a move elsewhere. */
function sameWallClock(a: PdfDate, b: PdfDate): boolean {
  if (a.tzMinutes === null || b.tzMinutes === null || a.tzMinutes === b.tzMinutes) return false;
  return Math.abs(a.date.getTime() + a.tzMinutes * MINUTE - (b.date.getTime() + b.tzMinutes * MINUTE)) <= T.sameWallClockMinutes * MINUTE;
}

/**
 * The wall clocks are in order and only the zones differ: a device or writer stamps its clock's
 * local time and labels the zone, and labels it differently on the two stamps (a scanner that
 * adds summer time to one: 16:39 +01:00 created, 16:42 +02:00 modified; a sign flipped). The
 * clock did not go back; read in UTC the inversion is at most the zones' difference. Stamps in
 * one zone, or wall clocks out of order, are still a date set back.
 */
function wallClocksInOrder(a: PdfDate, b: PdfDate): boolean {
  if (a.tzMinutes === null || b.tzMinutes === null || a.tzMinutes === b.tzMinutes) return false;
  return b.date.getTime() + b.tzMinutes * MINUTE >= a.date.getTime() + a.tzMinutes * MINUTE - T.sameWallClockMinutes * MINUTE;
}

/**
 * Many producers (CAD and plotting tools, some PDF libraries) write the local wall-clock time
 * followed by `Z`. When one date carries `Z` and the other a real offset, read the `Z` one as
 * local time in the other's zone: if the dates are then in order, the inversion is that bug
 * (always a whole number of zone hours), not a date set back by hand.
 */
function localTimeMarkedUtc(created: PdfDate, modified: PdfDate): boolean {
  const asLocal = (d: PdfDate, tz: number) => d.date.getTime() - tz * MINUTE;
  if (created.tzMinutes === 0 && modified.tzMinutes) {
    return modified.date.getTime() >= asLocal(created, modified.tzMinutes) - T.backInTimeMinutes * MINUTE;
  }
  if (modified.tzMinutes === 0 && created.tzMinutes) {
    return asLocal(modified, created.tzMinutes) >= created.date.getTime() - T.backInTimeMinutes * MINUTE;
  }
  return false;
}

function fmtTz(min: number): string {
  const sign = min < 0 ? '-' : '+';
  const a = Math.abs(min);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}
