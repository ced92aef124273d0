/** Percentiles by linear interpolation between closest ranks (NumPy's default). Null when empty. */
export function percentile(values: readonly number[], p: number): number | null {
  if (p < 0 || p > 100 || Number.isNaN(p)) throw new RangeError(`percentile ${p} outside 0..100`);
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function latencySummary(values: readonly number[]): { n: number; p50: number | null; p95: number | null; max: number | null } {
  return { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: values.length ? Math.max(...values) : null };
}
