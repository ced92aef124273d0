/**
 * Info and XMP are two copies of the same facts; the writer that made the file keeps them in
 * step. When they disagree, a later tool rewrote one of them (typically the Info dictionary)
 * without the other -- a re-save or an edit after the document was issued.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { MetadataFacts } from '../../read/metadata/facts.js';
import { classifySoftware } from '../../read/metadata/producers.js';
import { STRENGTH, STRENGTH_CAP } from '../strengths.js';
import { formatPdfDateForPeople } from '../../kit/dates.js';
import { thresholdValues, type Threshold } from '../thresholds.js';

const THRESHOLDS = {
  dateToleranceMinutes: { value: 2, why: 'Writers round or drop seconds and time zones; two minutes absorbs that.' },
  unzonedToleranceHours: { value: 14, why: 'A date written without a zone may be local time anywhere on earth (plus the minutes above).' },
  twoStoriesDays: { value: 1, why: 'Creation dates more than a day apart, with producers that contradict too, tell two stories.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

const DATE_TOLERANCE_MS = T.dateToleranceMinutes * 60_000;
const UNZONED_TOLERANCE_MS = T.unzonedToleranceHours * 3600_000 + DATE_TOLERANCE_MS;
/** A calendar day, for comparing days (not a threshold). */
const DAY_MS = 24 * 3600_000;
const GHOSTSCRIPT_SELF_STAMP = /ghostscript.*\bpdf writer\s*$/i;
/**
 * The writer stamps both creation dates in one go. Some converters regenerate the XMP with their
 * own date but also name themselves in both producers (ZUGFeRD/PDF-A tools do); when the two
 * producers contradict each other as well, the two copies tell two different stories: one was
 * typed or carried over from another file.
 */
const REWRITTEN_CREATION_STRENGTH = STRENGTH['metadata_mismatch.creation_date'].twoStories;
/** What a recognised conversion stamp weighs: context, shown but not evidence. */
const CONVERSION_STRENGTH = STRENGTH_CAP.conversionStamp;

function norm(s: string): string {
  return s.toLowerCase().replace(/[®™©]/g, '').replace(/\s+/g, ' ').trim();
}

/** Same software when one names the other (versions and suffixes are often added on one side). */
function sameSoftware(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  if (x === y || x.includes(y) || y.includes(x)) return true;
  const ca = classifySoftware(a);
  const cb = classifySoftware(b);
  return ca.kind !== 'unknown' && ca.product === cb.product;
}

const EMITS = [{ flag: 'metadata_mismatch', reasons: ['producer', 'creator_tool', 'creation_date', 'modification_date'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const infoXmpMismatchDetector = defineDetector({
  meta: {
    id: 'metadata/metadata-mismatch',
    description: 'Info dictionary and XMP packet disagree on producer, creator tool or dates.',
    appliesTo: ['pdf'],
    needs: ['metadata', 'pdf'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    const m = ctx.facts.now('metadata');
    if (!m?.info || !m.xmp || !m.readable) return [];
    const findings: Found[] = [];
    const converted = pdfaConversionStamp(ctx, m);
    const infoProducer = m.info.Producer?.trim();
    if (infoProducer && m.xmp.producer && !sameSoftware(infoProducer, m.xmp.producer)) {
      findings.push({
        flag: 'metadata_mismatch',
        code: 'metadata_mismatch.producer',
        summary: `The Info dictionary names the producer "${infoProducer}" but the XMP metadata says "${m.xmp.producer}": one of them was rewritten by other software.`,
        pages: [],
        evidence: { before: m.xmp.producer, after: infoProducer, field: 'Producer' },
        strength: STRENGTH['metadata_mismatch.producer'],
      });
    }
    const producerContradicted = findings.length > 0;
    const infoCreator = m.info.Creator?.trim();
    // Ghostscript 8 writes "<its name> PDF Writer" as the XMP CreatorTool whatever the Info
    // Creator says: the writer's own stamp, not a rewrite.
    const creatorTool = m.xmp.creatorTool ?? '';
    const selfStamped = !!infoProducer && !producerContradicted && GHOSTSCRIPT_SELF_STAMP.test(creatorTool) && sameSoftware(creatorTool, infoProducer);
    if (infoCreator && m.xmp.creatorTool && !selfStamped && !sameSoftware(infoCreator, m.xmp.creatorTool)) {
      findings.push({
        flag: 'metadata_mismatch',
        code: 'metadata_mismatch.creator_tool',
        summary: `The Info Creator "${infoCreator}" differs from the XMP CreatorTool "${m.xmp.creatorTool}".`,
        pages: [],
        evidence: { before: m.xmp.creatorTool, after: infoCreator, field: 'Creator' },
        strength: STRENGTH['metadata_mismatch.creator_tool'],
      });
    }
    const pairs = [
      ['creation_date', 'creation', m.created, m.xmpCreated, m.info.CreationDate, m.xmp.createDate, STRENGTH['metadata_mismatch.creation_date'].differs],
      ['modification_date', 'modification', m.modified, m.xmpModified, m.info.ModDate, m.xmp.modifyDate, STRENGTH['metadata_mismatch.modification_date']],
    ] as const;
    for (const [detail, label, a, b, rawA, rawB, strength] of pairs) {
      if (!a || !b) continue;
      // An XMP date of a day ("2007-03-13", as Ghostscript 8 writes) agrees with any time of that
      // day; a zone can move the day by one.
      if (dayOnly(rawB) && Math.abs(wallClockDay(a) - wallClockDay(b)) <= DAY_MS) continue;
      const tol = a.tzMinutes === null || b.tzMinutes === null ? UNZONED_TOLERANCE_MS : DATE_TOLERANCE_MS;
      const diff = Math.abs(a.date.getTime() - b.date.getTime());
      if (diff <= tol) continue;
      // Same wall-clock time with another zone: a writer's zone formatting bug (TCPDF flips the sign).
      if (
        a.tzMinutes !== null &&
        b.tzMinutes !== null &&
        Math.abs(a.date.getTime() + a.tzMinutes * 60_000 - (b.date.getTime() + b.tzMinutes * 60_000)) <= DATE_TOLERANCE_MS
      )
        continue;
      if (zoneSlip(a, b, diff)) continue;
      findings.push({
        flag: 'metadata_mismatch',
        code: `metadata_mismatch.${detail}`,
        summary: `The ${label} date in the Info dictionary (${formatPdfDateForPeople(rawA)}) and in XMP (${formatPdfDateForPeople(rawB)}) are ${describe(diff)} apart.`,
        pages: [],
        evidence: { before: rawB, after: rawA, differenceMinutes: Math.round(diff / 60_000) },
        strength: detail === 'creation_date' && diff > T.twoStoriesDays * DAY_MS && producerContradicted ? REWRITTEN_CREATION_STRENGTH : strength,
      });
    }
    if (converted) return findings.map((f) => asConversion(f));
    if (quartzResave(m)) return findings.map((f) => asQuartzResave(f));
    const creatorContradicted = findings.some((f) => f.code === 'metadata_mismatch.creator_tool');
    return producerContradicted && !creatorContradicted && resaveStamp(m) ? findings.map((f) => asResaveStamp(f)) : findings;
  },
});

/**
 * One writer applied a zone offset the other did not (local time written as UTC, an offset
 * added twice, a zone dropped): the dates differ by exactly one of their offsets, or by the
 * difference between them. The same moment read in two zones, not two stories.
 */
function zoneSlip(a: { tzMinutes: number | null }, b: { tzMinutes: number | null }, diff: number): boolean {
  const offsets = [a.tzMinutes, b.tzMinutes, a.tzMinutes !== null && b.tzMinutes !== null ? a.tzMinutes - b.tzMinutes : null];
  return offsets.some((m) => m !== null && m !== 0 && Math.abs(diff - Math.abs(m) * 60_000) <= DATE_TOLERANCE_MS);
}

/** An XMP date written to the day (or month, or year), without a time. */
function dayOnly(raw: string | undefined): boolean {
  return !!raw && /^\s*\d{4}(?:-\d{2}(?:-\d{2})?)?\s*$/.test(raw);
}

/** Midnight (as UTC ms) of the day the date shows on its own wall clock. */
function wallClockDay(d: { date: Date; tzMinutes: number | null }): number {
  const local = d.date.getTime() + (d.tzMinutes ?? 0) * 60_000;
  return Math.floor(local / DAY_MS) * DAY_MS;
}

/**
 * PDF/A conversion (and the e-invoice tools that attach the ZUGFeRD / Factur-X XML on the way)
 * writes a fresh XMP packet naming itself, dated at the moment of conversion, and leaves the
 * source's Creator and CreationDate in the Info dictionary while stamping the same moment as its
 * ModDate. So a PDF/A file whose XMP is younger than the Info creation and dated exactly at the
 * Info ModDate (or whose two producers agree on the converter) shows a conversion, not two
 * stories. A forger's tool that rewrites only Info leaves the opposite shape: Info younger.
 */
function pdfaConversionStamp(ctx: DetectorContext, m: MetadataFacts): boolean {
  if (!ctx.pdf?.xmp || !/pdfaid:part/i.test(ctx.pdf.xmp)) return false;
  const { created, xmpCreated, modified } = m;
  if (!created || !xmpCreated || xmpCreated.date.getTime() <= created.date.getTime() + DATE_TOLERANCE_MS) return false;
  const stampedAsModification = !!modified && Math.abs(modified.date.getTime() - xmpCreated.date.getTime()) <= DATE_TOLERANCE_MS;
  const producer = m.info?.Producer?.trim();
  const sameProducer = !!producer && !!m.xmp?.producer && sameSoftware(producer, m.xmp.producer);
  return stampedAsModification || sameProducer;
}

function asConversion(f: Found): Found {
  return {
    ...f,
    summary: `${f.summary} The XMP was written afresh by a PDF/A conversion (dated at the conversion, the Info keeping the source's facts): a conversion, not an edit.`,
    evidence: { ...f.evidence, conversion: 'pdfa' },
    strength: Math.min(f.strength, CONVERSION_STRENGTH),
  };
}

/**
 * macOS writes PDFs through Quartz (Preview's Save and Export, any application's Print to PDF):
 * it writes an Info dictionary of its own, naming itself and dated at the save, and carries the
 * source's XMP packet over unchanged. A file that went through it shows the source's producer
 * and dates in XMP and Quartz's in Info, all for one reason: one re-save. The producer finding
 * says it once (a re-save is worth a look, not a sign of editing); the dates are that re-save.
 */
function quartzResave(m: MetadataFacts): boolean {
  const info = m.info?.Producer ?? '';
  return QUARTZ.test(info) && !!m.xmp?.producer && !QUARTZ.test(m.xmp.producer);
}
const QUARTZ = /\bquartz pdfcontext\b/i;

function asQuartzResave(f: Found): Found {
  if (f.code === 'metadata_mismatch.producer') {
    return {
      ...f,
      summary: `${f.summary} macOS (Quartz) writes its own Info and keeps the source's XMP whenever it saves or prints a PDF: the file was re-saved on a Mac.`,
      evidence: { ...f.evidence, resave: 'macos-quartz' },
      strength: Math.min(f.strength, STRENGTH_CAP.quartzResave),
    };
  }
  if (f.code !== 'metadata_mismatch.creation_date' && f.code !== 'metadata_mismatch.modification_date') return f;
  return {
    ...f,
    summary: `${f.summary} The Info date is Quartz's own stamp of that re-save on a Mac, not a second story.`,
    evidence: { ...f.evidence, resave: 'macos-quartz' },
    strength: Math.min(f.strength, STRENGTH_CAP.conversionStamp),
  };
}

/**
 * A processing tool that writes the file again (pdfcpu's optimise and validate, printers'
 * drivers) writes an Info of its own: its name as Producer, and the moment of writing as both
 * CreationDate and ModDate. It keeps the source's Creator, and its XMP as it was. Then the
 * Info dates are one stamp, later than the XMP's: the re-save the producer finding reports, not
 * a second story. A forger who writes a new story into Info (another Creator than the XMP
 * CreatorTool, a creation date apart from the modification) keeps every finding.
 */
function resaveStamp(m: MetadataFacts): boolean {
  const { created, modified, xmpCreated, xmpModified } = m;
  if (!created || !modified || !xmpCreated) return false;
  if (Math.abs(created.date.getTime() - modified.date.getTime()) > DATE_TOLERANCE_MS) return false;
  const later = (a: { date: Date }, b: { date: Date }) => a.date.getTime() > b.date.getTime() + DATE_TOLERANCE_MS;
  return later(created, xmpCreated) && (!xmpModified || later(modified, xmpModified));
}

function asResaveStamp(f: Found): Found {
  if (f.code !== 'metadata_mismatch.creation_date' && f.code !== 'metadata_mismatch.modification_date') return f;
  return {
    ...f,
    summary: `${f.summary} Both Info dates are one moment, the stamp of the program that wrote the file again (the producer finding), which kept the source's Creator and XMP: one re-save, not a second story.`,
    evidence: { ...f.evidence, resave: 'info-stamp' },
    strength: Math.min(f.strength, STRENGTH_CAP.conversionStamp),
  };
}

export function describe(ms: number): string {
  const min = ms / 60_000;
  if (min < 120) return `${Math.round(min)} minutes`;
  const h = min / 60;
  if (h < 48) return `${Math.round(h)} hours`;
  return `${Math.round(h / 24)} days`;
}
