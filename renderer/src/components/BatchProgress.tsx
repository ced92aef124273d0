import { batchProgress, useInbox } from '../state/inbox.js';

export function BatchProgress() {
  const batch = useInbox((s) => s.batch);
  const byId = useInbox((s) => s.byId);
  if (!batch || batch.total < 2) return null;
  const { settled, total } = batchProgress(batch, byId);
  const done = settled >= total;
  return (
    <div className="batch" role="status" aria-live="polite">
      <span>{done ? `Batch done: ${total} documents checked` : `Checking ${settled} of ${total} documents…`}</span>
      <progress max={total} value={settled} aria-label="Batch progress" />
      {batch.failedUploads > 0 && <span className="field-error">{batch.failedUploads} could not be uploaded</span>}
    </div>
  );
}
