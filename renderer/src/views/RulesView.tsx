import { useState } from 'react';
import type { Rule } from '../api/contract.js';
import { RuleEditor } from '../components/RuleEditor.js';
import { useLoad } from '../hooks/useLoad.js';
import { humanize } from '../lib/format.js';
import { OUTCOME_HELP } from '../lib/rules.js';
import { useApi } from '../state/session.js';

export function RulesView() {
  const api = useApi();
  const rules = useLoad(() => api.listRules(), [api]);
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      rules.reload();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <section aria-labelledby="rules-h">
      <div className="page-head">
        <h1 id="rules-h">Rules</h1>
        <p className="muted">Rules apply to documents analysed after a change; completed checks keep their verdicts.</p>
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing('new')} disabled={editing !== null}>
            New rule
          </button>
        </div>
      </div>
      {editing && (
        <RuleEditor
          key={editing === 'new' ? 'new' : editing.id}
          rule={editing === 'new' ? null : editing}
          onSaved={() => {
            setEditing(null);
            rules.reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {rules.error && (
        <p className="field-error" role="alert">
          {rules.error}
        </p>
      )}
      {rules.data && rules.data.data.length === 0 && <p className="muted">No rules yet.</p>}
      {rules.data && rules.data.data.length > 0 && (
        <table className="table">
          <caption className="visually-hidden">Workspace rules</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Condition</th>
              <th scope="col">Outcome</th>
              <th scope="col">Delta</th>
              <th scope="col">Types</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.data.data.map((r) => (
              <tr key={r.id} className={r.status === 'disabled' ? 'dim' : undefined}>
                <th scope="row">{r.title}</th>
                <td>
                  <code className="cond">{r.condition}</code>
                </td>
                <td>
                  <span className={`outcome outcome-${r.outcome_guidance}`} title={OUTCOME_HELP[r.outcome_guidance]}>
                    {r.outcome_guidance}
                  </span>
                </td>
                <td>{r.score_delta > 0 ? `+${r.score_delta}` : r.score_delta}</td>
                <td>{r.document_types?.length ? r.document_types.map(humanize).join(', ') : 'All'}</td>
                <td>{humanize(r.status)}</td>
                <td className="row-actions">
                  <button type="button" onClick={() => setEditing(r)} aria-label={`Edit ${r.title}`}>
                    Edit
                  </button>
                  <button
                    type="button"
                    onClick={() => void act(() => api.updateRule(r.id, { status: r.status === 'active' ? 'disabled' : 'active' }))}
                    aria-label={`${r.status === 'active' ? 'Disable' : 'Enable'} ${r.title}`}
                  >
                    {r.status === 'active' ? 'Disable' : 'Enable'}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => window.confirm(`Delete the rule “${r.title}”?`) && void act(() => api.deleteRule(r.id))}
                    aria-label={`Delete ${r.title}`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
