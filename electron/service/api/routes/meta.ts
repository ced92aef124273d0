/** What needs no key (DECISIONS "HTTP details"): the health probe and the OpenAPI document. */
import { Router } from 'express';
import type { Health } from '../../../../contract/api-v1.js';
import { openApiDocument } from '../../../../contract/openapi.js';
import { ENGINE_VERSION } from '../../../../engine/index.js';
import { serviceVersion } from '../../paths.js';
import { methodNotAllowed } from '../../http/errors.js';

export function metaRoutes(queueDepth: () => Promise<number>): Router {
  const router = Router();
  router
    .route('/health')
    .get(async (_req, res) => {
      const health: Health = { object: 'health', status: 'ok', version: serviceVersion(), engine_version: ENGINE_VERSION, queue_depth: await queueDepth() };
      res.set('Cache-Control', 'no-store').json(health);
    })
    .all(methodNotAllowed(['GET']));
  router
    .route('/openapi.json')
    .get((_req, res) => {
      res.json(openApiDocument(serviceVersion()));
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
