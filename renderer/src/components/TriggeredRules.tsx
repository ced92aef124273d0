import type { TriggeredRule } from '../api/contract.js';
import { OUTCOME_HELP } from '../lib/rules.js';

export function TriggeredRules({ rules }: { rules: TriggeredRule[] }) {
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
