/** Rounding for the numbers the engine reports (sizes, positions): two decimals are what a reader needs. */
export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
