/**
 * The decision bands: three cut lines split 0..100 into one band per decision. The engine's
 * scoring decides with these, and the renderer redraws the bands and previews new cut lines with
 * the same functions, so the two can never disagree about where a score lands.
 */
import type { Decision, RiskLevel } from './verdicts.js';

export interface Thresholds {
  pending_below: number;
  suspicious_below: number;
  fraudulent_below: number;
}

/** 0 < pending < suspicious < fraudulent <= 100, integers (DECISIONS "HTTP details"). */
export function thresholdsAreValid(t: Thresholds): boolean {
  return (
    [t.pending_below, t.suspicious_below, t.fraudulent_below].every(Number.isInteger) &&
    0 < t.pending_below &&
    t.pending_below < t.suspicious_below &&
    t.suspicious_below < t.fraudulent_below &&
    t.fraudulent_below <= 100
  );
}

/** Bands are contiguous, so the decision is always recoverable from score + thresholds. */
export function decisionForScore(score: number, t: Thresholds): Decision {
  if (score < t.pending_below) return 'clear';
  if (score < t.suspicious_below) return 'pending';
  if (score < t.fraudulent_below) return 'suspicious';
  return 'fraudulent';
}

const LEVELS: Record<Decision, RiskLevel> = {
  clear: 'LOW',
  pending: 'MEDIUM',
  suspicious: 'HIGH',
  fraudulent: 'CRITICAL',
};

export function riskLevelFor(decision: Decision): RiskLevel {
  return LEVELS[decision];
}
