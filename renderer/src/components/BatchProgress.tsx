import { batchLine } from '../lib/batch.js';
import { useInbox } from '../state/inbox.js';

/** The bar over the inbox while a batch runs and after: counts that add up, and what was skipped. */
export function BatchProgress() {
  const batch = useInbox((s) => s.batch);
  const byId = useInbox((s) => s.byId);
  // One file needs no bar (its row says it all), unless files of the same drop were skipped.
  if (!batch || (batch.total < 2 && batch.skipped.length === 0)) return null;
  const line = batchLine(batch, byId);
  return (
    <div className="batch" role="status" aria-live="polite" data-testid="batch">
      <span>{line.headline}</span>
      {batch.total > 0 && <progress max={line.total} value={line.settled} aria-label="Batch progress" />}
      {line.failed && <span className="field-error">{line.failed}</span>}
      {line.skipped && (
        <span className="batch-skipped" title={batch.skipped.join('\n')} data-testid="batch-skipped">
          {line.skipped}
        </span>
      )}
    </div>
  );
}
