import { useEffect, useMemo, useState } from 'react';
import type { Thresholds } from '../api/contract.js';
import { useLoad } from '../hooks/useLoad.js';
import { bandsOf, decisionForScore, histogram, thresholdPreview, thresholdsAreValid } from '../lib/bands.js';
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
  // The last lines that were valid: the bands keep them (marked) while the draft is invalid.
  const [lastValid, setLastValid] = useState<Thresholds | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!saved.data) return;
    const lines = { pending_below: saved.data.pending_below, suspicious_below: saved.data.suspicious_below, fraudulent_below: saved.data.fraudulent_below };
    setDraft(lines);
    setLastValid(lines);
  }, [saved.data]);

  const values = useMemo(() => scores.data?.data.map((p) => p.risk_score) ?? [], [scores.data]);
  const buckets = useMemo(() => histogram(values, BUCKET), [values]);
  if (!draft || !saved.data || !lastValid) return <p className="muted">{saved.error ?? 'Loading…'}</p>;

  const preview = thresholdPreview(values, saved.data, draft, lastValid);
  const { valid, shown, impact: change } = preview;
  const max = Math.max(1, ...buckets);
  const dirty = CUTS.some((c) => draft[c.key] !== saved.data![c.key]);

  const set = (key: keyof Thresholds, v: number) => {
    setStatus(null);
    // An emptied field is not a zero: NaN keeps the draft invalid until a number is typed.
    const next = { ...draft, [key]: Number.isFinite(v) ? Math.round(v) : Number.NaN };
    setDraft(next);
    if (thresholdsAreValid(next)) setLastValid(next);
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
        <figure
          className={`histogram${preview.stale ? ' stale' : ''}`}
          aria-label={`Distribution of the last ${values.length} scores`}
          data-testid="threshold-histogram"
          data-lines={`${shown.pending_below}/${shown.suspicious_below}/${shown.fraudulent_below}`}
        >
          {buckets.map((n, i) => (
            <div
              key={i}
              className={`bar band-${decisionForScore(i * BUCKET, shown)}`}
              style={{ height: `${(n / max) * 100}%` }}
              title={`${i * BUCKET}–${i * BUCKET + BUCKET - 1}: ${n}`}
            />
          ))}
        </figure>
        <div className="band-editor">
          <div
            className={`gauge-bar${preview.stale ? ' stale' : ''}`}
            aria-hidden="true"
            data-testid="threshold-bands"
            data-lines={`${shown.pending_below}/${shown.suspicious_below}/${shown.fraudulent_below}`}
          >
            {bandsOf(shown).map((b) => (
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
              value={Number.isFinite(draft[c.key]) ? draft[c.key] : lastValid[c.key]}
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
              <input
                id={`cut-${c.key}`}
                type="number"
                min={1}
                max={100}
                value={Number.isFinite(draft[c.key]) ? draft[c.key] : ''}
                aria-invalid={preview.invalid.includes(c.key) || undefined}
                aria-describedby={valid ? undefined : 'cut-error'}
                onChange={(e) => set(c.key, e.target.value === '' ? Number.NaN : Number(e.target.value))}
              />
            </div>
          ))}
        </div>
        {!valid && (
          <div className="field-error" role="alert" id="cut-error" data-testid="threshold-invalid">
            <p>The lines must rise: 0 &lt; pending &lt; suspicious &lt; fraudulent ≤ 100, whole numbers.</p>
            <p className="small">
              The bands above show the last valid lines ({shown.pending_below} / {shown.suspicious_below} / {shown.fraudulent_below}), not what you typed.
            </p>
          </div>
        )}
        <p role="status" data-testid="threshold-impact">
          {!change
            ? 'No preview while the lines are invalid.'
            : values.length === 0
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
