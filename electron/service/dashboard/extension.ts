/**
 * The dashboard as a service AppExtension: `startService({ ..., extensions: [dashboardExtension] })`
 * or `createApp(ctx, [dashboardExtension])`. Mounted before the static renderer.
 */
import type { AppExtension } from '../api/app.js';
import { dashboardDepsFromStore } from './from-store.js';
import { dashboardRouter } from './router.js';

export const DASHBOARD_PREFIX = '/dashboard/v1';

export const dashboardExtension: AppExtension = (app, ctx, gates) => {
  app.use(DASHBOARD_PREFIX, gates.authenticate, gates.rateLimit, dashboardRouter(dashboardDepsFromStore(ctx.store, ctx.conditions)));
};
