/**
 * GET /api/v1/document-checks/{id}/ is what every integration polls, so it is answered straight
 * from node:http: Express's routing stack costs more than the work itself (a key lookup and one
 * stored check, presented). Everything a client can observe is shared with the Express routes: the
 * same authenticator, the same rate limiter instance and counters, the same error envelope, the
 * same presented check. Anything else (other methods, query strings, other paths) goes to Express.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { roleHas } from '../domain/roles.js';
import { permissionDenied, type KeyAuthenticator } from '../http/auth.js';
import { ApiError, internalError, notFound, sendError } from '../http/errors.js';
import type { UseCases } from '../usecases/index.js';

const CHECK_PATH = /^\/api\/v1\/document-checks\/([A-Za-z0-9_]+)\/?$/;

export interface FastPathParts {
  auth: KeyAuthenticator;
  rateLimit: RequestHandler;
}

/** Runs the Express rate-limit middleware on a raw request; false when it answered 429 itself. */
function passRateLimit(limiter: RequestHandler, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const answered = () => resolve(false);
    res.once('finish', answered);
    limiter(req as never, res as never, (err?: unknown) => {
      res.off('finish', answered);
      if (err) reject(err);
      else resolve(true);
    });
  });
}

async function answer(checks: UseCases['checks'], parts: FastPathParts, id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const key = await parts.auth.resolve(req.headers.authorization);
  if (key instanceof ApiError) return sendError(res, key);
  if (!roleHas(key.role, 'view_documents')) return sendError(res, permissionDenied(key.role, 'view_documents'));
  // The limiter keys on res.locals.apiKey, as it does behind the Express authenticator.
  (res as ServerResponse & { locals: Record<string, unknown> }).locals = { apiKey: key };
  if (!(await passRateLimit(parts.rateLimit, req, res))) return;
  const check = await checks.present(id);
  if (check === null) return sendError(res, notFound('document_check', id));
  const json = JSON.stringify(check);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/** Returns true when it took the request. */
export function checkGetFastPath(checks: UseCases['checks'], parts: FastPathParts, logger: Logger): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const match = CHECK_PATH.exec(req.url ?? '');
    if (!match) return false;
    answer(checks, parts, match[1], req, res).catch((err: unknown) => {
      logger.error({ err, path: req.url }, 'unhandled error');
      if (res.headersSent) res.destroy();
      else sendError(res, internalError());
    });
    return true;
  };
}
