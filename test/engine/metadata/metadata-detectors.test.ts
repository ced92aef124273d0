import { expect } from 'vitest';
import { dateInconsistencyDetector } from '../../../engine/metadata/date-inconsistency.js';
import { editingSoftwareDetector } from '../../../engine/metadata/editing-software.js';
import { metadataMismatchDetector } from '../../../engine/metadata/metadata-mismatch.js';
import { scrubbedMetadataDetector } from '../../../engine/metadata/scrubbed-metadata.js';
import { testDetector } from '../detector-tester.js';
import { structureContext } from '../pdf-structure/context.js';
import { STATEMENT_LINES, appendUpdate, buildRawPdf, rawLayout, xmpPacket, type RawPdfOptions } from '../pdf-structure/fixtures.js';

const pdf = (info: RawPdfOptions['info'], extra: Partial<RawPdfOptions> = {}) => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], info, ...extra });
const NOW = '2024-06-01T00:00:00Z';
const issued = { Producer: '(JasperReports Library version 6.20.0)', Creator: '(JasperReports)', CreationDate: "(D:20240131080000+01'00')", ModDate: "(D:20240131080000+01'00')" };
const issuedXmp = xmpPacket({ producer: 'JasperReports Library version 6.20.0', creatorTool: 'JasperReports', createDate: '2024-01-31T08:00:00+01:00', modifyDate: '2024-01-31T08:00:00+01:00' });

testDetector(scrubbedMetadataDetector, {
  valid: [
    { name: 'issuer metadata present', input: structureContext(pdf(issued)) },
    { name: 'XMP only', input: structureContext(pdf(null, { xmp: issuedXmp })) },
  ],
  invalid: [
    { name: 'no Info, no XMP, no ID', input: structureContext(pdf(null, { id: false })), reasons: ['scrubbed_metadata.no_metadata'], check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.5) },
    { name: 'Creator without Producer', input: structureContext(pdf({ Creator: '(Microsoft Word)', CreationDate: "(D:20240131080000+01'00')" })), reasons: ['scrubbed_metadata.producer_removed'] },
  ],
});

testDetector(metadataMismatchDetector, {
  valid: [
    { name: 'Info and XMP agree', input: structureContext(pdf(issued, { xmp: issuedXmp })) },
    {
      name: 'same wall-clock time with a flipped zone sign (TCPDF bug)',
      input: structureContext(pdf({ ...issued, CreationDate: "(D:20240131080000-08'00')", ModDate: "(D:20240131080000-08'00')" }, { xmp: xmpPacket({ producer: 'JasperReports Library version 6.20.0', createDate: '2024-01-31T08:00:00+08:00', modifyDate: '2024-01-31T08:00:00+08:00' }) })),
    },
  ],
  invalid: [
    {
      name: 'creation dates months apart (one copy typed or carried over)',
      input: structureContext(pdf(issued, { xmp: xmpPacket({ producer: 'JasperReports Library version 6.20.0', creatorTool: 'JasperReports', createDate: '2023-04-10T08:00:00+01:00', modifyDate: '2024-01-31T08:00:00+01:00' }) })),
      reasons: ['metadata_mismatch.creation_date'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.5),
    },
    {
      name: 'creation dates a few hours apart (weak)',
      input: structureContext(pdf(issued, { xmp: xmpPacket({ producer: 'JasperReports Library version 6.20.0', creatorTool: 'JasperReports', createDate: '2024-01-31T11:00:00+01:00', modifyDate: '2024-01-31T08:00:00+01:00' }) })),
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
    { name: 'same wall-clock time, zone sign flipped', input: structureContext(pdf({ ...issued, CreationDate: "(D:20240131080000-08'00')", ModDate: "(D:20240131080000+08'00')" }), NOW) },
  ],
  invalid: [
    { name: 'modified weeks before created', input: structureContext(pdf({ ...issued, ModDate: "(D:20240115080000+01'00')" }), NOW), reasons: ['date_inconsistency.modified_before_created'], check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.7) },
    { name: 'modified minutes before created (clock skew, weak)', input: structureContext(pdf({ ...issued, ModDate: "(D:20240131075000+01'00')" }), NOW), reasons: ['date_inconsistency.modified_before_created'], check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.45) },
    { name: 'created in the future', input: structureContext(pdf({ ...issued, CreationDate: "(D:20250131080000+01'00')", ModDate: "(D:20250131080000+01'00')" }), NOW), reasons: ['date_inconsistency.future_date'] },
    { name: 'modified months later in another zone', input: structureContext(pdf({ ...issued, ModDate: "(D:20240520080000-05'00')" }), NOW), reasons: ['date_inconsistency.late_modification', 'date_inconsistency.timezone_changed'] },
  ],
});

const L = rawLayout(1);
const foxitUpdate = () => appendUpdate(pdf(issued), { objects: [{ num: L.info, body: "<< /Producer (Foxit PhantomPDF 9.7) /Creator (JasperReports) /CreationDate (D:20240131080000+01'00') /ModDate (D:20240301080000+01'00') >>" }] });

testDetector(editingSoftwareDetector, {
  valid: [{ name: 'made by a report engine', input: structureContext(pdf(issued)) }],
  invalid: [
    { name: 'issued by a report engine, saved by Acrobat', input: structureContext(pdf({ ...issued, Producer: '(Adobe Acrobat Pro DC 21.1.20135)' })), reasons: ['editing_software.editor_after_issuer'], check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.6) },
    { name: 'produced by an online editor', input: structureContext(pdf({ Producer: '(Sejda \\(www.sejda.com\\))' })), reasons: ['editing_software.editor_producer'] },
    { name: 'an update saved by Foxit', input: structureContext(foxitUpdate), reasons: ['editing_software.editor_after_issuer'] },
    {
      name: 'XMP history with Photoshop edits',
      input: structureContext(pdf(issued, { xmp: xmpPacket({ producer: 'JasperReports Library version 6.20.0', history: [{ action: 'saved', softwareAgent: 'Adobe Photoshop 25.0 (Windows)', when: '2024-02-01T10:00:00+01:00' }] }) })),
      reasons: ['editing_software.xmp_history'],
    },
    {
      name: 'saved in Photoshop after a bespoke system made it, recorded in Producer and XMP history',
      input: structureContext(
        pdf(
          { Producer: '(Adobe Photoshop 25.0 \\(Windows\\))', Creator: '(Symmetry eStatements 9.0)', CreationDate: "(D:20240131080000+01'00')", ModDate: "(D:20240411080000+01'00')" },
          { xmp: xmpPacket({ producer: 'Adobe Photoshop 25.0 (Windows)', creatorTool: 'Symmetry eStatements 9.0', history: [{ action: 'converted', softwareAgent: 'Symmetry eStatements 9.0', when: '2024-01-31T08:00:00+01:00' }, { action: 'saved', softwareAgent: 'Adobe Photoshop 25.0 (Windows)', when: '2024-04-11T08:00:00+01:00' }] }) },
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
      input: structureContext(pdf({ Producer: '(Adobe PDF library 15.00)', Creator: '(Adobe Illustrator CC 23.1 \\(Macintosh\\))' }, { xmp: xmpPacket({ producer: 'Adobe PDF library 15.00', creatorTool: 'Adobe Illustrator CC 23.1 (Macintosh)', history: [{ action: 'saved', softwareAgent: 'Adobe Illustrator CC 23.1 (Macintosh)', when: '2020-06-01T14:09:35-05:00' }] }) })),
      reasons: ['editing_software.design_origin'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.1),
    },
    {
      name: 'an office document saved in Acrobat: the history repeats the producer, not added',
      input: structureContext(pdf({ Producer: '(Adobe Acrobat Pro DC 21.1.20135)', Creator: '(Microsoft\\256 Word for Microsoft 365)' }, { xmp: xmpPacket({ producer: 'Adobe Acrobat Pro DC 21.1.20135', history: [{ action: 'converted', softwareAgent: 'Microsoft Word', when: '2024-01-31T08:00:00+01:00' }, { action: 'saved', softwareAgent: 'Adobe Acrobat Pro DC 21.1.20135', when: '2024-02-01T08:00:00+01:00' }] }) })),
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
