/**
 * The dashboard as a service AppExtension: `startService({ ..., extensions: [dashboardExtension] })`
 * or `createApp(ctx, [dashboardExtension])`. Mounted before the static renderer.
 */
import express from 'express';
import type { AppExtension } from '../api/app.js';
import { ApiError, sendError } from '../api/errors.js';
import { dashboardDepsFromStore } from './from-store.js';
import { dashboardRouter } from './router.js';
import { APP_VERSION } from '../paths.js';

export const DASHBOARD_PREFIX = '/dashboard/v1';

export const dashboardExtension: AppExtension = (app, ctx, gates) => {
  // Before the gates: a login code is the credential here (electron/service/session-keys.ts).
  app.post(`${DASHBOARD_PREFIX}/session/redeem`, express.json({ limit: '1kb' }), (req, res) => {
    const code = (req.body as { code?: unknown } | undefined)?.code;
    const key = typeof code === 'string' ? ctx.sessions.redeem(code) : null;
    if (!key) return sendError(res, new ApiError(401, 'authentication_error', 'invalid_login_code', 'The login code is unknown, used or expired; sign in with an API key.'));
    res.set('Cache-Control', 'no-store').json({ object: 'session', key });
  });
  app.use(DASHBOARD_PREFIX, gates.authenticate, gates.rateLimit, dashboardRouter(
      dashboardDepsFromStore(ctx.store, ctx.conditions, {
        serviceVersion: APP_VERSION,
        apiUrl: () => ctx.url ?? null,
        policy: ctx.config.policy && { path: ctx.config.policy.path, pinned: ctx.config.policy.pinned, error: ctx.config.policy.error },
      }),
    ));
};
