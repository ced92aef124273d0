/**
 * JavaScript, launch actions and embedded files: reported so a reviewer knows the file is more
 * than a document, never executed. XML attachments of e-invoices (ZUGFeRD / Factur-X) are normal.
 */
import type { DetectorContext } from '../context.js';
import { defineDetector } from '../detect/types.js';
import { PdfDict, PdfStream, PdfString } from '../pdf/structure/objects.js';
import { decodePdfText } from '../pdf/structure/text-strings.js';
import type { Finding } from '../types.js';

const RISKY_EXT = /\.(?:exe|scr|bat|cmd|com|js|jse|vbs|vbe|ps1|jar|msi|dll|hta|lnk|docm|xlsm|pptm|zip|rar|7z)$/i;
const MAX_OBJECTS = 200_000;

export const activeContentDetector = defineDetector({
  meta: {
    id: 'structure/active-content',
    description: 'JavaScript, launch actions and embedded files (reported, never executed).',
    appliesTo: ['pdf'],
    emits: [{ flag: 'active_content', reasons: ['javascript', 'launch_action', 'embedded_file', 'risky_attachment'] }],
  },
  run(ctx: DetectorContext): Finding[] {
    if (!ctx.pdf) return [];
    const file = ctx.facts.now('pdfFile');
    if (!file) return [];
    const js: number[] = [];
    const launch: number[] = [];
    const files: Array<{ num: number; name: string }> = [];
    const nums = file.liveNumbers().slice(0, MAX_OBJECTS);
    for (const num of nums) {
      const v = file.getObject(num);
      const d = v instanceof PdfStream ? v.dict : v instanceof PdfDict ? v : null;
      if (!d) continue;
      const s = d.name('S');
      if (s === 'JavaScript' || d.has('JS')) js.push(num);
      if (s === 'Launch') launch.push(num);
      if (d.name('Type') === 'Filespec' && (d.has('EF') || d.has('UF') || d.has('F'))) {
        const nameVal = file.resolve(d.get('UF') ?? d.get('F'));
        const name = nameVal instanceof PdfString ? decodePdfText(file.stringBytes(nameVal, num, 0) ?? nameVal.bytes) : '';
        if (d.has('EF')) files.push({ num, name });
      }
    }
    const findings: Finding[] = [];
    if (js.length) {
      findings.push({ flag: 'active_content', code: 'active_content.javascript', summary: `The file contains JavaScript (${js.length} action(s), objects ${js.slice(0, 5).join(', ')}); it was not run.`, pages: [], evidence: { objects: js.slice(0, 50) }, strength: 0.2 });
    }
    if (launch.length) {
      findings.push({ flag: 'active_content', code: 'active_content.launch_action', summary: `The file contains ${launch.length} launch action(s) that would start another program (objects ${launch.slice(0, 5).join(', ')}).`, pages: [], evidence: { objects: launch.slice(0, 50) }, strength: 0.5 });
    }
    const risky = files.filter((f) => RISKY_EXT.test(f.name));
    if (risky.length) {
      findings.push({ flag: 'active_content', code: 'active_content.risky_attachment', summary: `The file carries executable or archive attachment(s): ${risky.map((f) => f.name).slice(0, 5).join(', ')}.`, pages: [], evidence: { objects: risky.map((f) => f.num), files: risky.map((f) => f.name) }, strength: 0.5 });
    }
    const plain = files.filter((f) => !RISKY_EXT.test(f.name));
    if (plain.length) {
      const xmlOnly = plain.every((f) => /\.xml$/i.test(f.name));
      findings.push({ flag: 'active_content', code: 'active_content.embedded_file', summary: `The file carries ${plain.length} embedded file(s): ${plain.map((f) => f.name || `object ${f.num}`).slice(0, 5).join(', ')}${xmlOnly ? ' (XML data, as e-invoices carry)' : ''}.`, pages: [], evidence: { objects: plain.map((f) => f.num), files: plain.map((f) => f.name) }, strength: xmlOnly ? 0.05 : 0.15 });
    }
    return findings;
  },
});

