/** Per-key rate limiting with express-rate-limit; 429 carries Retry-After and the error envelope. */
import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { apiKeyOf } from '../http/auth.js';
import { ApiError, sendError } from '../http/errors.js';

/** `perMinute` <= 0 disables limiting (benchmarks). */
export function perKeyRateLimit(perMinute: number): RequestHandler {
  if (perMinute <= 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (_req, res) => apiKeyOf(res).id,
    // Keys are the identity here, not client addresses, so the library's IP checks do not apply.
    validate: false,
    handler: (_req, res) => {
      const retryAfter = res.getHeader('Retry-After');
      sendError(
        res,
        new ApiError(
          429,
          'rate_limit_error',
          'rate_limit_exceeded',
          `Too many requests for this API key (limit ${perMinute} per minute). Retry after ${retryAfter ?? 60} seconds.`,
        ),
      );
    },
  });
}
