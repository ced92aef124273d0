import { useEffect, useMemo, useState } from 'react';
import type { Thresholds } from '../api/contract.js';
import { useLoad } from '../hooks/useLoad.js';
import { bandsOf, decisionChanges, decisionForScore, histogram, thresholdsAreValid } from '../lib/bands.js';
import { humanize } from '../lib/format.js';
import { useApi } from '../state/session.js';

const BUCKET = 5;
const CUTS: Array<{ key: keyof Thresholds; label: string }> = [
  { key: 'pending_below', label: 'Pending from' },
  { key: 'suspicious_below', label: 'Suspicious from' },
  { key: 'fraudulent_below', label: 'Fraudulent from' },
];

export function ThresholdsView() {
  const api = useApi();
  const saved = useLoad(() => api.getThresholds(), [api]);
  const scores = useLoad(() => api.recentScores(1000), [api]);
  const about = useLoad(() => api.about(), [api]);
  const [draft, setDraft] = useState<Thresholds | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (saved.data)
      setDraft({ pending_below: saved.data.pending_below, suspicious_below: saved.data.suspicious_below, fraudulent_below: saved.data.fraudulent_below });
  }, [saved.data]);

  const values = useMemo(() => scores.data?.data.map((p) => p.risk_score) ?? [], [scores.data]);
  const buckets = useMemo(() => histogram(values, BUCKET), [values]);
  if (!draft || !saved.data) return <p className="muted">{saved.error ?? 'Loading…'}</p>;

  const valid = thresholdsAreValid(draft);
  const change = decisionChanges(values, saved.data, draft);
  const max = Math.max(1, ...buckets);
  const dirty = CUTS.some((c) => draft[c.key] !== saved.data![c.key]);

  const set = (key: keyof Thresholds, v: number) => {
    setStatus(null);
    setDraft({ ...draft, [key]: Math.round(v) });
  };
  const save = async () => {
    try {
      await api.setThresholds(draft);
      setStatus({ ok: true, text: 'Saved. New analyses use these cut lines; past checks keep theirs.' });
      saved.reload();
    } catch (err) {
      setStatus({ ok: false, text: (err as Error).message });
    }
  };

  return (
    <section aria-labelledby="th-h" className="thresholds">
      <div className="page-head">
        <h1 id="th-h">Thresholds</h1>
        <p className="muted">
          Three cut lines turn a risk score into a decision. Scores are comparable within one engine version
          {about.data ? ` (this engine: ${about.data.engine_version})` : ''}; re-check the lines when it changes.
        </p>
      </div>
      <div className="card">
        <p className="muted small" aria-hidden="true">
          Scores of the last {values.length} completed checks, coloured by the band they would fall in
        </p>
        <figure className="histogram" aria-label={`Distribution of the last ${values.length} scores`}>
          {buckets.map((n, i) => (
            <div
              key={i}
              className={`bar band-${decisionForScore(i * BUCKET, draft)}`}
              style={{ height: `${(n / max) * 100}%` }}
              title={`${i * BUCKET}–${i * BUCKET + BUCKET - 1}: ${n}`}
            />
          ))}
        </figure>
        <div className="band-editor">
          <div className="gauge-bar" aria-hidden="true">
            {bandsOf(draft).map((b) => (
              <div key={b.decision} className={`gauge-band band-${b.decision}`} style={{ width: `${Math.max(0, b.to - b.from)}%` }}>
                <span>{humanize(b.decision)}</span>
              </div>
            ))}
          </div>
          {CUTS.map((c) => (
            <input
              key={c.key}
              className="cut"
              type="range"
              min={0}
              max={100}
              value={draft[c.key]}
              aria-label={c.label}
              aria-valuetext={`${c.label} ${draft[c.key]}`}
              onChange={(e) => set(c.key, Number(e.target.value))}
            />
          ))}
        </div>
        <div className="cut-inputs">
          {CUTS.map((c) => (
            <div className="field" key={c.key}>
              <label htmlFor={`cut-${c.key}`}>{c.label}</label>
              <input id={`cut-${c.key}`} type="number" min={1} max={100} value={draft[c.key]} onChange={(e) => set(c.key, Number(e.target.value))} />
            </div>
          ))}
        </div>
        {!valid && (
          <p className="field-error" role="alert">
            The lines must rise: 0 &lt; pending &lt; suspicious &lt; fraudulent ≤ 100.
          </p>
        )}
        <p role="status" data-testid="threshold-impact">
          {values.length === 0
            ? 'No completed checks yet to compare against.'
            : `${change.changed} of ${change.total} recent checks would get another decision` +
              (change.changed
                ? `: ${Object.entries(change.moves)
                    .map(([k, n]) => `${n} ${k.replace('→', ' → ')}`)
                    .join(', ')}.`
                : '.')}
        </p>
        <div className="actions">
          <button type="button" className="primary" disabled={!valid || !dirty} onClick={() => void save()}>
            Save thresholds
          </button>
          <button type="button" disabled={!dirty} onClick={() => setDraft({ ...saved.data! })}>
            Reset
          </button>
        </div>
        {status && (
          <p role="status" className={status.ok ? 'ok' : 'field-error'}>
            {status.text}
          </p>
        )}
      </div>
    </section>
  );
}
