/**
 * Statements carrying every kind of action a PDF can ask a viewer to take outside itself, each
 * naming a host, path or program that exists nowhere, so that any attempt to follow one shows up
 * by name in the watchers of test/engine/side-effects/probe.ts.
 */
import { STATEMENT_LINES, buildRawPdf, contentFor, rawLayout } from '../read/pdf/structure/fixtures.js';

/** Names no analysis may resolve, connect to, open or run. */
export const MARKERS = {
  host: 'veracity-side-effect.invalid',
  path: '/veracity-side-effect-missing/never-here',
  program: 'veracity-side-effect-program',
} as const;

const L = rawLayout(1);
const A = L.firstFree;
const url = (what: string) => `http://${MARKERS.host}/${what}`;
const file = (what: string) => `${MARKERS.path}/${what}`;
const stream = (dict: string, body: string) => `<< ${dict} /Length ${body.length} >>\nstream\n${body}\nendstream`;

interface ActionDoc {
  name: string;
  bytes: Uint8Array;
  /** Reason codes of active_content the analysis must report for it (none for plain links). */
  reports: string[];
}

/** A statement whose catalog, page and a form field carry the given actions. */
function carrying(objects: Record<number, string>, opts: { catalog?: string; annots?: number[] } = {}): Uint8Array {
  const annots = opts.annots?.length ? `/Annots [${opts.annots.map((n) => `${n} 0 R`).join(' ')}]` : undefined;
  return buildRawPdf({ pages: [{ lines: STATEMENT_LINES, extra: annots }], catalogExtra: opts.catalog, extraObjects: objects });
}

const link = (action: string) => `<< /Type /Annot /Subtype /Link /Rect [72 560 300 580] /Border [0 0 0] /A ${action} /P ${L.page(0)} 0 R >>`;

export function actionDocuments(): ActionDoc[] {
  const js = `app.launchURL("${url('js')}"); this.submitForm("${url('submit-js')}"); app.openDoc("${file('js.pdf')}");`;
  return [
    {
      name: 'URI on a link',
      bytes: carrying({ [A]: link(`<< /S /URI /URI (${url('uri')}) >>`) }, { annots: [A] }),
      reports: [],
    },
    {
      name: 'Launch with /F and /Win',
      bytes: carrying(
        { [A]: `<< /S /Launch /F (${file(MARKERS.program)}) /Win << /F (C:\\\\${MARKERS.program}.exe) /P (--now) /O /open >> >>` },
        { catalog: `/OpenAction ${A} 0 R` },
      ),
      reports: ['active_content.launch_action'],
    },
    {
      name: 'GoToR to another document',
      bytes: carrying({ [A]: link(`<< /S /GoToR /F (${file('remote.pdf')}) /D [0 /Fit] /NewWindow true >>`) }, { annots: [A] }),
      reports: ['active_content.outside_reference'],
    },
    {
      name: 'GoToE into an embedded or outside document',
      bytes: carrying(
        { [A]: link(`<< /S /GoToE /F << /Type /Filespec /F (${file('embedded-target.pdf')}) >> /D [0 /Fit] /T << /R /C /N (inner) >> >>`) },
        { annots: [A] },
      ),
      reports: ['active_content.outside_reference'],
    },
    {
      name: 'SubmitForm and ImportData with FDF and XFDF targets',
      bytes: carrying(
        {
          [A]: `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (Send) /Rect [72 100 172 120] /P ${L.page(0)} 0 R /A << /S /SubmitForm /F << /FS /URL /F (${url('submit.fdf')}) >> /Flags 32 >> /AA << /U << /S /ImportData /F (${file('data.xfdf')}) >> >> >>`,
          [A + 1]: `<< /Fields [${A} 0 R] >>`,
          [A + 2]: `<< /S /ImportData /F << /Type /Filespec /F (${file('import.fdf')}) >> >>`,
        },
        { catalog: `/AcroForm ${A + 1} 0 R /OpenAction ${A + 2} 0 R`, annots: [A] },
      ),
      reports: ['active_content.outside_reference'],
    },
    {
      name: 'JavaScript: document-level, OpenAction and a field action',
      bytes: carrying(
        {
          [A]: `<< /Names [(init) ${A + 1} 0 R] >>`,
          [A + 1]: `<< /S /JavaScript /JS (${js}) >>`,
          [A + 2]: `<< /S /JavaScript /JS ${A + 3} 0 R >>`,
          [A + 3]: stream('', `var n = "${MARKERS.host}"; app.launchURL("http://" + n + "/open");`),
          [A + 4]:
            `<< /Type /Annot /Subtype /Widget /FT /Tx /T (Amount) /Rect [300 500 500 520] /P ${L.page(0)} 0 R /AA << /K << /S /JavaScript /JS (app.launchURL("${url('keystroke')}");) >> /Fo << /S /JavaScript /JS (app.openDoc("${file('focus.pdf')}");) >> >> >>`,
          [A + 5]: `<< /Fields [${A + 4} 0 R] >>`,
        },
        { catalog: `/Names << /JavaScript ${A} 0 R >> /OpenAction ${A + 2} 0 R /AcroForm ${A + 5} 0 R`, annots: [A + 4] },
      ),
      reports: ['active_content.javascript'],
    },
    {
      name: 'an external stream (/F on the stream dictionary) drawn as an image',
      bytes: carrying({
        [L.page(0)]:
          `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >> /XObject << /Ext ${A} 0 R >> >> /Contents ${L.content(0)} 0 R >>`,
        [L.content(0)]: stream('', `${contentFor(STATEMENT_LINES)}\nq 40 0 0 40 400 700 cm /Ext Do Q`),
        [A]: `<< /Type /XObject /Subtype /Image /Width 10 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8 /F (${file('pixels.raw')}) /FFilter /FlateDecode /Length 0 >>\nstream\n\nendstream`,
      }),
      reports: ['active_content.outside_reference'],
    },
  ];
}
