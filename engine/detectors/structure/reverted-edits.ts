/**
 * Edits a later update took back. Test and sample files (pdf.js's issue9713) and working copies
 * saved in an editor often carry an update that adds or changes a line and a later one that
 * restores it: each update on its own reads as a content edit, but the document shows what it
 * showed when first issued. Judged on the text diff of every content-edit revision together:
 * per page, each line added must be taken out again and each line taken out put back.
 */
import type { RevisionSummary } from '../../types.js';

/** Revision numbers whose text edits all cancel out, or null when any edit stands. */
export function revertedEdits(revisions: readonly RevisionSummary[]): Set<number> | null {
  const edits = revisions.filter((r) => r.kind === 'content_edit');
  if (edits.length < 2) return null;
  const net = new Map<string, number>();
  const bump = (page: number, line: string, by: number) => {
    const t = line.replace(/\s+/g, ' ').trim();
    if (!t) return;
    const key = `${page}\u0000${t}`;
    net.set(key, (net.get(key) ?? 0) + by);
  };
  for (const r of edits) {
    // An edit that is not (only) text (an image, a page added, a drawing) cannot be seen to cancel.
    if (!r.textDiff?.length || (r.pageChanges ?? []).some((c) => c.inserted || (c.xobjects && !c.contents))) return null;
    for (const d of r.textDiff) {
      bump(d.page, d.lineBefore ?? d.before, -1);
      bump(d.page, d.lineAfter ?? d.after, +1);
    }
  }
  return [...net.values()].every((n) => n === 0) ? new Set(edits.map((r) => r.number)) : null;
}
