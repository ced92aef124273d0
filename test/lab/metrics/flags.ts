/** Per-flag precision and recall: each sample's raised flag codes against its expected ones. */
import { confusion, precision, recall, type Confusion } from './confusion.js';

export interface FlagScore extends Confusion {
  flag: string;
  /** Samples expecting the flag. */
  support: number;
  /** Samples where the engine raised it. */
  raised: number;
  precision: number | null;
  recall: number | null;
}

export function perFlagScores(samples: ReadonlyArray<{ expected: readonly string[]; raised: readonly string[] }>, codes: readonly string[]): FlagScore[] {
  return codes.map((flag) => {
    const m = confusion(samples.map((s) => ({ actual: s.expected.includes(flag), predicted: s.raised.includes(flag) })));
    return { flag, ...m, support: m.tp + m.fn, raised: m.tp + m.fp, precision: precision(m), recall: recall(m) };
  });
}
