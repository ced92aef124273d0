/** Order statistics shared by the readers and the detectors. */

/**
 * The median of the values: the middle one of a sorted copy, the upper of the two middle ones for
 * an even count (callers compare against it, no averaging wanted). NaN when there are no values:
 * a caller that wants another answer for nothing measured says so where it calls. The caller's
 * array is left as it was.
 */
export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  const sorted = Array.from(values).sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}
