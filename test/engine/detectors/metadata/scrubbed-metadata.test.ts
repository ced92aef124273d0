import { expect } from 'vitest';
import { STRENGTH } from '../../../../engine/detectors/strengths.js';
import { scrubbedMetadataDetector } from '../../../../engine/detectors/metadata/scrubbed-metadata.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { STATEMENT_LINES, buildRawPdf, xmpPacket, type RawPdfOptions } from '../../read/pdf/structure/fixtures.js';

const pdf = (info: RawPdfOptions['info'], extra: Partial<RawPdfOptions> = {}) => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], info, ...extra });
/** The context with the doc type extraction read from the page. */
const asStatement = (bytes: Uint8Array) => async () => {
  const ctx = await structureContext(bytes)();
  ctx.extracted.doc_type = 'bank_statement';
  return ctx;
};
const dated = { CreationDate: "(D:20240131080000+01'00')", ModDate: "(D:20240131080000+01'00')" };

testDetector(scrubbedMetadataDetector, {
  valid: [
    {
      name: 'Info and XMP both written by the issuing system',
      input: structureContext(
        pdf({ Producer: '(SAP NetWeaver 7.5)', ...dated }, { xmp: xmpPacket({ producer: 'SAP NetWeaver 7.5', createDate: '2024-01-31T08:00:00+01:00' }) }),
      ),
    },
    {
      name: 'a word processor export with its dates',
      input: structureContext(pdf({ Producer: '(Microsoft® Word for Microsoft 365)', Creator: '(Microsoft® Word for Microsoft 365)', ...dated })),
    },
    {
      name: 'a Google Sheets export: its writer names itself in Creator and never writes a Producer',
      input: structureContext(pdf({ Title: '(Invoice1)', Creator: '(Google Sheets)' })),
    },
  ],
  invalid: [
    {
      name: 'no Info and no XMP, the document ID kept',
      input: structureContext(pdf(null)),
      reasons: ['scrubbed_metadata.no_metadata'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['scrubbed_metadata.no_metadata'].withId),
    },
    {
      name: 'no Info, no XMP and no document ID',
      input: structureContext(pdf(null, { id: false })),
      reasons: ['scrubbed_metadata.no_metadata'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['scrubbed_metadata.no_metadata'].noId),
    },
    {
      name: 'a bank statement with no Info, no XMP and no document ID: its issuing system would stamp them',
      input: asStatement(pdf(null, { id: false })),
      reasons: ['scrubbed_metadata.no_metadata'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['scrubbed_metadata.no_metadata'].noIdIssued),
    },
    {
      name: 'dates kept, Producer and Creator gone',
      input: structureContext(pdf({ Title: '(Invoice 2024-118)', ...dated, Creator: '(LibreOffice Writer)' })),
      reasons: ['scrubbed_metadata.producer_removed'],
    },
    {
      name: 'Google Docs writes its Skia renderer as Producer: a Docs Creator without it lost the entry',
      input: structureContext(pdf({ Title: '(Invoice 2024-118)', ...dated, Creator: '(Google Docs)' })),
      reasons: ['scrubbed_metadata.producer_removed'],
    },
  ],
});
