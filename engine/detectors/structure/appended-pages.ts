/**
 * Pages a document's own writer appended to its output in the sitting that made it. Writers add
 * to a file they have just written with an incremental update: FileMaker's "Save Records as PDF"
 * with "Append to existing PDF" (one second after the first pages), Acrobat's Insert Pages while
 * the author assembles the document (minutes after PDFMaker or Distiller made it). Such an update
 * only adds pages after the last one, leaves every page already there as it was, and stamps its
 * own Info with the same Producer and Creator, dated a short time after the revision before it. A
 * forger's page comes with the issued document already in hand: days after it was made, or in
 * another program's update, or between or in place of the issuer's pages; those keep their weight.
 */
import { parsePdfDate } from '../../kit/dates.js';
import type { RevisionSummary } from '../../types.js';
import { thresholdValues, type Threshold } from '../thresholds.js';

export const APPENDED_THRESHOLDS = {
  appendSessionMinutes: {
    value: 60,
    why: "A writer appends to its own output in the sitting that made it (FileMaker's Append to existing PDF: 1 s; Acrobat's Insert Pages while assembling: 2-5 min on the public corpus); an issued document reaches a forger days later.",
  },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(APPENDED_THRESHOLDS);

/** Minutes between the revision before and this one, when the update appended pages in the same writer's sitting; null otherwise. */
export function appendedInSession(r: RevisionSummary, revisions: readonly RevisionSummary[]): number | null {
  const added = r.pagesAdded;
  const changes = r.pageChanges ?? [];
  if (!added || !changes.length || r.pagesRemoved) return null;
  // Only new pages, all after the pages the document had: nothing already there was touched.
  if (!changes.every((c) => c.inserted && c.page > added.before) || changes.length !== added.after - added.before) return null;
  // The update wrote its own Info (so its stamp is the update's), naming the writer of the revision before.
  if (!r.objectRoles?.info?.length) return null;
  const prev = revisions.filter((p) => p.number < r.number && (p.producer || p.creator)).pop();
  if (!prev || (prev.producer ?? '') !== (r.producer ?? '') || (prev.creator ?? '') !== (r.creator ?? '')) return null;
  const before = prev.modDate ? parsePdfDate(prev.modDate) : null;
  const after = r.modDate ? parsePdfDate(r.modDate) : null;
  if (!before || !after) return null;
  const minutes = (after.date.getTime() - before.date.getTime()) / 60_000;
  // Its own stamp, later than the one before: an Info copied over unchanged dates nothing.
  return minutes > 0 && minutes <= T.appendSessionMinutes ? minutes : null;
}
