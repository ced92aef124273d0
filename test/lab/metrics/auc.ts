/**
 * ROC AUC as the Mann-Whitney statistic: the probability that a random positive scores higher
 * than a random negative, ties counting one half. Null without both classes.
 */
export function rocAuc(samples: ReadonlyArray<{ score: number; positive: boolean }>): number | null {
  const pos = samples.filter((s) => s.positive).length;
  const neg = samples.length - pos;
  if (pos === 0 || neg === 0) return null;
  const sorted = [...samples].sort((a, b) => a.score - b.score);
  // Average ranks (1-based) over runs of equal scores.
  let rankSumPos = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1].score === sorted[i].score) j++;
    const avgRank = (i + 1 + (j + 1)) / 2;
    for (let k = i; k <= j; k++) if (sorted[k].positive) rankSumPos += avgRank;
    i = j + 1;
  }
  return (rankSumPos - (pos * (pos + 1)) / 2) / (pos * neg);
}
