/** Bearer-key authentication and role permissions (DECISIONS "Keys, roles, permissions"). */
import type { RequestHandler, Response } from 'express';
import type { KeyStore, ApiKeyRecord, Permission } from '../store/keys.js';
import { roleHas } from '../store/keys.js';
import { ApiError } from './errors.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
/** last_used_at is written at most this often per key, so reads stay read-only on the hot path. */
const TOUCH_INTERVAL_MS = 60_000;

export function authenticate(keys: KeyStore, touch: (id: string) => void): RequestHandler {
  const lastTouched = new Map<string, number>();
  return (req, res, next) => {
    const header = req.headers.authorization;
    if (!header) {
      return next(new ApiError(401, 'authentication_error', 'missing_api_key', 'No API key provided. Send the header `Authorization: Bearer <API_KEY>`.', { 'WWW-Authenticate': 'Bearer' }));
    }
    const match = BEARER.exec(header);
    const key = match ? keys.authenticate(match[1]) : null;
    if (!key) {
      return next(new ApiError(401, 'authentication_error', 'invalid_api_key', 'The API key is invalid or has been revoked.', { 'WWW-Authenticate': 'Bearer error="invalid_token"' }));
    }
    const now = Date.now();
    if ((lastTouched.get(key.id) ?? 0) + TOUCH_INTERVAL_MS < now) {
      lastTouched.set(key.id, now);
      touch(key.id);
    }
    res.locals.apiKey = key;
    next();
  };
}

export function apiKeyOf(res: Response): ApiKeyRecord {
  return res.locals.apiKey as ApiKeyRecord;
}

export function requirePermission(permission: Permission): RequestHandler {
  return (_req, res, next) => {
    const key = apiKeyOf(res);
    if (!roleHas(key.role, permission)) {
      return next(new ApiError(403, 'permission_error', 'insufficient_permissions', `This API key's role (${key.role}) lacks the ${permission} permission.`));
    }
    next();
  };
}
