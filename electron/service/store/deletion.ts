/**
 * Deleting a check (DELETE /api/v1/document-checks/{id}/ and retention): the check row, its
 * stored analysis, its feedback and its webhook outbox rows go in one transaction with the audit
 * event; the stored file goes too unless another check (or a submit in progress) shares it.
 *
 * Webhook outbox rows are deleted, delivered or pending: a pending delivery would send the
 * deleted check's data to a receiver after the workspace was told to forget it, and a delivered
 * row's body is a copy of that data. A delivery already on the wire finishes; its result is
 * then recorded against nothing.
 */
import { rmSync } from 'node:fs';
import { LibraryStore } from '../library/store.js';
import type { Store } from './index.js';

export type DeletionReason = 'request' | 'retention';

/** false when no such check. */
export function deleteCheck(store: Store, id: string, actor: string | null, reason: DeletionReason): boolean {
  const { db } = store;
  let removeFile: string | null = null;
  const deleted = store.audit.record(
    actor,
    () => {
      const row = db.prepare('SELECT sha256, status FROM checks WHERE id = ?').get(id) as { sha256: string; status: string } | undefined;
      if (!row) return null;
      db.prepare('DELETE FROM feedback WHERE check_id = ?').run(id);
      db.prepare('DELETE FROM webhook_outbox WHERE check_id = ?').run(id);
      // The library forgets it: no later comparison or `related` list cites a deleted check.
      new LibraryStore(db).remove(id);
      db.prepare('DELETE FROM checks WHERE id = ?').run(id);
      const shared = db.prepare('SELECT 1 FROM checks WHERE sha256 = ? LIMIT 1').get(row.sha256) !== undefined;
      let fileDeleted = false;
      if (!shared && !store.uploads.isHeld(row.sha256)) {
        db.prepare('DELETE FROM uploads WHERE sha256 = ?').run(row.sha256);
        db.prepare('DELETE FROM uploads_deleted WHERE sha256 = ?').run(row.sha256);
        removeFile = store.uploads.pathFor(row.sha256);
        fileDeleted = true;
      }
      return { status: row.status, fileDeleted };
    },
    (r) => (r ? { action: 'document_check.deleted', target_id: id, details: { reason, status: r.status, file_deleted: r.fileDeleted } } : null),
  );
  // After the commit: a rolled-back deletion must not have lost the file.
  if (removeFile) rmSync(removeFile, { force: true });
  return deleted !== null;
}
