import type { DocumentCheck, TriggeredRule } from '../api/contract.js';
import { RULES_NOT_RUN } from '../lib/failure.js';
import { OUTCOME_HELP } from '../lib/rules.js';

/** The workspace rules that fired; on a check whose analysis failed or has not ended, why there are none. */
export function TriggeredRules({ rules, status }: { rules: TriggeredRule[]; status: DocumentCheck['status'] }) {
  if (status === 'failed') return <p className="muted">{RULES_NOT_RUN}</p>;
  if (status === 'processing') return <p className="muted">Rules run when the analysis completes.</p>;
  if (rules.length === 0) return <p className="muted">No workspace rule fired on this document.</p>;
  return (
    <ul className="triggered">
      {rules.map((r) => (
        <li key={r.id}>
          <strong>{r.title}</strong>{' '}
          <span className={`outcome outcome-${r.outcome_guidance}`} title={OUTCOME_HELP[r.outcome_guidance]}>
            {r.outcome_guidance}
          </span>{' '}
          <span className="muted small">{r.score_delta > 0 ? `+${r.score_delta}` : r.score_delta} points</span>
          <p className="small">{r.reasoning}</p>
        </li>
      ))}
    </ul>
  );
}
