/**
 * `GET /api/v1/health/` (DECISIONS): needs no key, so monitors and install scripts can ask whether
 * the service is up without holding a secret. It says nothing about the workspace beyond how many
 * checks are waiting or being analysed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Router } from 'express';
import { ENGINE_VERSION } from '../../../../engine/version.js';
import type { ServiceContext } from '../../context.js';
import { projectRoot } from '../../paths.js';

export interface HealthJson {
  object: 'health';
  status: 'ok';
  /** The application's version (package.json). */
  version: string;
  engine_version: string;
  /** Checks submitted and not yet settled (queued or being analysed). */
  queue_depth: number;
}

let appVersion: string | null = null;
function version(): string {
  appVersion ??= (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return appVersion;
}

export function health(ctx: ServiceContext): HealthJson {
  return { object: 'health', status: 'ok', version: version(), engine_version: ENGINE_VERSION, queue_depth: ctx.processor.pending };
}

export function healthRoutes(ctx: ServiceContext): Router {
  const router = Router();
  router.get('/health/', (_req, res) => {
    res.set('Cache-Control', 'no-store').json(health(ctx));
  });
  return router;
}
