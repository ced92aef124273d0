import { expect } from 'vitest';
import { activeContentDetector } from '../../../../engine/detectors/structure/active-content.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import { STATEMENT_LINES, buildRawPdf } from '../../read/pdf/structure/fixtures.js';
import { statement } from '../../read/pdf/structure/updates.js';
import { actionDocuments } from '../../side-effects/documents.js';

const actionDoc = (name: string) => actionDocuments().find((d) => d.name.startsWith(name))!.bytes;

const withExtras = (catalogExtra: string, extraObjects: Record<number, string>) =>
  buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], catalogExtra, extraObjects });
const js = withExtras('/OpenAction 20 0 R', { 20: '<< /S /JavaScript /JS (app.alert\\(1\\)) >>' });
// A fillable form: Acrobat's number formatting and a calculated total, as field actions.
const formJs = withExtras('/AcroForm << /Fields [] >>', {
  20: '<< /S /JavaScript /JS (AFNumber_Format\\(2, 0, 0, 0, "", true\\);) >>',
  21: '<< /S /JavaScript /JS (AFSimple_Calculate\\("SUM", new Array \\("a", "b"\\)\\);) >>',
  22: '<< /S /JavaScript /JS (if \\(event.value > 100\\) { app.alert\\("Too much"\\); event.rc = false; }) >>',
});
const reachingOut = withExtras('/AcroForm << /Fields [] >>', {
  20: '<< /S /JavaScript /JS (AFNumber_Format\\(2\\); this.submitForm\\("http://x.example/"\\);) >>',
});
const launch = withExtras('/OpenAction 20 0 R', { 20: '<< /S /Launch /F (cmd.exe) >>' });
// A catalogue's link to its next part, as InDesign exports it: a launch of a PDF named by a file specification.
const launchPdf = withExtras('/OpenAction 20 0 R', { 20: '<< /S /Launch /F 21 0 R >>', 21: '<< /Type /Filespec /F (01100HA.pdf) >>' });
// The same document named, but started through the Windows launch parameters (a command line).
const launchPdfWin = withExtras('/OpenAction 20 0 R', { 20: '<< /S /Launch /Win << /F (cmd.exe) /P (/c start 01100HA.pdf) >> /F (01100HA.pdf) >>' });
const attachment = (name: string) =>
  withExtras('/Names << /EmbeddedFiles << /Names [(f) 21 0 R] >> >>', {
    21: `<< /Type /Filespec /F (${name}) /UF (${name}) /EF << /F 22 0 R >> >>`,
    22: '<< /Type /EmbeddedFile /Length 4 >>\nstream\nMZ..\nendstream',
  });

testDetector(activeContentDetector, {
  valid: [
    { name: 'a plain statement', input: structureContext(statement()) },
    { name: 'a web link (URI), as statements carry', input: structureContext(actionDoc('URI')) },
  ],
  invalid: [
    { name: 'JavaScript open action', input: structureContext(js), reasons: ['active_content.javascript'] },
    {
      name: 'a link to another document (GoToR), reported not followed',
      input: structureContext(actionDoc('GoToR')),
      reasons: ['active_content.outside_reference'],
      check: (f) => expect(f[0].evidence.actions).toEqual(['GoToR']),
    },
    {
      name: 'a stream whose data lives in another file',
      input: structureContext(actionDoc('an external stream')),
      reasons: ['active_content.outside_reference'],
    },
    {
      name: 'SubmitForm and ImportData inline in field actions',
      input: structureContext(actionDoc('SubmitForm')),
      reasons: ['active_content.outside_reference'],
      check: (f) => expect(f[0].evidence.actions).toEqual(expect.arrayContaining(['SubmitForm', 'ImportData'])),
    },
    {
      name: 'form field scripts only (context, never past clear)',
      input: structureContext(formJs),
      reasons: ['active_content.form_scripts'],
      check: (f) => expect(f[0].strength).toBeLessThan(0.08),
    },
    {
      name: 'a launch that opens another PDF document: a link between documents, context',
      input: structureContext(launchPdf),
      reasons: ['active_content.outside_reference'],
      check: (f) => expect(f[0].evidence.actions).toEqual(['Launch of a PDF document']),
    },
    {
      name: 'a PDF started through Windows launch parameters is still a launch',
      input: structureContext(launchPdfWin),
      reasons: ['active_content.launch_action'],
    },
    { name: 'form script that submits data', input: structureContext(reachingOut), reasons: ['active_content.javascript'] },
    { name: 'a launch action', input: structureContext(launch), reasons: ['active_content.launch_action'] },
    { name: 'an executable attachment', input: structureContext(attachment('invoice.exe')), reasons: ['active_content.risky_attachment'] },
    {
      name: 'an XML attachment (e-invoice), weak',
      input: structureContext(attachment('factur-x.xml')),
      reasons: ['active_content.embedded_file'],
      check: (f) =>
        f.every((x) => x.strength <= 0.1) ||
        (() => {
          throw new Error('too strong');
        })(),
    },
  ],
});
