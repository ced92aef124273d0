import type { Thresholds } from '../api/contract.js';
import { bandsOf } from '../lib/bands.js';
import { humanize } from '../lib/format.js';

/** Cut lines always get a label; the 0 and 100 ends only where they do not collide with one. */
export function scaleLabels(t: Thresholds, minGap = 6): number[] {
  const cuts = [t.pending_below, t.suspicious_below, t.fraudulent_below];
  const ends = [0, 100].filter((e) => cuts.every((c) => Math.abs(c - e) >= minGap));
  return [...new Set([...ends, ...cuts])].sort((a, b) => a - b);
}

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
          <div
            key={b.decision}
            className={`gauge-band band-${b.decision}`}
            style={{ width: `${b.to - b.from}%` }}
            title={`${humanize(b.decision)}: ${b.from}–${b.decision === 'fraudulent' ? 100 : b.to - 1}`}
          />
        ))}
        {score !== null && <div className="gauge-marker" style={{ left: `${score}%` }} />}
      </div>
      <figcaption className="gauge-scale">
        {scaleLabels(thresholds).map((v) => (
          <span key={v} style={{ left: `${v}%` }}>
            {v}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
