/**
 * Findings combine by saturation, not addition (SPEC "Decision is assigned from the score", rule 5):
 * - within one flag, independent observations corroborate each other: the flag's strength is
 *   the noisy-OR of its observations, but never more than CORROBORATION_CAP above the strongest;
 * - across flags, the strongest flag sets the level and the others add a bounded share of the
 *   remaining headroom, again never more than CORROBORATION_CAP above the strongest.
 * So a pile of weak signals can never reach what one decisive signal reaches on its own, and a
 * finding seen several times scores higher than the same finding seen once.
 */

/** How far corroboration may lift a combined strength above its strongest member. */
export const CORROBORATION_CAP = 0.15;
/** Share of the remaining headroom that secondary flags may fill. */
export const SECONDARY_WEIGHT = 0.5;

function clamp01(x: number): number {
  if (!Number.isFinite(x)) return 0;
  return Math.min(1, Math.max(0, x));
}

function noisyOr(values: readonly number[]): number {
  let keep = 1;
  for (const v of values) keep *= 1 - clamp01(v);
  return 1 - keep;
}

/** Strength of one flag from the strengths of its observations. */
export function combineObservations(strengths: readonly number[]): number {
  if (strengths.length === 0) return 0;
  const top = Math.max(...strengths.map(clamp01));
  return Math.min(noisyOr(strengths), top + CORROBORATION_CAP, 1);
}

/** Overall strength from the strengths of distinct flags. */
export function combineFlags(flagStrengths: readonly number[]): number {
  if (flagStrengths.length === 0) return 0;
  const sorted = flagStrengths.map(clamp01).sort((a, b) => b - a);
  const top = sorted[0];
  const rest = noisyOr(sorted.slice(1));
  const lifted = top + (1 - top) * rest * SECONDARY_WEIGHT;
  return Math.min(lifted, top + CORROBORATION_CAP, 1);
}
