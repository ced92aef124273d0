import type { Decision, Thresholds } from '../api/contract.js';
import { decisionForScore } from '../../../vocabulary/bands.js';

/** Where a score lands and which cut lines are valid: the engine's own rules (vocabulary/bands.ts). */
export { decisionForScore, thresholdsAreValid } from '../../../vocabulary/bands.js';

export interface Band {
  decision: Decision;
  from: number;
  to: number; // exclusive, except the last band which ends at 100 inclusive
}

export function bandsOf(t: Thresholds): Band[] {
  return [
    { decision: 'clear', from: 0, to: t.pending_below },
    { decision: 'pending', from: t.pending_below, to: t.suspicious_below },
    { decision: 'suspicious', from: t.suspicious_below, to: t.fraudulent_below },
    { decision: 'fraudulent', from: t.fraudulent_below, to: 100 },
  ];
}

export interface DecisionChange {
  total: number;
  changed: number;
  /** e.g. "clear→pending": 3 */
  moves: Record<string, number>;
}

/** How many past scores would land in another band under the proposed cut lines. */
export function decisionChanges(scores: readonly number[], current: Thresholds, proposed: Thresholds): DecisionChange {
  const moves: Record<string, number> = {};
  let changed = 0;
  for (const s of scores) {
    const a = decisionForScore(s, current);
    const b = decisionForScore(s, proposed);
    if (a === b) continue;
    changed++;
    const key = `${a}→${b}`;
    moves[key] = (moves[key] ?? 0) + 1;
  }
  return { total: scores.length, changed, moves };
}

/** Counts per bucket of `width` points over 0..100 (100 falls into the last bucket). */
export function histogram(scores: readonly number[], width = 5): number[] {
  const buckets = new Array(Math.ceil(100 / width)).fill(0) as number[];
  for (const s of scores) {
    const i = Math.min(buckets.length - 1, Math.max(0, Math.floor(s / width)));
    buckets[i]++;
  }
  return buckets;
}

type Cut = 'pending_below' | 'suspicious_below' | 'fraudulent_below';

/** The cut lines that break the rule 0 < pending < suspicious < fraudulent ≤ 100: the fields to mark. */
export function invalidCuts(t: Thresholds): Cut[] {
  const bad = new Set<Cut>();
  for (const k of ['pending_below', 'suspicious_below', 'fraudulent_below'] as const) if (!Number.isInteger(t[k])) bad.add(k);
  if (!(t.pending_below > 0)) bad.add('pending_below');
  if (!(t.fraudulent_below <= 100)) bad.add('fraudulent_below');
  const pairs: Array<[Cut, Cut]> = [
    ['pending_below', 'suspicious_below'],
    ['suspicious_below', 'fraudulent_below'],
  ];
  for (const [low, high] of pairs) {
    if (t[low] < t[high]) continue;
    bad.add(low);
    bad.add(high);
  }
  return (['pending_below', 'suspicious_below', 'fraudulent_below'] as const).filter((k) => bad.has(k));
}

export interface ThresholdPreview {
  valid: boolean;
  /** The lines the bands and histogram are drawn with: the draft when valid, else the last valid lines. */
  shown: Thresholds;
  /** True when `shown` is not the draft (the bands are marked as the last valid lines). */
  stale: boolean;
  /** The impact on past checks, only for valid lines: a count from invalid lines means nothing. */
  impact: DecisionChange | null;
  invalid: Cut[];
}

/**
 * What the thresholds screen draws for a draft. While the draft is invalid the bands keep the
 * last valid lines, marked as such, and the impact preview is withdrawn rather than left stale.
 */
export function thresholdPreview(scores: readonly number[], saved: Thresholds, draft: Thresholds, lastValid: Thresholds): ThresholdPreview {
  const invalid = invalidCuts(draft);
  const valid = invalid.length === 0;
  return {
    valid,
    shown: valid ? draft : lastValid,
    stale: !valid,
    impact: valid ? decisionChanges(scores, saved, draft) : null,
    invalid,
  };
}
