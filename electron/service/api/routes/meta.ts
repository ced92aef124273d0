/** What needs no key (DECISIONS "HTTP details"): the health probe and the OpenAPI document. */
import { Router, type Request } from 'express';
import type { Health } from '../../../../contract/api-v1.js';
import { openApiDocument } from '../../../../contract/openapi.js';
import { ENGINE_VERSION } from '../../../../engine/index.js';
import { serviceVersion } from '../../paths.js';
import type { StorageHealth } from '../../domain/storage-health.js';
import { methodNotAllowed } from '../../http/errors.js';

export function metaRoutes(queueDepth: () => Promise<number>, storage: Pick<StorageHealth, 'current'>): Router {
  const router = Router();
  router
    .route('/health')
    .get(async (_req, res) => {
      const failing = storage.current();
      const health: Health = {
        object: 'health',
        status: failing ? 'degraded' : 'ok',
        version: serviceVersion(),
        engine_version: ENGINE_VERSION,
        queue_depth: await queueDepth(),
        // Only while writes fail, so a healthy answer stays what it always was.
        ...(failing ? { storage_error: failing.message, storage_failing_since: failing.since } : {}),
      };
      res.set('Cache-Control', 'no-store').json(health);
    })
    .all(methodNotAllowed(['GET']));
  router
    .route('/openapi.json')
    .get((req, res) => {
      res.json(openApiDocument(serviceVersion(), baseUrl(req)));
    })
    .all(methodNotAllowed(['GET']));
  return router;
}

/** The base URL this request reached: its Host header, else the socket's own address. */
function baseUrl(req: Request): string {
  const host =
    req.get('host') ?? `${req.socket.localAddress?.includes(':') ? `[${req.socket.localAddress}]` : req.socket.localAddress}:${req.socket.localPort}`;
  return `${req.protocol}://${host}`;
}
