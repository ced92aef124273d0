/** A bench module measures one area and returns rows for the summary table. */
export interface BenchRow {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  /** Pass when value <= target (latencies, times) or >= target with `higherIsBetter`. */
  target?: number;
  higherIsBetter?: boolean;
}

export interface BenchModule {
  name: string;
  run(): Promise<BenchRow[]>;
}
