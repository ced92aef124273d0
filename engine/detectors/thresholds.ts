/**
 * Named decision thresholds. A detector declares each number it decides by (`meta.thresholds`,
 * with a one-line why, listed in docs/detectors-*.md) and its code reads the value by name.
 */

/** A named decision threshold: its value and, in one line, why it is that value. */
export interface Threshold {
  value: number;
  why: string;
}

/** A detector's threshold values by name, as its code reads them (`T.name`). */
export function thresholdValues<K extends string>(thresholds: Readonly<Record<K, Threshold>>): Readonly<Record<K, number>> {
  return Object.fromEntries(Object.entries<Threshold>(thresholds).map(([name, t]) => [name, t.value])) as Record<K, number>;
}
