/** Binary confusion matrix and the rates derived from it. A rate with an empty denominator is null. */
export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export function confusion(pairs: Iterable<{ actual: boolean; predicted: boolean }>): Confusion {
  const m: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const { actual, predicted } of pairs) {
    if (actual && predicted) m.tp++;
    else if (!actual && predicted) m.fp++;
    else if (!actual && !predicted) m.tn++;
    else m.fn++;
  }
  return m;
}

export function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/** Share of positives caught (true positive rate, detection rate). */
export const recall = (m: Confusion): number | null => ratio(m.tp, m.tp + m.fn);
/** Share of raised alarms that were right. */
export const precision = (m: Confusion): number | null => ratio(m.tp, m.tp + m.fp);
/** Share of negatives wrongly flagged. */
export const falsePositiveRate = (m: Confusion): number | null => ratio(m.fp, m.fp + m.tn);
export const accuracy = (m: Confusion): number | null => ratio(m.tp + m.tn, m.tp + m.tn + m.fp + m.fn);

export function f1(m: Confusion): number | null {
  const p = precision(m);
  const r = recall(m);
  if (p === null || r === null || p + r === 0) return null;
  return (2 * p * r) / (p + r);
}
