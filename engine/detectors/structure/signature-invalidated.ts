/**
 * A digital signature covers the file up to the end of its /ByteRange. Updates after it are
 * allowed for form filling, annotations and further signatures; an update that changes page
 * content after signing means the signed document is no longer what is shown.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';

const EMITS = [{ flag: 'signature_invalidated', reasons: ['content_after_signature', 'unsigned_update_after_signature'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const signatureInvalidatedDetector = defineDetector({
  meta: {
    id: 'structure/signature-invalidated',
    description: 'Page content changed by an update written after a digital signature.',
    appliesTo: ['pdf'],
    needs: ['revisions'],
    emits: EMITS,
  },
  run(ctx: DetectorContext): Found[] {
    const findings: Found[] = [];
    const sigs = ctx.revisions.flatMap((r) => (r.signatures ?? []).map((s) => ({ ...s, writtenIn: r.number })));
    if (!sigs.length) return [];
    // The earliest signature that covers a complete revision decides what "after signing" is.
    const covering = sigs.filter((s) => s.coversRevision !== null).sort((a, b) => a.coversRevision! - b.coversRevision!)[0];
    if (!covering) return [];
    for (const r of ctx.revisions) {
      if (r.number <= covering.coversRevision!) continue;
      if (r.kind === 'content_edit') {
        const diff = r.textDiff?.find((d) => d.before !== d.after);
        findings.push({
          flag: 'signature_invalidated',
          code: 'signature_invalidated.content_after_signature',
          summary: `Revision ${r.number} changed page content (page(s) ${r.changedPages.join(', ')}) after the document was signed${covering.signer ? ` by ${covering.signer}` : ''} (signature object ${covering.object} covers up to revision ${covering.coversRevision}).`,
          pages: r.changedPages,
          evidence: {
            revision: r.number,
            revisions: [covering.coversRevision!, r.number],
            objects: [covering.object, ...r.changed.slice(0, 20)],
            ...(diff ? { page: diff.page, bbox: diff.bbox, before: diff.before, after: diff.after } : {}),
          },
          strength: STRENGTH['signature_invalidated.content_after_signature'],
        });
      } else if (r.kind === 'other' && (r.pageChanges ?? []).some((c) => c.resources)) {
        findings.push({
          flag: 'signature_invalidated',
          code: 'signature_invalidated.unsigned_update_after_signature',
          summary: `Revision ${r.number}, written after the signature, changed resources used by page(s) ${r.changedPages.join(', ')}.`,
          pages: r.changedPages,
          evidence: { revision: r.number, revisions: [covering.coversRevision!, r.number], objects: [covering.object] },
          strength: STRENGTH['signature_invalidated.unsigned_update_after_signature'],
        });
      }
    }
    return findings;
  },
});
