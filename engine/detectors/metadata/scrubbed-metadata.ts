/**
 * Metadata that genuine producers always write is missing: no Info and no XMP at all, or a
 * Creator without the Producer every PDF writer records. No metadata at all is context only:
 * many libraries and tools write none, and a forger's stripping looks the same, so it adds to
 * other evidence and never makes a verdict (or a review) on its own: the scorer keeps it at
 * context unless a finding of an act is present (engine/scoring/corroborating.ts).
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { classifySoftware } from '../../read/metadata/producers.js';
import { isTransactional } from '../../read/metadata/issue-dates.js';
import { STRENGTH } from '../strengths.js';

/**
 * Writers whose PDF export records the Creator and never a Producer: Google Sheets' "Download as
 * PDF" names itself in Creator (with the Title) and writes no Producer, so the entry was never there.
 */
const WRITES_NO_PRODUCER = /\bgoogle sheets\b/i;

const EMITS = [{ flag: 'scrubbed_metadata', reasons: ['no_metadata', 'producer_removed', 'dates_removed'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const scrubbedMetadataDetector = defineDetector({
  meta: {
    id: 'metadata/scrubbed-metadata',
    description: 'Info and XMP metadata, the document ID or the Producer are missing where writers always record them.',
    appliesTo: ['pdf'],
    needs: ['extracted', 'metadata', 'pages', 'pdf'],
    emits: EMITS,
  },
  run(ctx: DetectorContext): Found[] {
    const m = ctx.facts.now('metadata');
    const pdf = ctx.pdf;
    if (!m || !pdf || !m.readable) return [];
    const infoKeys = Object.entries(m.info ?? {})
      .filter(([, v]) => v.trim())
      .map(([k]) => k);
    const findings: Found[] = [];
    if (infoKeys.length === 0 && !m.xmp) {
      const noId = pdf.trailerId === null;
      // Issuing systems of statements, payslips and bills stamp their name (and an ID); a text
      // document of that kind with nothing at all was rewritten by a tool that drops it all.
      // Scans are left at the base strength: capture software on copiers sometimes writes nothing.
      const issuedDocument = isTransactional(ctx.extracted.doc_type) && !(ctx.pages.length && ctx.pages.every((p) => p.imageOnly));
      findings.push({
        flag: 'scrubbed_metadata',
        code: 'scrubbed_metadata.no_metadata',
        summary: `The file carries no document metadata at all (no Info dictionary entries and no XMP packet${noId ? ', and no document ID' : ''}). Office suites and issuing systems record at least the producing software, but many libraries and conversion tools (mutool, pdf-lib, qpdf, PyMuPDF) write nothing: on its own this is context, never a reason for review; beside a finding of an act (an edit, a cover, broken arithmetic, an impossible date) it is the stripping that went with it and adds weight.`,
        pages: [],
        evidence: { info: m.info, xmp: false, trailerId: pdf.trailerId },
        strength: noId
          ? issuedDocument
            ? STRENGTH['scrubbed_metadata.no_metadata'].noIdIssued
            : STRENGTH['scrubbed_metadata.no_metadata'].noId
          : STRENGTH['scrubbed_metadata.no_metadata'].withId,
      });
      return findings;
    }
    const creatorClass = classifySoftware(m.creator);
    if (!m.producer && m.creator && creatorClass.kind !== 'unknown' && !WRITES_NO_PRODUCER.test(m.creator)) {
      findings.push({
        flag: 'scrubbed_metadata',
        code: 'scrubbed_metadata.producer_removed',
        summary: `The Creator is "${m.creator}" but the Producer entry is missing; the PDF writer behind ${creatorClass.product} always records it.`,
        pages: [],
        evidence: { creator: m.creator, info: m.info },
        strength: STRENGTH['scrubbed_metadata.producer_removed'],
      });
    }
    const producerClass = classifySoftware(m.producer);
    // WeasyPrint writes the dates the HTML states (<meta name="dcterms.created">) and none otherwise.
    const datesFromSource = /\bweasyprint\b/i.test(m.producer ?? '');
    const datesExpected =
      !datesFromSource && (producerClass.kind === 'office_suite' || producerClass.kind === 'issuer_system' || producerClass.kind === 'browser_print');
    if (datesExpected && !m.created && !m.xmpCreated) {
      findings.push({
        flag: 'scrubbed_metadata',
        code: 'scrubbed_metadata.dates_removed',
        summary: `No creation date is recorded although the producer (${producerClass.product}) always writes one.`,
        pages: [],
        evidence: { producer: m.producer, info: m.info },
        strength: STRENGTH['scrubbed_metadata.dates_removed'],
      });
    }
    return findings;
  },
});
