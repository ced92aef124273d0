import { expect } from 'vitest';
import { STRENGTH, STRENGTH_CAP } from '../../../../engine/detectors/strengths.js';
import { dateInconsistencyDetector } from '../../../../engine/detectors/metadata/date-inconsistency.js';
import { pdfEditingSoftwareDetector } from '../../../../engine/detectors/metadata/pdf-editing-software.js';
import { infoXmpMismatchDetector } from '../../../../engine/detectors/metadata/info-xmp-mismatch.js';
import { scrubbedMetadataDetector } from '../../../../engine/detectors/metadata/scrubbed-metadata.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { STATEMENT_LINES, appendUpdate, buildRawPdf, rawLayout, xmpPacket, type RawPdfOptions } from '../../read/pdf/structure/fixtures.js';

const pdf = (info: RawPdfOptions['info'], extra: Partial<RawPdfOptions> = {}) => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], info, ...extra });
const NOW = '2024-06-01T00:00:00Z';
/** The PDF/A identification a conversion writes into the XMP. */
const pdfa = (xmp: string) =>
  xmp.replace('</rdf:Description>', '<pdfaid:part xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">3</pdfaid:part></rdf:Description>');
const issued = {
  Producer: '(JasperReports Library version 6.20.0)',
  Creator: '(JasperReports)',
  CreationDate: "(D:20240131080000+01'00')",
  ModDate: "(D:20240131080000+01'00')",
};
const issuedXmp = xmpPacket({
  producer: 'JasperReports Library version 6.20.0',
  creatorTool: 'JasperReports',
  createDate: '2024-01-31T08:00:00+01:00',
  modifyDate: '2024-01-31T08:00:00+01:00',
});

testDetector(scrubbedMetadataDetector, {
  valid: [
    { name: 'issuer metadata present', input: structureContext(pdf(issued)) },
    { name: 'XMP only', input: structureContext(pdf(null, { xmp: issuedXmp })) },
    // WeasyPrint writes the dates only when the HTML states them in <meta name="dcterms.created">.
    { name: 'WeasyPrint without dates (the HTML gave none)', input: structureContext(pdf({ Title: '(arara)', Producer: '(WeasyPrint 54.3)' })) },
    {
      // One writer applied the +05:30 offset twice: the two dates are exactly one offset apart.
      name: 'dates exactly one zone offset apart (an offset applied twice)',
      input: structureContext(
        pdf(
          { ...issued, CreationDate: "(D:20240131133000+05'30')", ModDate: "(D:20240131133000+05'30')" },
          {
            xmp: xmpPacket({
              producer: 'JasperReports Library version 6.20.0',
              createDate: '2024-01-31T08:00:00+05:30',
              modifyDate: '2024-01-31T08:00:00+05:30',
            }),
          },
        ),
      ),
    },
  ],
  invalid: [
    {
      name: 'a report engine that always dates its output, without dates',
      input: structureContext(pdf({ Title: '(Statement)', Producer: '(JasperReports Library version 6.20.0)' })),
      reasons: ['scrubbed_metadata.dates_removed'],
    },
    {
      name: 'no Info, no XMP, no ID',
      input: structureContext(pdf(null, { id: false })),
      reasons: ['scrubbed_metadata.no_metadata'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.5),
    },
    {
      name: 'Creator without Producer',
      input: structureContext(pdf({ Creator: '(Microsoft Word)', CreationDate: "(D:20240131080000+01'00')" })),
      reasons: ['scrubbed_metadata.producer_removed'],
    },
  ],
});

testDetector(infoXmpMismatchDetector, {
  valid: [
    {
      // Ghostscript 8 (syntrace.pdf, red_corps_castle2.pdf: real TeX files): XMP dates to the day
      // agree with the Info times of that day, and its CreatorTool names the writer itself
      // ("GPL Ghostscript 8.54 PDF Writer") whatever the Info Creator says: its habit.
      name: 'XMP dated to the day, CreatorTool naming the producer itself (Ghostscript 8)',
      input: structureContext(
        pdf(
          {
            Producer: '(GPL Ghostscript 8.54)',
            Creator: '(dvips\\(k\\) 5.96 Copyright 2005 Radical Eye Software)',
            CreationDate: '(D:20070313143235)',
            ModDate: '(D:20070313143235)',
          },
          {
            xmp: xmpPacket({
              producer: 'GPL Ghostscript 8.54',
              creatorTool: 'GPL Ghostscript 8.54 PDF Writer',
              createDate: '2007-03-13',
              modifyDate: '2007-03-13',
            }),
          },
        ),
      ),
    },
    { name: 'Info and XMP agree', input: structureContext(pdf(issued, { xmp: issuedXmp })) },
    {
      name: 'same wall-clock time with a flipped zone sign (TCPDF bug)',
      input: structureContext(
        pdf(
          { ...issued, CreationDate: "(D:20240131080000-08'00')", ModDate: "(D:20240131080000-08'00')" },
          {
            xmp: xmpPacket({
              producer: 'JasperReports Library version 6.20.0',
              createDate: '2024-01-31T08:00:00+08:00',
              modifyDate: '2024-01-31T08:00:00+08:00',
            }),
          },
        ),
      ),
    },
  ],
  invalid: [
    {
      // adobe_pdfservices exportPdfFormDataInput.pdf: made by Adobe, saved again on a Mac; suspicious 70 before.
      name: 'Info rewritten by macOS Quartz over the source XMP: one re-save, the dates its stamp',
      input: structureContext(
        pdf(
          {
            Producer: '(macOS Version 15.2 \\(Build 24C101\\) Quartz PDFContext)',
            CreationDate: "(D:20250226094900Z00'00')",
            ModDate: "(D:20250226094900Z00'00')",
          },
          { xmp: xmpPacket({ producer: 'Adobe PDF Library 24.2.255', createDate: '2024-08-12T09:33:00-05:00', modifyDate: '2024-08-12T09:44:00-05:00' }) },
        ),
      ),
      reasons: ['metadata_mismatch.producer', 'metadata_mismatch.creation_date', 'metadata_mismatch.modification_date'],
      check: (f) => {
        expect(f.find((x) => x.code === 'metadata_mismatch.producer')!.strength).toBe(STRENGTH_CAP.quartzResave);
        for (const x of f.filter((y) => y.code !== 'metadata_mismatch.producer')) expect(x.strength).toBeLessThanOrEqual(STRENGTH_CAP.conversionStamp);
      },
    },
    {
      // Another tool rewrote the Info Creator; the XMP still names the one that made the file.
      name: 'Info Creator rewritten, XMP CreatorTool naming the original creator',
      input: structureContext(pdf({ ...issued, Creator: '(PDFescape Online Editor)' }, { xmp: issuedXmp })),
      reasons: ['metadata_mismatch.creator_tool'],
    },
    {
      name: 'creation dates months apart and producers contradicting (one copy typed or carried over)',
      input: structureContext(
        pdf(issued, {
          xmp: xmpPacket({
            producer: 'Microsoft: Print To PDF',
            creatorTool: 'JasperReports',
            createDate: '2023-04-10T08:00:00+01:00',
            modifyDate: '2024-01-31T08:00:00+01:00',
          }),
        }),
      ),
      reasons: ['metadata_mismatch.creation_date', 'metadata_mismatch.producer'],
      check: (f) => expect(f.find((x) => x.code === 'metadata_mismatch.creation_date')!.strength).toBeGreaterThanOrEqual(0.5),
    },
    {
      name: 'XMP regenerated by a converter that names itself in both producers (weak)',
      input: structureContext(
        pdf(
          { ...issued, Creator: '(Word)', CreationDate: '(D:20140209175801Z)' },
          {
            xmp: xmpPacket({
              producer: 'JasperReports Library version 6.20.0',
              creatorTool: 'JasperReports',
              createDate: '2014-11-08T13:39:07+01:00',
              modifyDate: '2024-01-31T08:00:00+01:00',
            }),
          },
        ),
      ),
      reasons: ['metadata_mismatch.creation_date', 'metadata_mismatch.creator_tool'],
      check: (f) => expect(Math.max(...f.map((x) => x.strength))).toBeLessThanOrEqual(0.3),
    },
    {
      name: 'PDF/A conversion (ZUGFeRD attach): fresh XMP naming the converter, dated at the Info ModDate: context',
      input: structureContext(
        pdf(
          { Creator: '(Word)', Producer: '(Konik PDFBox-Carriage)', CreationDate: '(D:20140209175801Z)', ModDate: "(D:20141108133907+01'00')" },
          { xmp: pdfa(xmpPacket({ producer: 'Konik PDFBox-Carriage', creatorTool: 'Konik PDFBox-Carriage', createDate: '2014-11-08T13:39:07+01:00' })) },
        ),
      ),
      reasons: ['metadata_mismatch.creation_date', 'metadata_mismatch.creator_tool'],
      check: (f) => expect(Math.max(...f.map((x) => x.strength))).toBeLessThanOrEqual(0.15),
    },
    {
      name: 'PDF/A whose Info was rewritten by an editor later (Info younger than XMP): still evidence',
      input: structureContext(
        pdf(
          { ...issued, Producer: '(Adobe Acrobat Pro DC 21.1.20135)', CreationDate: "(D:20240305101500+01'00')", ModDate: "(D:20240305101500+01'00')" },
          { xmp: pdfa(issuedXmp) },
        ),
      ),
      reasons: ['metadata_mismatch.creation_date', 'metadata_mismatch.producer', 'metadata_mismatch.modification_date'],
      check: (f) => expect(Math.max(...f.map((x) => x.strength))).toBeGreaterThan(0.15),
    },
    {
      name: 'creation dates a few hours apart (weak)',
      input: structureContext(
        pdf(issued, {
          xmp: xmpPacket({
            producer: 'JasperReports Library version 6.20.0',
            creatorTool: 'JasperReports',
            createDate: '2024-01-31T11:00:00+01:00',
            modifyDate: '2024-01-31T08:00:00+01:00',
          }),
        }),
      ),
      reasons: ['metadata_mismatch.creation_date'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.3),
    },
    {
      name: 'Info rewritten by an editor, XMP left from the issuer',
      input: structureContext(pdf({ ...issued, Producer: '(Adobe Acrobat Pro DC 21.1.20135)', ModDate: "(D:20240305101500+01'00')" }, { xmp: issuedXmp })),
      reasons: ['metadata_mismatch.producer', 'metadata_mismatch.modification_date'],
    },
  ],
});

testDetector(dateInconsistencyDetector, {
  valid: [
    { name: 'consistent dates', input: structureContext(pdf(issued), NOW) },

    // The same wall-clock time with the zone sign flipped reads as 16 hours back: a writer's bug.
    {
      name: 'same wall-clock time, zone sign flipped',
      input: structureContext(pdf({ ...issued, CreationDate: "(D:20240131080000-08'00')", ModDate: "(D:20240131080000+08'00')" }), NOW),
    },
    // CAD and plotting tools write local time followed by Z: modified 3 hours "before" created.
    {
      name: 'local time marked Z beside a real offset (producer zone bug)',
      input: structureContext(pdf({ ...issued, CreationDate: "(D:20240131100000+03'00')", ModDate: '(D:20240131091500Z)' }), NOW),
    },
    {
      name: 'local time marked Z on the creation date',
      input: structureContext(pdf({ ...issued, CreationDate: '(D:20240131100000Z)', ModDate: "(D:20240131101500+03'00')" }), NOW),
    },
  ],
  invalid: [
    {
      name: 'modified weeks before created',
      input: structureContext(pdf({ ...issued, ModDate: "(D:20240115080000+01'00')" }), NOW),
      reasons: ['date_inconsistency.modified_before_created'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.7),
    },
    {
      name: 'Z beside an offset, still backwards when read as local time',
      input: structureContext(pdf({ ...issued, CreationDate: "(D:20240131100000+03'00')", ModDate: '(D:20240131050000Z)' }), NOW),
      reasons: ['date_inconsistency.modified_before_created'],
    },
    {
      name: 'modified minutes before created (clock skew, weak)',
      input: structureContext(pdf({ ...issued, ModDate: "(D:20240131075000+01'00')" }), NOW),
      reasons: ['date_inconsistency.modified_before_created'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.45),
    },
    {
      name: 'created months in the future (a typed date)',
      input: structureContext(pdf({ ...issued, CreationDate: "(D:20250131080000+01'00')", ModDate: "(D:20250131080000+01'00')" }), NOW),
      reasons: ['date_inconsistency.future_date'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.6),
    },
    {
      name: 'created a few days in the future (clock drift, weaker)',
      input: structureContext(pdf({ ...issued, CreationDate: "(D:20240605080000+01'00')", ModDate: "(D:20240605080000+01'00')" }), NOW),
      reasons: ['date_inconsistency.future_date'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.5),
    },
    {
      name: 'whole file rewritten 14 months after creation by a library (one revision)',
      input: structureContext(pdf({ ...issued, Producer: '(pypdf)', ModDate: "(D:20250402101500+01'00')" }), '2025-06-01T00:00:00Z', {
        doc_type: 'bank_statement',
      }),
      reasons: ['date_inconsistency.rewritten_long_after'],
      check: (f) => expect(f.find((x) => x.code === 'date_inconsistency.rewritten_long_after')!.strength).toBeGreaterThanOrEqual(0.6),
    },
    {
      name: 'archived years later by Ghostscript (keeps CreationDate, new ModDate): the weak late_modification only',
      input: structureContext(pdf({ ...issued, Producer: '(GPL Ghostscript 10.0.0)', ModDate: "(D:20260402101500+01'00')" }), '2026-06-01T00:00:00Z'),
      reasons: ['date_inconsistency.late_modification'],
      check: (f) => expect(f.map((x) => x.code)).not.toContain('date_inconsistency.rewritten_long_after'),
    },
    {
      name: 'modified months later in another zone',
      input: structureContext(pdf({ ...issued, ModDate: "(D:20240520080000-05'00')" }), NOW),
      reasons: ['date_inconsistency.late_modification', 'date_inconsistency.timezone_changed'],
    },
  ],
});

/** The structure context with what extraction read from the page (doc type, printed date). */
const statement = { doc_type: 'bank_statement', document_date: '2024-01-31' } as const;

// cmyk-hax documentation (texlive-plain-generic), distilled on 12 June 2000: the Y2K year "19100".
const y2kDistiller = { Producer: '(Acrobat Distiller 3.0 for Windows)', Creator: '(dvips\\(k\\) 5.78)', CreationDate: '(D:191000612092411)' };

testDetector(dateInconsistencyDetector, {
  valid: [
    { name: 'Distiller 3 writing the year 2000 as "19100" (Y2K), read as 12 June 2000', input: structureContext(pdf(y2kDistiller), NOW) },
    {
      // Math119FakingData.pdf (PdfPig tests, Distiller 3.0 for Solaris): read as four digits, day 0 of
      // January 1910 (suspicious 68 on impossible_date + dates_removed before); it is 4 October 2000.
      name: 'a "19100" year whose four-digit reading has an impossible day',
      input: structureContext(pdf({ ...y2kDistiller, CreationDate: '(D:191001004080857)' }), NOW),
    },
    // A thesis or manual re-compressed years later is not an issued document (issue 8).
    // Online banking renders old statements on demand: created long after the printed date is normal.
    {
      name: 'a statement rendered on demand two years after its date',
      input: structureContext(
        pdf({ ...issued, CreationDate: "(D:20260131080000+01'00')", ModDate: "(D:20260131080000+01'00')" }),
        '2026-06-01T00:00:00Z',
        statement,
      ),
    },
    {
      name: 'zeroed placeholder dates are not typed dates',
      input: structureContext(pdf({ ...issued, CreationDate: '(D:00000000000000)', ModDate: '(D:00000000000000)' }), NOW, statement),
    },
  ],
  invalid: [
    {
      name: 'a statement rewritten 14 months after issue by a library',
      input: structureContext(pdf({ ...issued, Producer: '(pypdf)', ModDate: "(D:20250402101500+01'00')" }), '2025-06-01T00:00:00Z', statement),
      reasons: ['date_inconsistency.edited_after_issue'],
      check: (f) => expect(f.find((x) => x.code === 'date_inconsistency.edited_after_issue')!.strength).toBeGreaterThanOrEqual(0.6),
    },
    {
      name: 'an invoice whose renderer is still named as Producer, ModDate five months later',
      input: structureContext(
        pdf({ ...issued, Producer: '(WeasyPrint 61.2)', Creator: '(WeasyPrint 61.2)', ModDate: "(D:20240701101500+01'00')" }),
        '2024-08-01T00:00:00Z',
        { doc_type: 'invoice', document_date: '2024-01-30' },
      ),
      reasons: ['date_inconsistency.edited_after_issue'],
    },
    {
      name: 'a non-transactional document rewritten years later by a library: a living document revised, context only',
      input: structureContext(pdf({ ...issued, Producer: '(pypdf)', Creator: '(LaTeX)', ModDate: "(D:20260402101500+01'00')" }), '2026-06-01T00:00:00Z', {
        doc_type: 'other',
        document_date: '2024-01-31',
      }),
      reasons: ['date_inconsistency.late_modification'],
      check: (f) => expect(f.map((x) => x.code)).toEqual(['date_inconsistency.late_modification']),
    },
    {
      // bib2gls-begin (texlive-bibtex-extra): LuaTeX, CreationDate 2017 set in the source, built 2022.
      name: 'a manual typeset by LuaTeX keeping its first-release CreationDate: context only, TeX does not re-save',
      input: structureContext(
        pdf({ ...issued, Producer: '(LuaTeX-1.15.0)', Creator: '(LaTeX with hyperref)', CreationDate: '(D:20170120153900Z)', ModDate: '(D:20221124142144Z)' }),
        '2026-06-01T00:00:00Z',
        { doc_type: 'other', document_date: null },
      ),
      reasons: ['date_inconsistency.late_modification'],
    },
    {
      name: 'a statement typeset by pdfTeX, created at issue, written again a year later: still an edit after issue',
      input: structureContext(pdf({ ...issued, Producer: '(pdfTeX-1.40.25)', ModDate: "(D:20250402101500+01'00')" }), '2025-06-01T00:00:00Z', statement),
      reasons: ['date_inconsistency.edited_after_issue'],
    },
    {
      name: 'a statement archived by Ghostscript years later: only the weak late_modification',
      input: structureContext(
        pdf({ ...issued, Producer: '(GPL Ghostscript 10.0.0)', ModDate: "(D:20260402101500+01'00')" }),
        '2026-06-01T00:00:00Z',
        statement,
      ),
      reasons: ['date_inconsistency.late_modification'],
      check: (f) => expect(f.map((x) => x.code)).not.toContain('date_inconsistency.edited_after_issue'),
    },
    {
      name: 'a payslip created three months before its printed date',
      input: structureContext(pdf({ ...issued, CreationDate: "(D:20231020080000+01'00')", ModDate: "(D:20231020080000+01'00')" }), NOW, {
        doc_type: 'payslip',
        document_date: '2024-01-31',
      }),
      reasons: ['date_inconsistency.created_before_document_date'],
    },
    {
      name: 'a "19100" year whose day is impossible either way',
      input: structureContext(pdf({ ...y2kDistiller, CreationDate: '(D:191001034080857)' }), NOW),
      reasons: ['date_inconsistency.impossible_date'],
    },
    {
      name: 'a "19100" year whose month is impossible either way',
      input: structureContext(pdf({ ...y2kDistiller, CreationDate: '(D:191001312092411)' }), NOW),
      reasons: ['date_inconsistency.impossible_date'],
    },
    {
      name: 'a creation date on 30 February',
      input: structureContext(pdf({ ...issued, CreationDate: "(D:20240230080000+01'00')" }), NOW),
      reasons: ['date_inconsistency.impossible_date', 'date_inconsistency.modified_before_created'],
    },
    {
      name: 'Info dates right, XMP creation date in the future',
      input: structureContext(
        pdf(issued, {
          xmp: xmpPacket({
            producer: 'JasperReports Library version 6.20.0',
            createDate: '2031-01-31T08:00:00+01:00',
            modifyDate: '2024-01-31T08:00:00+01:00',
          }),
        }),
        NOW,
      ),
      reasons: ['date_inconsistency.future_date'],
    },
  ],
});

testDetector(scrubbedMetadataDetector, {
  valid: [
    { name: 'a statement with its issuer stamped', input: structureContext(pdf(issued), NOW, statement) },
    { name: 'Distiller 3 with its Y2K creation date "19100..." (a date, not a removed one)', input: structureContext(pdf(y2kDistiller), NOW) },
    {
      name: 'Distiller 3 with a Y2K creation date whose four-digit reading has day 0 (a date, not a removed one)',
      input: structureContext(pdf({ ...y2kDistiller, CreationDate: '(D:191010830172248)' }), NOW),
    },
  ],
  invalid: [
    {
      name: 'a statement with no Info, XMP or ID (stronger than an unknown document)',
      input: structureContext(pdf(null, { id: false }), NOW, statement),
      reasons: ['scrubbed_metadata.no_metadata'],
      // Stronger than on an unknown document, and still context: never a review on its own.
      check: (f) => {
        expect(f[0].strength).toBe(STRENGTH['scrubbed_metadata.no_metadata'].noIdIssued);
        expect(f[0].strength).toBeGreaterThan(STRENGTH['scrubbed_metadata.no_metadata'].noId);
        expect(f[0].strength).toBeLessThan(0.3);
      },
    },
  ],
});

const L = rawLayout(1);
const foxitUpdate = () =>
  appendUpdate(pdf(issued), {
    objects: [
      {
        num: L.info,
        body: "<< /Producer (Foxit PhantomPDF 9.7) /Creator (JasperReports) /CreationDate (D:20240131080000+01'00') /ModDate (D:20240301080000+01'00') >>",
      },
    ],
  });
/** The Foxit save, then a further update writing the issuer's Producer back over it: only the middle revision tells. */
const producerWrittenBack = () =>
  appendUpdate(foxitUpdate(), {
    objects: [
      {
        num: L.info,
        body: "<< /Producer (JasperReports Library version 6.20.0) /Creator (JasperReports) /CreationDate (D:20240131080000+01'00') /ModDate (D:20240131080000+01'00') >>",
      },
    ],
  });

testDetector(pdfEditingSoftwareDetector, {
  valid: [{ name: 'made by a report engine', input: structureContext(pdf(issued)) }],
  invalid: [
    {
      name: 'issued by a report engine, saved by Acrobat',
      input: structureContext(pdf({ ...issued, Producer: '(Adobe Acrobat Pro DC 21.1.20135)' })),
      reasons: ['editing_software.editor_after_issuer'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.6),
    },
    {
      name: 'produced by an online editor',
      input: structureContext(pdf({ Producer: '(Sejda \\(www.sejda.com\\))' })),
      reasons: ['editing_software.editor_producer'],
    },
    {
      // PyMuPDF's test_2645_1.pdf: a design made in Canva, pending 50 before.
      name: 'context only: an invoice designed in Canva, as small businesses make them',
      input: structureContext(pdf({ Producer: '(Canva)', Creator: '(Canva)' }), undefined, { doc_type: 'invoice' }),
      reasons: ['editing_software.design_origin'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.15),
    },
    {
      name: 'a bank statement designed in Canva: no bank issues one from there',
      input: structureContext(pdf({ Producer: '(Canva)', Creator: '(Canva)' }), undefined, { doc_type: 'bank_statement' }),
      reasons: ['editing_software.editor_producer'],
      check: (f) => {
        expect(f[0].strength).toBe(STRENGTH['editing_software.editor_producer'].onlineOrImageEditor);
        expect(f[0].summary).toContain("issued from its institution's own systems");
      },
    },
    { name: 'an update saved by Foxit', input: structureContext(foxitUpdate), reasons: ['editing_software.editor_after_issuer'] },
    {
      name: 'an update saved by Foxit, the issuer Producer written back afterwards',
      input: structureContext(producerWrittenBack),
      reasons: ['editing_software.editor_update'],
      check: (f) => expect(f[0].evidence).toMatchObject({ revision: 2, after: 'Foxit PhantomPDF 9.7' }),
    },
    {
      name: 'XMP history with Photoshop edits',
      input: structureContext(
        pdf(issued, {
          xmp: xmpPacket({
            producer: 'JasperReports Library version 6.20.0',
            history: [{ action: 'saved', softwareAgent: 'Adobe Photoshop 25.0 (Windows)', when: '2024-02-01T10:00:00+01:00' }],
          }),
        }),
      ),
      reasons: ['editing_software.xmp_history'],
    },
    {
      name: 'saved in Photoshop after a bespoke system made it, recorded in Producer and XMP history',
      input: structureContext(
        pdf(
          {
            Producer: '(Adobe Photoshop 25.0 \\(Windows\\))',
            Creator: '(Symmetry eStatements 9.0)',
            CreationDate: "(D:20240131080000+01'00')",
            ModDate: "(D:20240411080000+01'00')",
          },
          {
            xmp: xmpPacket({
              producer: 'Adobe Photoshop 25.0 (Windows)',
              creatorTool: 'Symmetry eStatements 9.0',
              history: [
                { action: 'converted', softwareAgent: 'Symmetry eStatements 9.0', when: '2024-01-31T08:00:00+01:00' },
                { action: 'saved', softwareAgent: 'Adobe Photoshop 25.0 (Windows)', when: '2024-04-11T08:00:00+01:00' },
              ],
            }),
          },
        ),
      ),
      reasons: ['editing_software.editor_after_issuer', 'editing_software.xmp_history'],
      check: (f) => expect(f.find((x) => x.code === 'editing_software.xmp_history')!.strength).toBeGreaterThanOrEqual(0.45),
    },
    {
      name: 'designed in InDesign, written by the Adobe PDF Library (context only)',
      input: structureContext(pdf({ Producer: '(Adobe PDF Library 17.0)', Creator: '(Adobe InDesign 19.0 \\(Windows\\))' })),
      reasons: ['editing_software.design_origin'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.1),
    },
    {
      name: 'designed in Illustrator, its own saves in the XMP history (context only)',
      input: structureContext(
        pdf(
          { Producer: '(Adobe PDF library 15.00)', Creator: '(Adobe Illustrator CC 23.1 \\(Macintosh\\))' },
          {
            xmp: xmpPacket({
              producer: 'Adobe PDF library 15.00',
              creatorTool: 'Adobe Illustrator CC 23.1 (Macintosh)',
              history: [{ action: 'saved', softwareAgent: 'Adobe Illustrator CC 23.1 (Macintosh)', when: '2020-06-01T14:09:35-05:00' }],
            }),
          },
        ),
      ),
      reasons: ['editing_software.design_origin'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.1),
    },
    {
      name: 'an office document saved in Acrobat: the history repeats the producer, not added',
      input: structureContext(
        pdf(
          { Producer: '(Adobe Acrobat Pro DC 21.1.20135)', Creator: '(Microsoft\\256 Word for Microsoft 365)' },
          {
            xmp: xmpPacket({
              producer: 'Adobe Acrobat Pro DC 21.1.20135',
              history: [
                { action: 'converted', softwareAgent: 'Microsoft Word', when: '2024-01-31T08:00:00+01:00' },
                { action: 'saved', softwareAgent: 'Adobe Acrobat Pro DC 21.1.20135', when: '2024-02-01T08:00:00+01:00' },
              ],
            }),
          },
        ),
      ),
      reasons: ['editing_software.editor_producer'],
    },
    {
      name: 'made in an office suite (context only)',
      input: structureContext(pdf({ Producer: '(Microsoft\\256 Word for Microsoft 365)', Creator: '(Microsoft\\256 Word for Microsoft 365)' })),
      reasons: ['low_trust_origin.consumer_software'],
      check: (f) => expect(Math.max(...f.map((x) => x.strength))).toBeLessThanOrEqual(0.1),
    },
  ],
});
