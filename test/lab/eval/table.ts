/** Plain-text tables for the terminal: left-aligned text, right-aligned numbers. */
export function pct(v: number | null | undefined): string {
  return v === null || v === undefined ? 'n/a' : `${(v * 100).toFixed(1)}%`;
}

export function num(v: number | null | undefined, digits = 0): string {
  return v === null || v === undefined ? 'n/a' : v.toFixed(digits);
}

export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^(-?[\d.]+%?|n\/a|-)$/.test(r[i] ?? '')));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
