/**
 * Irregularities in how the file is put together: cross-references that had to be repaired,
 * object numbers defined twice inside one revision, objects in the body that no cross-reference
 * lists (left-overs of an edit), xref sections not reachable from startxref, data after the end.
 * Weak on their own: broken writers exist, but genuine issuing systems rarely produce these.
 * Also what the work budgets left out (decompression, image and content bombs): budget-findings.ts.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';
import { BUDGET_CODES, budgetFindings } from './budget-findings.js';
import { thresholdValues, type Threshold } from '../thresholds.js';

const THRESHOLDS = {
  trailingBytes: { value: 32, why: 'Writers pad the end with a few bytes; more than this after the last %%EOF is appended data.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

const EMITS = [
  {
    flag: 'structural_anomaly',
    reasons: ['xref_repaired', 'duplicate_object', 'unlisted_objects', 'unlinked_section', 'generation_numbers', 'trailing_data', ...BUDGET_CODES],
  },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const structuralAnomalyDetector = defineDetector({
  meta: {
    id: 'structure/structural-anomaly',
    description:
      'Repaired cross-references, duplicate or unlisted objects, unlinked xref sections, odd generations, trailing data; streams, images and pages refused by the work budgets.',
    appliesTo: ['pdf'],
    needs: ['budgeted', 'pdf', 'pdfFile'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    const pdf = ctx.pdf;
    if (!pdf) return [];
    const file = ctx.facts.now('pdfFile');
    if (!file) return [];
    const findings: Found[] = [];
    findings.push(...budgetFindings(ctx.facts.now('budgeted')));
    const reconstructed = pdf.revisions.some((r) => r.xrefKind === 'reconstructed');
    if (pdf.repairs.length) {
      findings.push({
        flag: 'structural_anomaly',
        code: 'structural_anomaly.xref_repaired',
        summary: `The cross-reference data is broken and had to be repaired (${pdf.repairs.slice(0, 3).join('; ')}${pdf.repairs.length > 3 ? '; …' : ''}).`,
        pages: [],
        evidence: { repairs: pdf.repairs.slice(0, 20) },
        strength: STRENGTH['structural_anomaly.xref_repaired'],
      });
    }
    // Per revision segment: the same number defined twice, and definitions no xref section lists.
    const listed = new Set(pdf.revisions.flatMap((r) => r.entries.filter((e) => e.type === 'n').map((e) => `${e.num}@${e.offset}`)));
    const listedNums = new Set(pdf.revisions.flatMap((r) => r.entries.map((e) => e.num)));
    const ends = pdf.revisions.map((r) => r.endOffset).sort((a, b) => a - b);
    const dupes: number[] = [];
    const unlisted: number[] = [];
    const seen = new Map<string, number>();
    // An interim index's xref stream shares its number with the live one by design (interim-sections.ts).
    const interimAt = new Set(file.interim.map((s) => s.offset));
    for (const o of file.scan.objects) {
      if (interimAt.has(o.offset)) continue;
      const seg = ends.findIndex((e) => o.offset < e);
      const key = `${seg}:${o.num}`;
      if (seen.has(key)) dupes.push(o.num);
      seen.set(key, o.offset);
      const exact = listed.has(`${o.num}@${o.offset}`) || listed.has(`${o.num}@${o.offset - file.headerOffset}`);
      if (!exact && !reconstructed && !listedNums.has(o.num)) unlisted.push(o.num);
    }
    if (dupes.length && !reconstructed) {
      findings.push({
        flag: 'structural_anomaly',
        code: 'structural_anomaly.duplicate_object',
        summary: `Object number(s) ${[...new Set(dupes)].slice(0, 10).join(', ')} are defined more than once within one revision, without an update that redefines them.`,
        pages: [],
        evidence: { objects: [...new Set(dupes)].slice(0, 50) },
        strength: STRENGTH['structural_anomaly.duplicate_object'],
      });
    }
    if (unlisted.length) {
      findings.push({
        flag: 'structural_anomaly',
        code: 'structural_anomaly.unlisted_objects',
        summary: `${unlisted.length} object(s) in the file body (e.g. ${unlisted.slice(0, 5).join(', ')}) are listed by no cross-reference section: left-overs of an earlier version or an edit.`,
        pages: [],
        evidence: { objects: unlisted.slice(0, 50) },
        strength: STRENGTH['structural_anomaly.unlisted_objects'],
      });
    }
    if (file.unlinked.length && !reconstructed) {
      findings.push({
        flag: 'structural_anomaly',
        code: 'structural_anomaly.unlinked_section',
        summary: `${file.unlinked.length} cross-reference section(s) (at offset ${file.unlinked.map((s) => s.offset).join(', ')}) are not reachable from startxref: an earlier version was left in the file without being chained.`,
        pages: [],
        evidence: { offsets: file.unlinked.map((s) => s.offset) },
        strength: STRENGTH['structural_anomaly.unlinked_section'],
      });
    }
    const original = pdf.revisions.find((r) => !r.isLinearizationSection);
    const oddGen = original?.entries.filter((e) => e.type === 'n' && e.gen > 0 && e.gen < 65535) ?? [];
    if (oddGen.length && pdf.revisions.length === 1) {
      findings.push({
        flag: 'structural_anomaly',
        code: 'structural_anomaly.generation_numbers',
        summary: `${oddGen.length} object(s) carry non-zero generation numbers in a file with a single revision: numbers were reused after deletion by a tool that rewrote the file.`,
        pages: [],
        evidence: { objects: oddGen.slice(0, 50).map((e) => e.num) },
        strength: STRENGTH['structural_anomaly.generation_numbers'],
      });
    }
    const lastEnd = Math.max(...pdf.revisions.map((r) => r.endOffset));
    const tail = Buffer.from(ctx.bytes.subarray(lastEnd)).toString('latin1');
    if (tail.replace(/[\s\0]/g, '').length > T.trailingBytes) {
      findings.push({
        flag: 'structural_anomaly',
        code: 'structural_anomaly.trailing_data',
        summary: `${ctx.bytes.length - lastEnd} bytes follow the last %%EOF: data appended outside the PDF structure.`,
        pages: [],
        evidence: { offset: lastEnd, bytes: ctx.bytes.length - lastEnd },
        strength: STRENGTH['structural_anomaly.trailing_data'],
      });
    }
    return findings;
  },
});
