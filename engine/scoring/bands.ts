import type { Decision, RiskLevel } from '../types.js';

export interface Thresholds {
  pending_below: number;
  suspicious_below: number;
  fraudulent_below: number;
}

export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze({
  pending_below: 40,
  suspicious_below: 60,
  fraudulent_below: 80,
});

/** 0 < pending < suspicious < fraudulent <= 100 (DECISIONS "HTTP details"). */
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

export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score)));
}
