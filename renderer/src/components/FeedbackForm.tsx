import { useId, useState, type FormEvent } from 'react';
import { DECISIONS, type Decision, type DocumentCheck } from '../api/contract.js';
import { humanize } from '../lib/format.js';
import { useApi } from '../state/session.js';

export function FeedbackForm({ check }: { check: DocumentCheck }) {
  const api = useApi();
  const id = useId();
  const [rating, setRating] = useState<'agree' | 'disagree'>('agree');
  const [subject, setSubject] = useState('');
  const [corrected, setCorrected] = useState<Decision | ''>('');
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      await api.sendFeedback(check.id, {
        rating,
        ...(subject ? { flag_code: subject } : {}),
        ...(rating === 'disagree' && corrected && !subject ? { corrected_decision: corrected } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      setStatus({ ok: true, text: 'Thank you: feedback recorded.' });
      setReason('');
    } catch (err) {
      setStatus({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="feedback" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="visually-hidden">
        Feedback
      </h3>
      <div className="field">
        <label htmlFor={`${id}-subject`}>About</label>
        <select id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)}>
          <option value="">The verdict ({humanize(check.decision)})</option>
          {check.flags.map((f) => (
            <option key={f.code} value={f.code}>
              Flag: {f.title}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="radio-row">
        <legend>Your view</legend>
        {(['agree', 'disagree'] as const).map((r) => (
          <label key={r}>
            <input type="radio" name={`${id}-rating`} value={r} checked={rating === r} onChange={() => setRating(r)} /> {humanize(r)}
          </label>
        ))}
      </fieldset>
      {rating === 'disagree' && !subject && (
        <div className="field">
          <label htmlFor={`${id}-corrected`}>Correct decision</label>
          <select id={`${id}-corrected`} value={corrected} onChange={(e) => setCorrected(e.target.value as Decision | '')}>
            <option value="">Not sure</option>
            {DECISIONS.map((d) => (
              <option key={d} value={d}>
                {humanize(d)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason (optional)</label>
        <textarea id={`${id}-reason`} rows={3} maxLength={5000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send feedback'}
      </button>
      {status && (
        <p role="status" className={status.ok ? 'ok' : 'field-error'}>
          {status.text}
        </p>
      )}
    </form>
  );
}
