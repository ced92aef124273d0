import { useId, useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.js';
import { DOC_TYPES, OUTCOMES, type DocType, type OutcomeGuidance, type Rule, type RuleInput, type RulePreview } from '../api/contract.js';
import { humanize } from '../lib/format.js';
import { describeDelta, OUTCOME_HELP, parseDelta } from '../lib/rules.js';
import { useInbox } from '../state/inbox.js';
import { useApi } from '../state/session.js';

interface Props {
  rule: Rule | null;
  onSaved(rule: Rule): void;
  onCancel(): void;
}

const VARIABLES = 'document, extracted, flags, flag_codes, risk_score, mode, text';

export function RuleEditor({ rule, onSaved, onCancel }: Props) {
  const api = useApi();
  const id = useId();
  const [title, setTitle] = useState(rule?.title ?? '');
  const [condition, setCondition] = useState(rule?.condition ?? '');
  const [guidance, setGuidance] = useState(rule?.guidance ?? '');
  const [outcome, setOutcome] = useState<OutcomeGuidance>(rule?.outcome_guidance ?? 'ADVISORY');
  const [delta, setDelta] = useState(String(rule?.score_delta ?? 0));
  const [types, setTypes] = useState<DocType[]>(rule?.document_types ?? []);
  const [conditionError, setConditionError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byId = useInbox((s) => s.byId);
  const order = useInbox((s) => s.order);
  const completed = useMemo(
    () =>
      order
        .map((i) => byId[i])
        .filter((c) => c?.status === 'completed')
        .slice(0, 50),
    [byId, order],
  );
  const [previewCheck, setPreviewCheck] = useState('');
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const deltaValue = parseDelta(delta);

  const failWith = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'invalid_condition') setConditionError(err.message);
    else setFormError((err as Error).message);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setConditionError(null);
    setFormError(null);
    if (deltaValue === null) return setFormError('Score delta must be a whole number from -100 to 100.');
    const input: RuleInput = {
      title: title.trim(),
      condition,
      guidance: guidance.trim() || null,
      outcome_guidance: outcome,
      score_delta: deltaValue,
      document_types: types.length ? types : null,
      status: rule?.status ?? 'active',
    };
    if (!input.guidance) delete input.guidance;
    if (!input.document_types) delete input.document_types;
    setBusy(true);
    try {
      onSaved(
        rule
          ? await api.updateRule(rule.id, { ...input, guidance: input.guidance ?? '', document_types: input.document_types ?? [] })
          : await api.createRule(input),
      );
    } catch (err) {
      failWith(err);
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setConditionError(null);
    setPreview(null);
    try {
      setPreview(await api.previewRule(previewCheck || completed[0].id, condition));
    } catch (err) {
      failWith(err);
    }
  };

  return (
    <form className="card rule-editor" onSubmit={save} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{rule ? `Edit “${rule.title}”` : 'New rule'}</h2>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-cond`}>Condition (CEL)</label>
        <textarea
          id={`${id}-cond`}
          className="mono"
          rows={3}
          value={condition}
          onChange={(e) => {
            setCondition(e.target.value);
            setConditionError(null);
            setPreview(null);
          }}
          required
          spellCheck={false}
          aria-invalid={conditionError ? true : undefined}
          aria-describedby={`${id}-cond-help${conditionError ? ` ${id}-cond-err` : ''}`}
          placeholder={'"incremental_edit" in flag_codes && extracted.doc_type == "bank_statement"'}
        />
        <p id={`${id}-cond-help`} className="muted small">
          Variables: <code>{VARIABLES}</code>. Example: <code>risk_score &gt;= 50 &amp;&amp; "editing_software" in flag_codes</code>
        </p>
        {conditionError && (
          <p id={`${id}-cond-err`} className="field-error" role="alert" data-testid="condition-error">
            {conditionError}
          </p>
        )}
      </div>
      <div className="preview-row">
        <label htmlFor={`${id}-pc`}>Test against</label>
        <select id={`${id}-pc`} value={previewCheck} onChange={(e) => setPreviewCheck(e.target.value)} disabled={completed.length === 0}>
          {completed.length === 0 && <option value="">No completed checks yet</option>}
          {completed.map((c) => (
            <option key={c.id} value={c.id}>
              {c.document.filename} ({humanize(c.decision)}, {c.risk_score})
            </option>
          ))}
        </select>
        <button type="button" onClick={() => void test()} disabled={completed.length === 0 || !condition.trim()}>
          Test this condition
        </button>
      </div>
      {preview && (
        <p role="status" className={preview.matched ? 'preview matched' : 'preview'} data-testid="rule-preview">
          {preview.evaluation_error
            ? `The condition could not be evaluated on this check: ${preview.evaluation_error}`
            : preview.matched
              ? `Fires on this check. ${preview.reasoning ?? ''}`
              : `Does not fire on this check (engine score before rules: ${preview.risk_score}).`}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-guid`}>Guidance for reviewers (optional)</label>
        <textarea id={`${id}-guid`} rows={2} value={guidance} onChange={(e) => setGuidance(e.target.value)} />
      </div>
      <div className="two-col">
        <div className="field">
          <label htmlFor={`${id}-out`}>Outcome</label>
          <select id={`${id}-out`} value={outcome} onChange={(e) => setOutcome(e.target.value as OutcomeGuidance)} aria-describedby={`${id}-out-help`}>
            {OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
          <p id={`${id}-out-help`} className="muted small">
            {OUTCOME_HELP[outcome]}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-delta`}>Score delta</label>
          <input
            id={`${id}-delta`}
            type="number"
            min={-100}
            max={100}
            step={1}
            value={delta}
            onChange={(e) => setDelta(e.target.value)}
            aria-describedby={`${id}-delta-help`}
          />
          <p id={`${id}-delta-help`} className="muted small">
            {deltaValue === null ? 'A whole number from -100 to 100.' : describeDelta(deltaValue)}
          </p>
        </div>
      </div>
      <fieldset className="types">
        <legend>Document types (none ticked: all types)</legend>
        {DOC_TYPES.map((t) => (
          <label key={t}>
            <input type="checkbox" checked={types.includes(t)} onChange={(e) => setTypes(e.target.checked ? [...types, t] : types.filter((x) => x !== t))} />{' '}
            {humanize(t)}
          </label>
        ))}
      </fieldset>
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save rule'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
