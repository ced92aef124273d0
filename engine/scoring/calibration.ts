/**
 * Fitted strengths per reason code (issue 8, "Calibrate"). Detectors set a hand-chosen strength
 * on every finding; `npm run calibrate` measures how often each reason code appears on forged
 * and on genuine documents (lab family A + real genuine tune split) and writes a table of
 * fitted strengths (`calibration.generated.ts`, explained per reason in docs/calibration.md).
 *
 * A finding whose code has an entry is rescaled: its strength is multiplied by
 * `fitted / hand` (so the detector's own grading between its observations survives) and capped
 * at `max`. A code without an entry (a new reason, or one without data) keeps the detector's
 * hand-set strength. Context findings (at or below CONTEXT_STRENGTH) stay context: calibration
 * may lower them, never lift them out of context.
 */
import type { Finding } from '../types.js';

/** At or below this strength a finding is context only (see score.ts). */
export const CONTEXT_STRENGTH = 0.15;

export interface ReasonCalibration {
  /** The typical (median) hand-set strength of this reason in the data the fit saw. */
  hand: number;
  /** The fitted strength for that typical observation. */
  fitted: number;
  /** No observation of this reason scores above this (below suspicious for reasons genuine files show). */
  max: number;
}

export type CalibrationTable = Readonly<Record<string, ReasonCalibration>>;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The strength the scorer uses for one finding. Monotone in the hand-set strength. */
export function calibratedStrength(f: Pick<Finding, 'code' | 'strength'>, table: CalibrationTable | null | undefined): number {
  const c = table ? (Object.prototype.hasOwnProperty.call(table, f.code) ? table[f.code] : undefined) : undefined;
  if (!c || !(c.hand > 0) || !Number.isFinite(c.fitted)) return f.strength;
  const scaled = clamp((f.strength * c.fitted) / c.hand, 0, Math.min(1, c.max));
  return f.strength <= CONTEXT_STRENGTH ? Math.min(scaled, f.strength, CONTEXT_STRENGTH) : scaled;
}

/** Findings with calibrated strengths (same order; other fields untouched). */
export function calibrateFindings(findings: readonly Finding[], table: CalibrationTable | null | undefined): Finding[] {
  if (!table) return [...findings];
  return findings.map((f) => {
    const strength = calibratedStrength(f, table);
    return strength === f.strength ? f : { ...f, strength };
  });
}
