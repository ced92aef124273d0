/** The error envelope `{error: {type, code, message}}` (SPEC "Errors") for every failure path, /api/v1 and /dashboard/v1 alike. */
import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ApiErrorBody } from '../../../contract/api-v1.js';
import type { ApiErrorCode, ErrorType } from '../../../contract/enums.js';
import { StorageError, asStorageError } from '../domain/storage-error.js';
import type { StorageHealth } from '../domain/storage-health.js';
import { MultipartError } from '../upload/multipart.js';
import { Busy, Missing, Rejected } from '../usecases/rejections.js';

export type { ErrorType };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const invalidRequest = (code: ApiErrorCode, message: string) => new ApiError(400, 'invalid_request_error', code, message);
export const notFound = (what: string, id: string) => new ApiError(404, 'not_found_error', 'resource_missing', `No such ${what}: '${id}'.`);

/** Written with node's own response API, so the Express routes and the raw fast path share it. */
export function sendError(res: ServerResponse, err: ApiError): void {
  for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  const envelope: ApiErrorBody = { error: { type: err.type, code: err.code, message: err.message } };
  const body = JSON.stringify(envelope);
  res.statusCode = err.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

export const internalError = () => new ApiError(500, 'api_error', 'internal_error', 'An internal error occurred; it has been logged.');

/** Answers for paths no route claims. */
export const unknownRoute: RequestHandler = (req, _res, next) => {
  next(new ApiError(404, 'not_found_error', 'route_not_found', `Unrecognized request URL (${req.method} ${req.originalUrl.split('?')[0]}).`));
};

/**
 * For a known path asked with a method it does not support. DECISIONS closes the set of status
 * codes (no 405), so this is a Stripe-style 404 `route_not_found`, with an `Allow` header and
 * the allowed methods in the message.
 */
export function methodNotAllowed(allowed: string[]): RequestHandler {
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
  return (req, _res, next) => {
    const path = req.originalUrl.split('?')[0];
    next(
      new ApiError(404, 'not_found_error', 'route_not_found', `Unrecognized request URL (${req.method} ${path}); allowed methods: ${allow}.`, { Allow: allow }),
    );
  };
}

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** Turns anything thrown into the envelope; stack traces are logged, never sent. A refused write is told to `storage` (health). */
export function errorHandler(logger: Logger, storage?: Pick<StorageHealth, 'failed'>): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof ApiError) return sendError(res, err);
    if (err instanceof Rejected) return sendError(res, invalidRequest(err.code, err.message));
    if (err instanceof Missing) return sendError(res, notFound(err.what, err.id));
    if (err instanceof Busy) {
      return sendError(res, new ApiError(429, 'rate_limit_error', 'rate_limit_exceeded', err.message, { 'Retry-After': String(err.retryAfterSeconds) }));
    }
    if (err instanceof MultipartError) return sendError(res, invalidRequest(err.code, err.message));
    // The router decodes path parameters itself and throws a URIError (status 400) on a
    // malformed escape such as `%ZZ`: the client's mistake, not ours.
    if (err instanceof URIError && (err as BodyParserError).status === 400) {
      return sendError(res, invalidRequest('parameter_invalid', `The URL path (${req.originalUrl.split('?')[0]}) is not valid percent-encoding.`));
    }
    const parserError = err as BodyParserError;
    switch (parserError?.type) {
      case 'entity.parse.failed':
        return sendError(res, invalidRequest('invalid_json', 'The request body is not valid JSON.'));
      case 'entity.too.large':
        return sendError(res, new ApiError(413, 'invalid_request_error', 'request_too_large', 'The request body is too large.'));
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return sendError(res, invalidRequest('unsupported_encoding', 'The request body encoding is not supported.'));
      case 'request.aborted':
        return sendError(res, invalidRequest('request_aborted', 'The request was aborted by the client.'));
    }
    // A full or read-only disk is the operator's to fix: say so, rather than "internal error".
    const refused = asStorageError(err, 'The request could not be saved');
    if (refused instanceof StorageError) {
      logger.error({ err, method: req.method, path: req.path }, 'storage failure');
      storage?.failed(refused);
      return sendError(res, new ApiError(500, 'api_error', 'storage_unavailable', refused.message));
    }
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    sendError(res, internalError());
  };
}
