/**
 * The Express app: the v1 API under /api/v1 and the dashboard's under /dashboard/v1 (bearer auth,
 * per-key rate limit, JSON envelope on every error) and, when built, the renderer as static files at `/` (no auth: it signs in with a key).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { Router, type Express } from 'express';
import type { ServiceContext } from '../context.js';
import { mountDashboard } from '../dashboard/routes.js';
import { authenticate, KeyAuthenticator, type SharedGates } from '../http/auth.js';
import { errorHandler, sendError, unknownRoute } from '../http/errors.js';
import { useCases, type UseCases } from '../usecases/index.js';
import { checkGetFastPath, type FastPathParts } from './fast-path.js';
import { setSecurityHeaders, type HostGuard } from './host-guard.js';
import { perKeyRateLimit } from './rate-limit.js';
import { auditRoutes } from './routes/audit.js';
import { checkRoutes } from './routes/checks.js';
import { metaRoutes } from './routes/meta.js';
import { ruleRoutes } from './routes/rules.js';
import { settingsRoutes } from './routes/settings.js';

/** The authenticator and rate limiter are shared by the Express routes and the fast path. */
function sharedParts(ctx: ServiceContext, uc: UseCases): FastPathParts {
  return {
    auth: new KeyAuthenticator(uc.keys),
    rateLimit: perKeyRateLimit(ctx.config.rateLimitPerMinute),
  };
}

/** The HTTP listener: the polling fast path first, Express for everything else. */
export function createRequestListener(ctx: ServiceContext, hosts?: HostGuard): (req: IncomingMessage, res: ServerResponse) => void {
  const uc = useCases(ctx);
  const parts = sharedParts(ctx, uc);
  const app = createApp(ctx, uc, parts);
  const fast = checkGetFastPath(uc.checks, parts, ctx.logger);
  return (req, res) => {
    setSecurityHeaders(res);
    const refused = hosts?.check(req);
    if (refused) {
      req.resume();
      return sendError(res, refused);
    }
    if (!fast(req, res)) app(req, res);
  };
}

/** Routes reach the service through its use cases only (usecases/index.ts); `ctx` supplies the HTTP settings. */
export function createApp(ctx: ServiceContext, uc: UseCases = useCases(ctx), parts: FastPathParts = sharedParts(ctx, uc)): Express {
  const app = express();
  app.disable('x-powered-by');
  // API bodies are small JSON documents; hashing each for an ETag would only cost latency.
  app.set('etag', false);

  const gates: SharedGates = { authenticate: authenticate(parts.auth), rateLimit: parts.rateLimit };
  const api = Router();
  // Before the gates: health probes and API tooling need no key.
  api.use(metaRoutes(uc.queueDepth, uc.storage));
  api.use(gates.authenticate);
  api.use(gates.rateLimit);
  api.use(express.json({ limit: '1mb' }));
  api.use(express.urlencoded({ extended: false, limit: '1mb' }));
  api.use(checkRoutes(uc, ctx.config));
  api.use(ruleRoutes(uc.rules));
  api.use(settingsRoutes(uc.settings));
  api.use(auditRoutes(uc.audit, uc.retention));
  api.use(unknownRoute);
  app.use('/api/v1', api);

  // The dashboard's routes: the same gates, error envelope and codes (paths under /dashboard/v1).
  mountDashboard(app, uc, gates);

  const renderer = ctx.config.rendererDir;
  if (renderer && existsSync(join(renderer, 'index.html'))) {
    app.use(express.static(renderer, { index: 'index.html', fallthrough: true }));
  }
  app.use(unknownRoute);
  app.use(errorHandler(ctx.logger, uc.storage));
  return app;
}
