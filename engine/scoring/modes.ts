/**
 * Modes move the engine score before rules apply, monotonically and without crossing 0 or 100:
 * - normal: unchanged;
 * - strict: closes 20 % of the gap to 100 for any document with at least one signal, so weak
 *   evidence reaches review sooner (prefers catching fraud over false clears);
 * - lenient: lowers the score by 20 % of itself, so weak evidence stays clear (prefers clears).
 * A document with no signal at all scores 0 in every mode.
 */
import type { Mode } from '../types.js';

export const MODE_FACTOR = 0.2;

export function applyMode(score: number, mode: Mode): number {
  if (score <= 0) return 0;
  switch (mode) {
    case 'strict':
      return score + (100 - score) * MODE_FACTOR;
    case 'lenient':
      return score * (1 - MODE_FACTOR);
    default:
      return score;
  }
}
