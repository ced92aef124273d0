/**
 * A digital signature covers the file up to the end of its /ByteRange. Updates after it are
 * allowed for form filling, annotations and further signatures, so a signature can still verify
 * while the pages show something else. What the first signed revision showed is compared with
 * what the final file shows (engine/read/pdf/structure/signed-view.ts): the page drawing
 * something else, content prepared invisible before signing that now shows (shadow attacks), and
 * fields or comments painted over signed text are evidence; the updates signing allows are said
 * to be benign. Where that comparison could not be made, the kind of each later revision decides.
 */
import type { DetectorContext } from '../../facts/context.js';
import type { RevisionSummary, SignedViewDiff } from '../../types.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';
import { judgeChanges, type JudgedChange, type Verdict } from './signed-view-judge.js';

const EMITS = [
  {
    flag: 'signature_invalidated',
    reasons: [
      'content_after_signature',
      'shadow_prepared',
      'overlay_after_signature',
      'change_not_permitted',
      'unsigned_update_after_signature',
      'permitted_after_signature',
    ],
  },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;
type Code = Found['code'];

type Signature = NonNullable<RevisionSummary['signatures']>[number] & { writtenIn: number };

const CODE_OF: Record<Verdict, Code> = {
  prepared: 'signature_invalidated.shadow_prepared',
  page_changed: 'signature_invalidated.content_after_signature',
  over_signed_text: 'signature_invalidated.overlay_after_signature',
  not_permitted: 'signature_invalidated.change_not_permitted',
  permitted: 'signature_invalidated.permitted_after_signature',
};

export const signatureInvalidatedDetector = defineDetector({
  meta: {
    id: 'structure/signature-invalidated',
    description:
      'What a signed document shows changed by updates written after the signature (shadow and incremental saving attacks); updates signing allows are noted as benign.',
    appliesTo: ['pdf'],
    needs: ['revisions'],
    emits: EMITS,
  },
  run(ctx: DetectorContext): Found[] {
    const sigs: Signature[] = ctx.revisions.flatMap((r) => (r.signatures ?? []).map((s) => ({ ...s, writtenIn: r.number })));
    // The earliest signature that covers a complete revision decides what "after signing" is. A
    // usage-rights signature (Reader extensions) enables form filling; it approves no content.
    const covering = sigs.filter((s) => s.coversRevision !== null && !s.usageRights).sort((a, b) => a.coversRevision! - b.coversRevision!)[0];
    if (!covering) return [];
    const view = ctx.revisions.find((r) => r.afterSigning)?.afterSigning;
    const docMdp = sigs.reduce<number | undefined>((p, s) => (s.docMdp === undefined ? p : Math.min(p ?? 3, s.docMdp)), undefined);
    const fromView = view ? viewFindings(view, covering, docMdp) : [];
    const visibleChange = fromView.some((f) => f.strength > STRENGTH['signature_invalidated.permitted_after_signature']);
    return [...fromView, ...revisionFindings(ctx.revisions, covering, view !== undefined, visibleChange)];
  },
});

function signedBy(s: Signature): string {
  return s.signer ? ` by ${s.signer}` : '';
}

/** One finding per verdict and page: the evidence holds what the signer saw and what shows now. */
function viewFindings(view: SignedViewDiff, sig: Signature, docMdp: number | undefined): Found[] {
  const groups = new Map<string, JudgedChange[]>();
  for (const j of judgeChanges(view, docMdp)) {
    const key = j.verdict === 'permitted' ? 'permitted' : `${j.verdict}:${j.change.page}`;
    groups.set(key, [...(groups.get(key) ?? []), j]);
  }
  const findings: Found[] = [];
  for (const group of groups.values()) {
    const { verdict, change, why } = group[0];
    const code = CODE_OF[verdict];
    const pages = [...new Set(group.map((j) => j.change.page))].sort((a, b) => a - b);
    const annotations = [...new Set(group.flatMap((j) => j.change.annotations ?? []))];
    const images = group.reduce((n, j) => n + (j.change.images ? j.change.images.added + j.change.images.removed : 0), 0);
    const shown = change.after ? `now shows "${change.after}"` : '';
    const gone = change.before ? `${shown ? ' where it showed' : 'no longer shows'} "${change.before}"` : '';
    const pictures = images ? `${shown || gone ? '; ' : ''}${images} picture(s) appeared or went` : '';
    findings.push({
      flag: 'signature_invalidated',
      code,
      summary:
        verdict === 'permitted'
          ? `After the signature${signedBy(sig)} (revision ${view.signedRevision}), only updates signing allows: ${[...new Set(group.map((j) => j.why))].join('; ')}.`
          : `Page ${change.page} ${shown}${gone}${pictures}, changed after the document was signed${signedBy(sig)} (signature object ${sig.object} covers revision ${view.signedRevision} of ${view.finalRevision}): ${why}.`,
      pages,
      evidence: {
        page: change.page,
        ...(change.bbox ? { bbox: change.bbox } : {}),
        revision: view.finalRevision,
        revisions: [view.signedRevision, view.finalRevision],
        objects: [sig.object, ...annotations, ...view.pageObjects].slice(0, 24),
        before: change.before,
        after: change.after,
        ...(change.prepared ? { prepared: change.prepared } : {}),
        ...(docMdp !== undefined ? { docMdp } : {}),
        ...(verdict === 'permitted' ? { permitted: group.map((j) => ({ page: j.change.page, source: j.change.source, after: j.change.after })) } : {}),
      },
      strength: STRENGTH[code],
    });
  }
  return findings;
}

/**
 * Later revisions judged by what they touched. With the visible comparison made, a content edit
 * that changed nothing visible is reported as an unsigned update rather than as changed content.
 */
function revisionFindings(revisions: RevisionSummary[], sig: Signature, viewMade: boolean, visibleChange: boolean): Found[] {
  const findings: Found[] = [];
  for (const r of revisions) {
    if (r.number <= sig.coversRevision!) continue;
    if (r.kind === 'content_edit' && !viewMade) {
      const diff = r.textDiff?.find((d) => d.before !== d.after);
      findings.push({
        flag: 'signature_invalidated',
        code: 'signature_invalidated.content_after_signature',
        summary: `Revision ${r.number} changed page content (page(s) ${r.changedPages.join(', ')}) after the document was signed${signedBy(sig)} (signature object ${sig.object} covers up to revision ${sig.coversRevision}).`,
        pages: r.changedPages,
        evidence: {
          revision: r.number,
          revisions: [sig.coversRevision!, r.number],
          objects: [sig.object, ...r.changed.slice(0, 20)],
          ...(diff ? { page: diff.page, bbox: diff.bbox, before: diff.before, after: diff.after } : {}),
        },
        strength: STRENGTH['signature_invalidated.content_after_signature'],
      });
    } else if (!visibleChange && (r.kind === 'content_edit' || (r.kind === 'other' && (r.pageChanges ?? []).some((c) => c.resources)))) {
      findings.push({
        flag: 'signature_invalidated',
        code: 'signature_invalidated.unsigned_update_after_signature',
        summary: `Revision ${r.number}, written after the signature, changed ${r.kind === 'content_edit' ? 'the content' : 'resources'} of page(s) ${r.changedPages.join(', ')}${viewMade ? ', with nothing visible changed' : ''}.`,
        pages: r.changedPages,
        evidence: { revision: r.number, revisions: [sig.coversRevision!, r.number], objects: [sig.object, ...r.changed.slice(0, 20)] },
        strength: STRENGTH['signature_invalidated.unsigned_update_after_signature'],
      });
    }
  }
  return findings;
}
