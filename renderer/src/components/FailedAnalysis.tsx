import type { DocumentCheck } from '../api/contract.js';
import { failureAccount } from '../lib/failure.js';

/** In place of the flags of a failed check: that nothing was checked, why, and what to do. */
export function FailedAnalysis({ error }: { error: DocumentCheck['error'] }) {
  const account = failureAccount(error);
  return (
    <div className="failed-analysis" role="alert" data-testid="failed-analysis">
      <p>
        <strong>{account.headline}</strong>
      </p>
      <p className="small">
        Why: <span className="mono">{account.why}</span>
      </p>
      <p className="small">What to do: {account.next}</p>
    </div>
  );
}
