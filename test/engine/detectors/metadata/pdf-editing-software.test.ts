import { expect } from 'vitest';
import { STRENGTH } from '../../../../engine/detectors/strengths.js';
import { pdfEditingSoftwareDetector } from '../../../../engine/detectors/metadata/pdf-editing-software.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { STATEMENT_LINES, buildRawPdf, type RawPdfOptions } from '../../read/pdf/structure/fixtures.js';

const dated = { CreationDate: "(D:20240131080000+01'00')", ModDate: "(D:20240131080000+01'00')" };
const pdf = (info: RawPdfOptions['info']) => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], info: { ...dated, ...info } });

testDetector(pdfEditingSoftwareDetector, {
  valid: [
    {
      name: 'a payroll system writing its own PDF',
      input: structureContext(pdf({ Producer: '(JasperReports Library version 6.20.0)', Creator: '(JasperReports)' })),
    },
    { name: 'a billing application written out by a PDF library', input: structureContext(pdf({ Producer: '(iText 7.2.5)', Creator: '(Billing 4.2)' })) },
  ],
  invalid: [
    {
      // govdocs1 files in PDFBox's tests (PDFBOX-3038, PDFBOX-3062): editor_after_issuer, pending 55 before.
      name: "Corel's PDF engine writing what Corel's print server sent it: an office suite's output, context",
      input: structureContext(pdf({ Producer: '(Corel PDF Engine Version 10.719)', Creator: '(Print Server 100)' })),
      reasons: ['low_trust_origin.consumer_software'],
      check: (f) => expect(f[0].strength).toBeLessThanOrEqual(0.1),
    },
    {
      // PDFBox's test_pagelabels.pdf: editor_after_issuer ("created by Acrobat Editor 8.0 but last saved by Adobe Acrobat") before.
      name: 'Acrobat saving a document it made from a blank page (Creator "Acrobat Editor"): one program, no issuer before it',
      input: structureContext(pdf({ Producer: '(Adobe Acrobat 8.1.6)', Creator: '(Acrobat Editor 8.0)' })),
      reasons: ['editing_software.editor_producer'],
    },
    {
      name: 'Acrobat saving over what an issuing system created',
      input: structureContext(pdf({ Producer: '(Adobe Acrobat 8.1.6)', Creator: '(SAP NetWeaver 7.5)' })),
      reasons: ['editing_software.editor_after_issuer'],
    },
    {
      name: 'CorelDRAW saving over what an issuing system created',
      input: structureContext(pdf({ Producer: '(CorelDRAW 2019 (Corel PDF Engine))', Creator: '(SAP NetWeaver 7.5)' })),
      reasons: ['editing_software.editor_after_issuer'],
    },
    {
      name: 'an online editor saving over what another program created',
      input: structureContext(pdf({ Producer: '(Sejda PDF Editor)', Creator: '(Writer)' })),
      reasons: ['editing_software.editor_after_issuer'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['editing_software.editor_after_issuer'].otherCreator),
    },
    {
      // PyMuPDF's and unstructured's test files cut from larger documents (7 of 7 iLovePDF files
      // in the public corpus carry only this stamp): pending 50 on it alone before.
      name: "iLovePDF's lone stamp: the file went through its page tools, low weight",
      input: structureContext(pdf({ Producer: '(iLovePDF)' })),
      reasons: ['editing_software.editor_producer'],
      check: (f) => {
        expect(f[0].strength).toBe(STRENGTH['editing_software.editor_producer'].onlinePageTool);
        expect(f[0].strength).toBeLessThan(0.4);
        expect(f[0].summary).toContain('no longer recorded');
      },
    },
    {
      name: 'iLovePDF saving over what an issuing system created still names the edit',
      input: structureContext(pdf({ Producer: '(iLovePDF)', Creator: '(SAP NetWeaver 7.5)' })),
      reasons: ['editing_software.editor_after_issuer'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['editing_software.editor_after_issuer'].issuerCreator),
    },
    {
      name: 'an online editor that names its editor keeps its weight alone',
      input: structureContext(pdf({ Producer: '(Sejda PDF Editor 7.6.4)' })),
      reasons: ['editing_software.editor_producer'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['editing_software.editor_producer'].onlineOrImageEditor),
    },
  ],
});
