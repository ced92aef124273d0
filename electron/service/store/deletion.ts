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
import type { Store } from './index.js';

export type DeletionReason = 'request' | 'retention';

/** false when no such check. */
export async function deleteCheck(store: Store, id: string, actor: string | null, reason: DeletionReason): Promise<boolean> {
  let removeFile: string | null = null;
  const deleted = await store.audited(
    actor,
    async (tx) => {
      const { sql } = tx;
      const row = await sql.get<{ sha256: string; status: string }>('SELECT sha256, status FROM checks WHERE id = ?', [id]);
      if (!row) return null;
      await sql.run('DELETE FROM feedback WHERE check_id = ?', [id]);
      await sql.run('DELETE FROM webhook_outbox WHERE check_id = ?', [id]);
      // The library forgets it: no later comparison or `related` list cites a deleted check.
      await tx.library.remove(id);
      await sql.run('DELETE FROM checks WHERE id = ?', [id]);
      const shared = (await sql.get('SELECT 1 AS one FROM checks WHERE sha256 = ? LIMIT 1', [row.sha256])) !== undefined;
      let fileDeleted = false;
      if (!shared && !store.uploads.isHeld(row.sha256)) {
        await sql.run('DELETE FROM uploads WHERE sha256 = ?', [row.sha256]);
        await sql.run('DELETE FROM uploads_deleted WHERE sha256 = ?', [row.sha256]);
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
