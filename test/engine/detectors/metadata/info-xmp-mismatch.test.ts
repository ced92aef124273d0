import { expect } from 'vitest';
import { infoXmpMismatchDetector } from '../../../../engine/detectors/metadata/info-xmp-mismatch.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { STATEMENT_LINES, buildRawPdf, xmpPacket } from '../../read/pdf/structure/fixtures.js';

const info = { Producer: '(PDFlib+PDI 9.3.1)', Creator: '(Billing 4.2)', CreationDate: "(D:20240229120000+01'00')", ModDate: "(D:20240229120000+01'00')" };
const xmp = (fields: Parameters<typeof xmpPacket>[0]) =>
  xmpPacket({
    producer: 'PDFlib+PDI 9.3.1',
    creatorTool: 'Billing 4.2',
    createDate: '2024-02-29T12:00:00+01:00',
    modifyDate: '2024-02-29T12:00:00+01:00',
    ...fields,
  });
/**
 * A value as Ghostscript-based printers (Bullzip, PDFCreator) copy a DOCINFO string into XMP: the
 * PDF-source spelling of its UTF-16BE bytes, byte-order mark first (`\376\377\000B\000u...`).
 */
const asPdfString = (text: string) =>
  '\\376\\377' +
  [...Buffer.from(text, 'utf16le').swap16()]
    .map((b) => (b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : '\\' + b.toString(8).padStart(3, '0')))
    .join('');
const pdf = (x: string) => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], info, xmp: x });

/** The file written again by a processing tool (pdfcpu 0.1.25): its name and one moment in Info, the source's Creator and XMP kept. */
const resaved = (infoOverrides: Record<string, string>, xmpFields: Parameters<typeof xmpPacket>[0] = {}) =>
  buildRawPdf({
    pages: [{ lines: STATEMENT_LINES }],
    info: { ...info, Producer: '(pdfcpu v0.1.25 dev)', CreationDate: "(D:20240710102728+02'00')", ModDate: "(D:20240710102728+02'00')", ...infoOverrides },
    xmp: xmp(xmpFields),
  });
const strengthOf = (findings: ReadonlyArray<{ code: string; strength: number }>, code: string) => findings.find((f) => f.code === code)?.strength ?? 0;

testDetector(infoXmpMismatchDetector, {
  valid: [
    { name: 'Info and XMP tell the same story', input: structureContext(pdf(xmp({}))) },
    { name: 'XMP spells the same producer as a UTF-16 PDF string (Bullzip)', input: structureContext(pdf(xmp({ producer: asPdfString('PDFlib+PDI 9.3.1') }))) },
    { name: 'XMP dates a minute apart from Info (rounding)', input: structureContext(pdf(xmp({ createDate: '2024-02-29T12:01:00+01:00' }))) },
  ],
  invalid: [
    { name: 'XMP names another producer', input: structureContext(pdf(xmp({ producer: 'Nitro Pro 13' }))), reasons: ['metadata_mismatch.producer'] },
    {
      name: 'XMP spells another producer as a UTF-16 PDF string',
      input: structureContext(pdf(xmp({ producer: asPdfString('Nitro Pro 13') }))),
      reasons: ['metadata_mismatch.producer'],
    },
    {
      // pdfcpu's test files: suspicious 70-73 on the three mismatches before.
      name: 'a processing tool wrote the file again: its Info stamp makes the dates context, the producer stays',
      input: structureContext(resaved({})),
      reasons: ['metadata_mismatch.producer', 'metadata_mismatch.creation_date', 'metadata_mismatch.modification_date'],
      check: (findings) => {
        expect(strengthOf(findings, 'metadata_mismatch.producer')).toBeGreaterThanOrEqual(0.3);
        expect(strengthOf(findings, 'metadata_mismatch.creation_date')).toBeLessThanOrEqual(0.1);
        expect(strengthOf(findings, 'metadata_mismatch.modification_date')).toBeLessThanOrEqual(0.1);
      },
    },
    {
      name: 'the same stamp over another authoring story (XMP names another Creator): the creation date counts',
      input: structureContext(resaved({}, { creatorTool: 'Microsoft Word for Microsoft 365' })),
      reasons: ['metadata_mismatch.producer', 'metadata_mismatch.creator_tool', 'metadata_mismatch.creation_date', 'metadata_mismatch.modification_date'],
      check: (findings) => expect(strengthOf(findings, 'metadata_mismatch.creation_date')).toBeGreaterThanOrEqual(0.5),
    },
    {
      name: 'Info created apart from its modification: two stories, the creation date counts',
      input: structureContext(resaved({ CreationDate: "(D:20240320090000+01'00')" })),
      reasons: ['metadata_mismatch.producer', 'metadata_mismatch.creation_date', 'metadata_mismatch.modification_date'],
      check: (findings) => expect(strengthOf(findings, 'metadata_mismatch.creation_date')).toBeGreaterThanOrEqual(0.5),
    },
    {
      name: 'XMP modified a week after Info says',
      input: structureContext(pdf(xmp({ modifyDate: '2024-03-07T09:30:00+01:00' }))),
      reasons: ['metadata_mismatch.modification_date'],
    },
  ],
});
