/**
 * DashboardDeps over the service's Store, so mounting is one line in the app:
 *   app.use('/dashboard/v1', dashboardRouter(dashboardDepsFromStore(store)))
 */
import type { Analysis } from '../../../engine/types.js';
import { presentCheck } from '../domain/present-check.js';
import type { ConditionEvaluator } from '../conditions/condition-sandbox.js';
import type { Store } from '../store/index.js';
import type { DashboardDeps, PublicCheck, ScorePoint } from './deps.js';

export function dashboardDepsFromStore(store: Store, conditions: ConditionEvaluator, opts: { serviceVersion?: string } = {}): DashboardDeps {
  const record = (id: string) => store.checks.get(id);
  return {
    authenticate: (raw) => {
      const key = store.keys.authenticate(raw);
      return key ? { role: key.role, keyId: key.id } : null;
    },
    getCheck: (id) => {
      const r = record(id);
      return r ? (presentCheck(r) as unknown as PublicCheck) : null;
    },
    getAnalysis: (id) => (store.checks.analysis(id) as Analysis | null) ?? null,
    getFile: async (id) => {
      const r = record(id);
      if (!r || !store.uploads.exists(r.sha256)) return null;
      return { bytes: await store.uploads.read(r.sha256), mime_type: r.mime_type, filename: r.filename };
    },
    getCheckDisabledFlags: (id) => store.checks.snapshot(id)?.disabled_flag_codes ?? null,
    recentScores: (limit) => {
      // Walk the newest-first list; checks still processing or failed carry no score.
      const out: ScorePoint[] = [];
      let after: string | undefined;
      for (;;) {
        const page = store.checks.list(100, after);
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
    },
    keys: {
      create: ({ role, name, actorKeyId }) => {
        const { key, record: rec } = store.keys.create(role, name ?? '', actorKeyId ?? null, 'dashboard');
        return { ...rec, name: rec.name || null, key };
      },
      list: () => store.keys.list().map((k) => ({ ...k, name: k.name || null })),
      revoke: (id, actorKeyId) => store.keys.revoke(id, actorKeyId ?? null, 'dashboard'),
    },
    webhookSecret: () => store.settings.webhookSecret(),
    conditions,
    dataDir: store.dataDir,
    serviceVersion: opts.serviceVersion,
  };
}
