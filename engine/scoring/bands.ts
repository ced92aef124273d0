/** The decision bands themselves are shared with the renderer (vocabulary/bands.ts); the engine's defaults and clamping stay here. */
import type { Thresholds } from '../../vocabulary/bands.js';

export { decisionForScore, riskLevelFor, thresholdsAreValid, type Thresholds } from '../../vocabulary/bands.js';

export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze({
  pending_below: 40,
  suspicious_below: 60,
  fraudulent_below: 80,
});

export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, Math.round(score)));
}
