import type { Thresholds } from '../api/types.js';
import { bandsOf } from '../lib/bands.js';
import { humanize } from '../lib/format.js';

/** The score on a bar split by the check's own cut lines (thresholds snapshotted on the check). */
export function ScoreGauge({ score, thresholds, label = 'Risk score' }: { score: number | null; thresholds: Thresholds; label?: string }) {
  const bands = bandsOf(thresholds);
  return (
    <figure className="gauge" aria-label={`${label}: ${score ?? 'none'} out of 100`}>
      <div className="gauge-score" aria-hidden="true">
        <span className="gauge-number">{score ?? '–'}</span>
        <span className="gauge-of">/100</span>
      </div>
      <div className="gauge-bar" aria-hidden="true">
        {bands.map((b) => (
          <div key={b.decision} className={`gauge-band band-${b.decision}`} style={{ width: `${b.to - b.from}%` }} title={`${humanize(b.decision)}: ${b.from}–${b.decision === 'fraudulent' ? 100 : b.to - 1}`} />
        ))}
        {score !== null && <div className="gauge-marker" style={{ left: `${score}%` }} />}
      </div>
      <figcaption className="gauge-scale">
        <span>0</span>
        <span style={{ left: `${thresholds.pending_below}%` }}>{thresholds.pending_below}</span>
        <span style={{ left: `${thresholds.suspicious_below}%` }}>{thresholds.suspicious_below}</span>
        <span style={{ left: `${thresholds.fraudulent_below}%` }}>{thresholds.fraudulent_below}</span>
        <span style={{ left: '100%' }}>100</span>
      </figcaption>
    </figure>
  );
}
