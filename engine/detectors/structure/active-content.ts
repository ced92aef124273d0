/**
 * JavaScript, launch actions, references to other files and embedded files: reported so a reviewer knows the file is more
 * than a document, never executed. XML attachments of e-invoices (ZUGFeRD / Factur-X) are normal.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { PdfFile } from '../../read/pdf/structure/document.js';
import { PdfDict, PdfRef, PdfStream, PdfString } from '../../read/pdf/structure/objects.js';
import { decodePdfText } from '../../read/pdf/structure/text-strings.js';
import { STRENGTH } from '../strengths.js';

const RISKY_EXT = /\.(?:exe|scr|bat|cmd|com|js|jse|vbs|vbe|ps1|jar|msi|dll|hta|lnk|docm|xlsm|pptm|zip|rar|7z)$/i;
const MAX_OBJECTS = 200_000;
/** Actions that name another document, a form server or a data file: followed by a viewer, never by us. */
const OUTSIDE_ACTIONS: ReadonlySet<string> = new Set(['GoToR', 'GoToE', 'SubmitForm', 'ImportData']);

/**
 * What fillable forms do with JavaScript: Acrobat's AF* format / keystroke / validate /
 * calculate helpers and small scripts on `event` and field values. Anything that reaches out
 * (URLs, mail, submit, attachments, other documents) or hides code (eval, unescape,
 * fromCharCode) is not form logic.
 */
const OUTREACH =
  /\b(?:launchURL|getURL|submitForm|mailDoc|mailForm|mailMsg|exportDataObject|importDataObject|openDataObject|openDoc|launch|eval|unescape|fromCharCode|Collab|SOAP|Net\.|media\.|app\.setTimeOut|app\.setInterval|importIcon|ADBC|this\.print|insertPages|replacePages|deletePages|addScript|setAction|setPageAction|security|XMLData)\b/;
const FORM_LOGIC =
  /\bAF[A-Z][A-Za-z]*_[A-Za-z]+\s*\(|\bevent\s*\.\s*(?:value|rc|change|target|willCommit|selStart|selEnd)\b|\bgetField\s*\(|\bthis\s*\.\s*calculateNow\b/;
const MAX_SCRIPT = 20_000;

export function isFormLogic(code: string): boolean {
  const s = code.trim();
  if (!s) return true;
  return s.length <= MAX_SCRIPT && !OUTREACH.test(s) && FORM_LOGIC.test(s);
}

const EMITS = [
  { flag: 'active_content', reasons: ['javascript', 'form_scripts', 'launch_action', 'embedded_file', 'risky_attachment', 'outside_reference'] },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const activeContentDetector = defineDetector({
  meta: {
    id: 'structure/active-content',
    description: 'JavaScript, launch actions and embedded files (reported, never executed).',
    appliesTo: ['pdf'],
    needs: ['pdf', 'pdfFile'],
    emits: EMITS,
  },
  run(ctx: DetectorContext): Found[] {
    if (!ctx.pdf) return [];
    const file = ctx.facts.now('pdfFile');
    if (!file) return [];
    const js: number[] = [];
    const scripts: string[] = [];
    const launch: number[] = [];
    const outside: Array<{ num: number; kind: string }> = [];
    const files: Array<{ num: number; name: string }> = [];
    const nums = file.liveNumbers().slice(0, MAX_OBJECTS);
    for (const num of nums) {
      const v = file.getObject(num);
      const d = v instanceof PdfStream ? v.dict : v instanceof PdfDict ? v : null;
      if (!d) continue;
      const s = d.name('S');
      if (s === 'JavaScript' || d.has('JS')) {
        js.push(num);
        const raw = d.get('JS');
        scripts.push(scriptText(file, file.resolve(raw), raw instanceof PdfRef ? raw.num : num));
      }
      // A launch that opens another PDF is a link between documents (catalogues and manuals on
      // disc link their parts so), which viewers open themselves: an outside reference.
      if (s === 'Launch') {
        if (opensPdfDocument(file, d, num)) outside.push({ num, kind: 'Launch of a PDF document' });
        else launch.push(num);
      }
      // Actions are their own objects or written inline in a link's /A or a field's /AA.
      for (const a of [d, file.dict(d.get('A')), ...[...(file.dict(d.get('AA'))?.map.values() ?? [])].map((x) => file.dict(x))]) {
        const kind = a?.name('S');
        if (kind && OUTSIDE_ACTIONS.has(kind)) outside.push({ num, kind });
      }
      // A stream whose data lives in another file (/F on the stream dictionary).
      if (v instanceof PdfStream && d.has('F')) outside.push({ num, kind: 'external stream' });
      if (d.name('Type') === 'Filespec' && (d.has('EF') || d.has('UF') || d.has('F'))) {
        const nameVal = file.resolve(d.get('UF') ?? d.get('F'));
        const name = nameVal instanceof PdfString ? decodePdfText(file.stringBytes(nameVal, num, 0) ?? nameVal.bytes) : '';
        if (d.has('EF')) files.push({ num, name });
      }
    }
    const findings: Found[] = [];
    if (js.length && scripts.every(isFormLogic)) {
      // Formatting and validation of form fields: what every fillable form carries. Context.
      findings.push({
        flag: 'active_content',
        code: 'active_content.form_scripts',
        summary: `The form carries ${js.length} field script(s) (formatting, validation, calculation; objects ${js.slice(0, 5).join(', ')}), as fillable forms do; not run.`,
        pages: [],
        evidence: { objects: js.slice(0, 50) },
        strength: STRENGTH['active_content.form_scripts'],
      });
    } else if (js.length) {
      findings.push({
        flag: 'active_content',
        code: 'active_content.javascript',
        summary: `The file contains JavaScript (${js.length} action(s), objects ${js.slice(0, 5).join(', ')}); it was not run.`,
        pages: [],
        evidence: { objects: js.slice(0, 50) },
        strength: STRENGTH['active_content.javascript'],
      });
    }
    if (launch.length) {
      findings.push({
        flag: 'active_content',
        code: 'active_content.launch_action',
        summary: `The file contains ${launch.length} launch action(s) that would start another program (objects ${launch.slice(0, 5).join(', ')}).`,
        pages: [],
        evidence: { objects: launch.slice(0, 50) },
        strength: STRENGTH['active_content.launch_action'],
      });
    }
    if (outside.length) {
      const kinds = [...new Set(outside.map((o) => o.kind))];
      findings.push({
        flag: 'active_content',
        code: 'active_content.outside_reference',
        summary: `The file refers to data outside itself (${kinds.join(', ')}; objects ${outside
          .slice(0, 5)
          .map((o) => o.num)
          .join(', ')}); not followed.`,
        pages: [],
        evidence: { objects: outside.slice(0, 50).map((o) => o.num), actions: kinds },
        strength: STRENGTH['active_content.outside_reference'],
      });
    }
    const risky = files.filter((f) => RISKY_EXT.test(f.name));
    if (risky.length) {
      findings.push({
        flag: 'active_content',
        code: 'active_content.risky_attachment',
        summary: `The file carries executable or archive attachment(s): ${risky
          .map((f) => f.name)
          .slice(0, 5)
          .join(', ')}.`,
        pages: [],
        evidence: { objects: risky.map((f) => f.num), files: risky.map((f) => f.name) },
        strength: STRENGTH['active_content.risky_attachment'],
      });
    }
    const plain = files.filter((f) => !RISKY_EXT.test(f.name));
    if (plain.length) {
      const xmlOnly = plain.every((f) => /\.xml$/i.test(f.name));
      findings.push({
        flag: 'active_content',
        code: 'active_content.embedded_file',
        summary: `The file carries ${plain.length} embedded file(s): ${plain
          .map((f) => f.name || `object ${f.num}`)
          .slice(0, 5)
          .join(', ')}${xmlOnly ? ' (XML data, as e-invoices carry)' : ''}.`,
        pages: [],
        evidence: { objects: plain.map((f) => f.num), files: plain.map((f) => f.name) },
        strength: xmlOnly ? STRENGTH['active_content.embedded_file'].xmlOnly : STRENGTH['active_content.embedded_file'].other,
      });
    }
    return findings;
  },
});

/**
 * A launch action whose target is a PDF file named plainly (no platform-specific /Win, /Mac or
 * /Unix launch parameters): the viewer opens the document. A program, a script, or any target
 * given launch parameters is still a launch.
 */
function opensPdfDocument(file: PdfFile, action: PdfDict, num: number): boolean {
  if (action.has('Win') || action.has('Mac') || action.has('Unix')) return false;
  const target = file.resolve(action.get('F'));
  const spec = target instanceof PdfDict ? file.resolve(target.get('UF') ?? target.get('F')) : target;
  if (!(spec instanceof PdfString)) return false;
  const name = decodePdfText(file.stringBytes(spec, num, 0) ?? spec.bytes).trim();
  return /\.pdf$/i.test(name);
}

function scriptText(file: PdfFile, v: unknown, num: number): string {
  let bytes: Uint8Array | null = null;
  if (v instanceof PdfString) bytes = file.stringBytes(v, num, 0) ?? v.bytes;
  else if (v instanceof PdfStream) bytes = file.streamData(v, num, 0);
  if (!bytes) return 'unreadable';
  // UTF-16BE text strings carry a BOM; otherwise Latin-1 reads every script that matters here.
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodePdfText(bytes);
  return new TextDecoder('latin1').decode(bytes.subarray(0, MAX_SCRIPT + 1));
}
