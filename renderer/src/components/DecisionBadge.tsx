import type { DocumentCheck } from '../api/contract.js';
import { humanize } from '../lib/format.js';

/** Text plus colour, never colour alone. */
export function DecisionBadge({ check }: { check: Pick<DocumentCheck, 'status' | 'decision'> }) {
  if (check.status === 'processing') {
    return (
      <span className="badge badge-processing">
        <span className="spinner" aria-hidden="true" /> Analysing
      </span>
    );
  }
  if (check.status === 'failed') return <span className="badge badge-failed">Failed</span>;
  const d = check.decision ?? 'clear';
  return <span className={`badge badge-${d}`}>{humanize(d)}</span>;
}
