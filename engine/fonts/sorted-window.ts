/**
 * Runs of a page indexed by one coordinate, to ask "which runs have this coordinate within d of
 * x" in log time instead of testing every run: detectors comparing each figure with every other
 * figure of its page were quadratic (cubic with a nested column search) and a 500-page statement
 * spent a second there. Callers still test their exact condition on what the window returns (the
 * window is a superset, widened by a hair against rounding), and get the runs in their original
 * order, so what they find is unchanged.
 */

/** Widening of every window (page fractions or points): far below any tolerance the callers use. */
const SLACK = 1e-9;

export class SortedWindow<T> {
  private readonly order: number[];
  private readonly keys: Float64Array;

  constructor(
    private readonly items: readonly T[],
    key: (t: T) => number,
  ) {
    const raw = items.map(key);
    // A non-finite key is within no window (and would break the order).
    this.order = items.map((_, i) => i).filter((i) => Number.isFinite(raw[i])).sort((a, b) => raw[a] - raw[b] || a - b);
    this.keys = Float64Array.from(this.order, (i) => raw[i]);
  }

  /** Items whose key lies within [lo, hi] (widened by SLACK), in their original order. */
  within(lo: number, hi: number): T[] {
    return this.indices(lo, hi).map((i) => this.items[i]);
  }

  /** Indices (ascending) of the items whose key lies within [lo, hi], widened by SLACK. */
  indices(lo: number, hi: number): number[] {
    const picked: number[] = [];
    for (let k = this.lowerBound(lo - SLACK); k < this.keys.length && this.keys[k] <= hi + SLACK; k++) picked.push(this.order[k]);
    return picked.sort((a, b) => a - b);
  }

  private lowerBound(x: number): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.keys[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
