/**
 * Dashboard-only endpoints (SPEC: original files, revisions and diffs are "viewable only in a
 * separate dashboard", never through /api/v1). Same bearer keys and roles as the v1 API.
 * Mount with `app.use('/dashboard/v1', dashboardRouter(deps))`.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { FLAG_CATALOG } from '../../../engine/catalog/flags.js';
import { ENGINE_VERSION } from '../../../engine/version.js';
import { ROLE_PERMISSIONS, ROLES, type DashboardDeps, type Permission, type Role } from './deps.js';
import { sendError } from './errors.js';
import { previewCondition } from './preview.js';

type Handler = (req: Request, res: Response) => Promise<void>;

function bearer(req: Request): string | null {
  const header = req.get('authorization') ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

function guard(deps: DashboardDeps, permission: Permission, handler: Handler) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const key = bearer(req);
      const who = key ? await deps.authenticate(key) : null;
      // The same codes and words as the v1 API (electron/service/api/auth.ts).
      if (!who) return sendError(res, 'authentication_error', key ? 'invalid_api_key' : 'missing_api_key', key ? 'The API key is invalid or has been revoked.' : 'No API key provided. Send the header `Authorization: Bearer <API_KEY>`.');
      if (!ROLE_PERMISSIONS[who.role]?.includes(permission)) {
        return sendError(res, 'permission_error', 'insufficient_permissions', `This API key's role (${who.role}) lacks the ${permission} permission.`);
      }
      res.set('Cache-Control', 'no-store');
      await handler(req, res);
    } catch (err) {
      next(err);
    }
  };
}

function clampInt(raw: unknown, min: number, max: number, fallback: number): number {
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : fallback;
  return Math.min(max, Math.max(min, n));
}

export function dashboardRouter(deps: DashboardDeps): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: '256kb' }));

  const checkOr404 = async (id: string, res: Response) => {
    const check = await deps.getCheck(id);
    if (!check) sendError(res, 'not_found_error', 'resource_missing', `No such document check: ${id}`);
    return check;
  };

  router.get('/checks/:id/file', guard(deps, 'view_documents', async (req, res) => {
    const file = await deps.getFile(String(req.params.id));
    if (!file) return sendError(res, 'not_found_error', 'resource_missing', `No file for check ${req.params.id}`);
    res.set('Content-Type', file.mime_type);
    res.set('Content-Disposition', 'inline');
    res.set('X-Content-Type-Options', 'nosniff');
    res.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  }));

  router.get('/checks/:id/analysis', guard(deps, 'view_documents', async (req, res) => {
    const id = String(req.params.id);
    if (!(await checkOr404(id, res))) return;
    const analysis = await deps.getAnalysis(id);
    if (!analysis) {
      res.json({ object: 'check_analysis', id, available: false, document: null, revisions: [], page_sizes: [] });
      return;
    }
    res.json({
      object: 'check_analysis',
      id,
      available: true,
      engine_version: analysis.engineVersion,
      document: analysis.document,
      revisions: analysis.structure.revisions,
      page_sizes: analysis.structure.pageSizes,
    });
  }));

  router.get('/stats/scores', guard(deps, 'view_documents', async (req, res) => {
    const limit = clampInt(req.query.limit, 1, 5000, 1000);
    res.json({ object: 'list', data: await deps.recentScores(limit) });
  }));

  router.post('/rules/preview', guard(deps, 'view_documents', async (req, res) => {
    const { check_id: checkId, condition } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof checkId !== 'string') return sendError(res, 'invalid_request_error', 'invalid_field', 'check_id must be a string.');
    if (typeof condition !== 'string') return sendError(res, 'invalid_request_error', 'invalid_field', 'condition must be a string.');
    const check = await checkOr404(checkId, res);
    if (!check) return;
    const analysis = await deps.getAnalysis(checkId);
    if (!analysis) return sendError(res, 'invalid_request_error', 'check_not_completed', 'The check has no analysis yet.');
    const disabled = (await deps.getCheckDisabledFlags?.(checkId)) ?? [];
    const result = await previewCondition(condition, check, analysis, disabled, deps.conditions);
    if (!result.ok) return sendError(res, 'invalid_request_error', 'invalid_condition', result.message);
    res.json({ object: 'rule_preview', check_id: checkId, ...result, ok: undefined });
  }));

  router.get('/flag-catalog', guard(deps, 'view_documents', async (_req, res) => {
    res.json({ object: 'list', data: [...FLAG_CATALOG.values()] });
  }));

  router.get('/about', guard(deps, 'view_documents', async (_req, res) => {
    res.json({
      object: 'about',
      engine_version: ENGINE_VERSION,
      service_version: deps.serviceVersion ?? null,
      data_dir: deps.dataDir,
      api_url: deps.apiUrl?.() ?? null,
      policy: deps.policy ?? null,
    });
  }));

  router.get('/keys', guard(deps, 'manage_keys', async (_req, res) => {
    res.json({ object: 'list', data: await deps.keys.list() });
  }));

  router.post('/keys', guard(deps, 'manage_keys', async (req, res) => {
    const { role, name } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof role !== 'string' || !ROLES.includes(role as Role)) {
      return sendError(res, 'invalid_request_error', 'invalid_field', `role must be one of ${ROLES.join(', ')}.`);
    }
    if (name !== undefined && name !== null && (typeof name !== 'string' || name.length > 200)) {
      return sendError(res, 'invalid_request_error', 'invalid_field', 'name must be a string of at most 200 characters.');
    }
    const actorKeyId = (res.locals.apiKey as { id?: string } | undefined)?.id ?? null;
    const created = await deps.keys.create({ role: role as Role, name: typeof name === 'string' && name.trim() ? name.trim() : null, actorKeyId });
    res.status(201).json({ object: 'api_key', ...created });
  }));

  router.delete('/keys/:id', guard(deps, 'manage_keys', async (req, res) => {
    const id = String(req.params.id);
    const actorKeyId = (res.locals.apiKey as { id?: string } | undefined)?.id ?? null;
    if (!(await deps.keys.revoke(id, actorKeyId))) return sendError(res, 'not_found_error', 'resource_missing', `No such key: ${id}`);
    res.json({ id, object: 'api_key', revoked: true });
  }));

  router.get('/webhook-secret', guard(deps, 'manage_keys', async (_req, res) => {
    res.json({ object: 'webhook_secret', secret: await deps.webhookSecret() });
  }));

  router.use((_req: Request, res: Response) => sendError(res, 'not_found_error', 'route_not_found', 'No such dashboard endpoint.'));
  // Express recognises error middleware by its four parameters.
  router.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    if (status === 400) return sendError(res, 'invalid_request_error', 'invalid_json', 'The request body is not valid JSON.');
    sendError(res, 'api_error', 'internal_error', 'The dashboard request failed.');
  });
  return router;
}

export type { DashboardDeps } from './deps.js';
