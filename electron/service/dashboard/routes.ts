/**
 * `/dashboard/v1`: what the desktop dashboard shows beyond the public API (SPEC: original files,
 * revisions and diffs are "viewable only in a separate dashboard", never through /api/v1). Part
 * of the same app as /api/v1 (api/app.ts mounts it): the same keys, roles, rate limit, error
 * envelope and codes, from the HTTP helpers both share (http/).
 */
import express, { Router, type Express } from 'express';
import type { ApiKey, ApiKeyCreated, CheckAnalysis, RulePreview, ScorePoint } from '../../../contract/dashboard-v1.js';
import { KeyCreateBody, RedeemBody, RulePreviewBody } from '../../../contract/dashboard-v1.js';
import { FLAG_CATALOG } from '../../../engine/index.js';
import { apiKeyOf, requirePermission, type SharedGates } from '../http/auth.js';
import { ApiError, notFound, unknownRoute } from '../http/errors.js';
import { parseWith } from '../http/validation.js';
import type { ApiKeyRecord, UseCases } from '../usecases/index.js';

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

export function mountDashboard(app: Express, uc: UseCases, gates: SharedGates): void {
  const { inspection, keys } = uc;
  // Before the gates: a login code is the credential here (electron/service/session-keys.ts).
  app.post(`${DASHBOARD_PREFIX}/session/redeem`, express.json({ limit: '1kb' }), async (req, res) => {
    const { code } = parseWith(RedeemBody, req.body);
    const key = await uc.sessions.redeem(code);
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
    const file = await inspection.file(String(req.params.id));
    if (!file) throw notFound('document_check file', String(req.params.id));
    res.set('Content-Type', file.mime_type);
    res.set('Content-Disposition', 'inline');
    res.send(file.bytes);
  });

  router.get('/checks/:id/analysis', view, async (req, res) => {
    const id = String(req.params.id);
    const found = await inspection.analysis(id);
    if (!found) throw notFound('document_check', id);
    const { analysis } = found;
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
    const data: ScorePoint[] = await inspection.recentScores(clampInt(req.query.limit, 1, 5000, 1000));
    res.json({ object: 'list', data });
  });

  router.post('/rules/preview', view, async (req, res) => {
    const { check_id: checkId, condition } = parseWith(RulePreviewBody, req.body);
    const result = await inspection.preview(checkId, condition, apiKeyOf(res).id);
    const body: RulePreview = {
      object: 'rule_preview',
      check_id: checkId,
      matched: result.matched,
      reasoning: result.reasoning,
      evaluation_error: result.evaluation_error,
      risk_score: result.risk_score,
    };
    res.json(body);
  });

  router.get('/flag-catalog', view, async (_req, res) => {
    res.json({ object: 'list', data: [...FLAG_CATALOG.values()] });
  });

  router.get('/about', view, async (_req, res) => {
    res.json(uc.about.describe(apiKeyOf(res).role));
  });

  router.get('/keys', manageKeys, async (_req, res) => {
    res.json({ object: 'list', data: (await keys.list()).map(publicKey) });
  });

  router.post('/keys', manageKeys, async (req, res) => {
    const body = parseWith(KeyCreateBody, req.body);
    const name = body.name?.trim() || '';
    const { key, record } = await keys.create(body.role, name, apiKeyOf(res).id, 'dashboard');
    const created: ApiKeyCreated = { object: 'api_key', ...publicKey(record), key };
    res.status(201).json(created);
  });

  router.delete('/keys/:id', manageKeys, async (req, res) => {
    const id = String(req.params.id);
    if (!(await keys.revoke(id, apiKeyOf(res).id, 'dashboard'))) throw notFound('key', id);
    res.json({ id, object: 'api_key', revoked: true });
  });

  router.get('/webhook-secret', manageKeys, async (_req, res) => {
    res.json({ object: 'webhook_secret', secret: await uc.settings.webhookSecret() });
  });

  router.use(unknownRoute);
  app.use(DASHBOARD_PREFIX, router);
}
