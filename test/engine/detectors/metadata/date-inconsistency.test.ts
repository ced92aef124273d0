import { expect } from 'vitest';
import { STRENGTH } from '../../../../engine/detectors/strengths.js';
import { dateInconsistencyDetector } from '../../../../engine/detectors/metadata/date-inconsistency.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { STATEMENT_LINES, buildRawPdf, xmpPacket, type RawPdfOptions } from '../../read/pdf/structure/fixtures.js';

const NOW = '2024-06-01T00:00:00Z';
const base = { Producer: '(wkhtmltopdf 0.12.6)', Creator: '(wkhtmltopdf 0.12.6)' };
const pdf = (dates: RawPdfOptions['info']) => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], info: { ...base, ...dates } });

testDetector(dateInconsistencyDetector, {
  valid: [
    {
      name: 'created and modified together',
      input: structureContext(pdf({ CreationDate: "(D:20240301093000+02'00')", ModDate: "(D:20240301093000+02'00')" }), NOW),
    },
    {
      // PyMuPDF's test_4224.pdf (a Brother scanner): summer time on the modification only, pending 40 before.
      name: 'wall clocks minutes apart and in order, the zone labelled differently on each stamp',
      input: structureContext(pdf({ CreationDate: "(D:20150424163928+01'00')", ModDate: "(D:20150424164256+02'00')" }), NOW),
    },
    {
      // OpenPDF's PdfFormGlyphLayoutManager.pdf: LibreOffice's XMP pair, a new Info CreationDate and no Info ModDate.
      name: "Info's creation date beside XMP's modification: two copies, not one writer's order",
      input: structureContext(
        buildRawPdf({
          pages: [{ lines: STATEMENT_LINES }],
          info: { ...base, CreationDate: "(D:20240311224346+01'00')" },
          xmp: xmpPacket({ producer: 'wkhtmltopdf 0.12.6', createDate: '2024-03-11T22:38:21+01:00', modifyDate: '2024-03-11T22:38:21+01:00' }),
        }),
        NOW,
      ),
    },
    {
      name: 'modified a week after creation, same zone',
      input: structureContext(pdf({ CreationDate: "(D:20240301093000+02'00')", ModDate: "(D:20240308110000+02'00')" }), NOW),
    },
  ],
  invalid: [
    {
      name: 'zones labelled differently and the wall clocks out of order too',
      input: structureContext(pdf({ CreationDate: "(D:20150424163928+01'00')", ModDate: "(D:20150424161500+02'00')" }), NOW),
      reasons: ['date_inconsistency.modified_before_created'],
    },
    {
      name: "Info's own two stamps out of order, whatever XMP says",
      input: structureContext(
        buildRawPdf({
          pages: [{ lines: STATEMENT_LINES }],
          info: { ...base, CreationDate: "(D:20240311224346+01'00')", ModDate: "(D:20240311203821+01'00')" },
          xmp: xmpPacket({ producer: 'wkhtmltopdf 0.12.6', createDate: '2024-03-11T22:38:21+01:00', modifyDate: '2024-03-11T22:38:21+01:00' }),
        }),
        NOW,
      ),
      reasons: ['date_inconsistency.modified_before_created'],
    },
    {
      name: 'modified three hours before it was created (typed, not skew)',
      input: structureContext(pdf({ CreationDate: "(D:20240301093000+02'00')", ModDate: "(D:20240301063000+02'00')" }), NOW),
      reasons: ['date_inconsistency.modified_before_created'],
      check: (f) => {
        expect(f[0].strength).toBe(STRENGTH['date_inconsistency.modified_before_created'].hours);
        // Dates for people in the summary, the raw value in evidence.
        expect(f[0].summary).toContain('(1 Mar 2024 06:30 +02:00) 3 hours before it was created (1 Mar 2024 09:30 +02:00)');
        expect(f[0].summary).not.toContain('D:');
        expect(f[0].evidence).toMatchObject({ before: "D:20240301093000+02'00'", after: "D:20240301063000+02'00'" });
      },
    },
    {
      name: 'created two days after the time of analysis (within drift of a month: near)',
      input: structureContext(pdf({ CreationDate: "(D:20240603093000+02'00')", ModDate: "(D:20240603093000+02'00')" }), NOW),
      reasons: ['date_inconsistency.future_date'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['date_inconsistency.future_date'].near),
    },
    {
      name: 'the whole file rewritten by a library eight months after it was made',
      input: structureContext(
        buildRawPdf({
          pages: [{ lines: STATEMENT_LINES }],
          info: { Producer: '(pdf-lib)', Creator: '(pdf-lib)', CreationDate: "(D:20230901093000+02'00')", ModDate: "(D:20240502120000+02'00')" },
        }),
        NOW,
        { doc_type: 'bank_statement' },
      ),
      reasons: ['date_inconsistency.rewritten_long_after'],
      check: (f) => {
        expect(f[0].summary).toContain('(1 Sep 2023 09:30 +02:00 -> 2 May 2024 12:00 +02:00)');
        expect(f[0].evidence).toMatchObject({ before: "D:20230901093000+02'00'" });
      },
    },
  ],
});
