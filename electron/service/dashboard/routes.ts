/**
 * `/dashboard/v1`: what the desktop dashboard shows beyond the public API (SPEC: original files,
 * revisions and diffs are "viewable only in a separate dashboard", never through /api/v1). Part
 * of the same app as /api/v1: the same keys, roles, rate limit, error envelope and codes.
 */
import express, { Router, type Express } from 'express';
import type { About, ApiKey, ApiKeyCreated, CheckAnalysis, RulePreview, ScorePoint } from '../../../contract/dashboard-v1.js';
import { KeyCreateBody, RedeemBody, RulePreviewBody } from '../../../contract/dashboard-v1.js';
import { FLAG_CATALOG, ENGINE_VERSION } from '../../../engine/index.js';
import { apiKeyOf, requirePermission, type SharedGates } from '../api/auth.js';
import { ApiError, invalidRequest, notFound, unknownRoute } from '../api/errors.js';
import { parseWith } from '../api/validation.js';
import type { ServiceContext } from '../context.js';
import { serviceVersion } from '../paths.js';
import type { ApiKeyRecord } from '../store/keys.js';
import { previewCondition } from './preview.js';
import { recentScores } from './scores.js';

export const DASHBOARD_PREFIX = '/dashboard/v1';

function clampInt(raw: unknown, min: number, max: number, fallback: number): number {
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : fallback;
  return Math.min(max, Math.max(min, n));
}

const publicKey = (k: ApiKeyRecord): ApiKey => ({
  id: k.id,
  name: k.name || null,
  role: k.role,
  key_prefix: k.key_prefix,
  created_at: k.created_at,
  last_used_at: k.last_used_at,
  revoked_at: k.revoked_at,
});

export function mountDashboard(app: Express, ctx: ServiceContext, gates: SharedGates): void {
  const { store } = ctx;
  // Before the gates: a login code is the credential here (electron/service/session-keys.ts).
  app.post(`${DASHBOARD_PREFIX}/session/redeem`, express.json({ limit: '1kb' }), async (req, res) => {
    const { code } = parseWith(RedeemBody, req.body);
    const key = await ctx.sessions.redeem(code);
    if (!key) throw new ApiError(401, 'authentication_error', 'invalid_login_code', 'The login code is unknown, used or expired; sign in with an API key.');
    res.set('Cache-Control', 'no-store').json({ object: 'session', key });
  });

  const router = Router();
  router.use(gates.authenticate, gates.rateLimit, express.json({ limit: '256kb' }));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  const view = requirePermission('view_documents');
  const manageKeys = requirePermission('manage_keys');

  router.get('/checks/:id/file', view, async (req, res) => {
    const check = await store.checks.get(String(req.params.id));
    if (!check || !store.uploads.exists(check.sha256)) throw notFound('document_check file', String(req.params.id));
    const bytes = await store.uploads.read(check.sha256);
    res.set('Content-Type', check.mime_type);
    res.set('Content-Disposition', 'inline');
    res.send(bytes);
  });

  router.get('/checks/:id/analysis', view, async (req, res) => {
    const id = String(req.params.id);
    if (!(await store.checks.get(id))) throw notFound('document_check', id);
    const analysis = await store.checks.analysis(id);
    const body: CheckAnalysis = analysis
      ? {
          object: 'check_analysis',
          id,
          available: true,
          engine_version: analysis.engineVersion,
          document: analysis.document,
          revisions: analysis.structure.revisions,
          page_sizes: analysis.structure.pageSizes,
        }
      : { object: 'check_analysis', id, available: false, document: null, revisions: [], page_sizes: [] };
    res.json(body);
  });

  router.get('/stats/scores', view, async (req, res) => {
    const data: ScorePoint[] = await recentScores(store, clampInt(req.query.limit, 1, 5000, 1000));
    res.json({ object: 'list', data });
  });

  router.post('/rules/preview', view, async (req, res) => {
    const { check_id: checkId, condition } = parseWith(RulePreviewBody, req.body);
    const check = await store.checks.get(checkId);
    if (!check) throw notFound('document_check', checkId);
    const analysis = await store.checks.analysis(checkId);
    if (!analysis) throw invalidRequest('check_not_completed', 'The check has no analysis yet.');
    const disabled = (await store.checks.snapshot(checkId))?.disabled_flag_codes ?? [];
    const result = await previewCondition(condition, check, analysis, disabled, ctx.conditions);
    if (!result.ok) throw invalidRequest('invalid_condition', result.message);
    const body: RulePreview = { object: 'rule_preview', check_id: checkId, matched: result.matched, reasoning: result.reasoning, evaluation_error: result.evaluation_error, risk_score: result.risk_score };
    res.json(body);
  });

  router.get('/flag-catalog', view, async (_req, res) => {
    res.json({ object: 'list', data: [...FLAG_CATALOG.values()] });
  });

  router.get('/about', view, async (_req, res) => {
    const policy = ctx.config.policy;
    const body: About = {
      object: 'about',
      engine_version: ENGINE_VERSION,
      service_version: serviceVersion(),
      data_dir: store.dataDir,
      api_url: ctx.url ?? null,
      policy: policy ? { path: policy.path, pinned: policy.pinned, error: policy.error } : null,
    };
    res.json(body);
  });

  router.get('/keys', manageKeys, async (_req, res) => {
    res.json({ object: 'list', data: (await store.keys.list()).map(publicKey) });
  });

  router.post('/keys', manageKeys, async (req, res) => {
    const body = parseWith(KeyCreateBody, req.body);
    const name = body.name?.trim() || '';
    const { key, record } = await store.keys.create(body.role, name, apiKeyOf(res).id, 'dashboard');
    const created: ApiKeyCreated = { object: 'api_key', ...publicKey(record), key };
    res.status(201).json(created);
  });

  router.delete('/keys/:id', manageKeys, async (req, res) => {
    const id = String(req.params.id);
    if (!(await store.keys.revoke(id, apiKeyOf(res).id, 'dashboard'))) throw notFound('key', id);
    res.json({ id, object: 'api_key', revoked: true });
  });

  router.get('/webhook-secret', manageKeys, async (_req, res) => {
    res.json({ object: 'webhook_secret', secret: await store.settings.webhookSecret() });
  });

  router.use(unknownRoute);
  app.use(DASHBOARD_PREFIX, router);
}
