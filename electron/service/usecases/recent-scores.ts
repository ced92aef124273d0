/** The most recent completed checks' scores, newest first: enough to redraw bands and count decision changes. */
import type { ScorePoint } from '../../../contract/dashboard-v1.js';
import type { Store } from '../store/index.js';

export async function recentScores(store: Store, limit: number): Promise<ScorePoint[]> {
  // Walk the newest-first list; checks still processing or failed carry no score.
  const out: ScorePoint[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await store.checks.list(100, after);
    if (!page) break;
    for (const c of page.data) {
      if (c.status !== 'completed' || !c.verdict) continue;
      out.push({ id: c.id, created_at: c.created_at, risk_score: c.verdict.risk_score, decision: c.override_decision ?? c.verdict.decision });
      if (out.length >= limit) return out;
    }
    if (!page.has_more || page.data.length === 0) break;
    after = page.data[page.data.length - 1].id;
  }
  return out;
}
