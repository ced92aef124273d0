/** Bearer-key authentication and role permissions (DECISIONS "Keys, roles, permissions"). */
import type { RequestHandler, Response } from 'express';
import { roleHas, type ApiKeyRecord, type Permission } from '../domain/roles.js';
import { ApiError } from './errors.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
/** last_used_at is written at most this often per key, so reads stay read-only on the hot path. */
const TOUCH_INTERVAL_MS = 60_000;

/** Who a presented key is, and the record that it was used (the keys use case). */
export interface KeyDirectory {
  authenticate(presented: string): Promise<ApiKeyRecord | null>;
  touch(id: string): Promise<void>;
}

/** Resolves an Authorization header to a key, or the 401 to answer. Shared by every entry point. */
export class KeyAuthenticator {
  private readonly lastTouched = new Map<string, number>();

  constructor(private readonly keys: KeyDirectory) {}

  async resolve(header: string | undefined): Promise<ApiKeyRecord | ApiError> {
    if (!header) {
      return new ApiError(401, 'authentication_error', 'missing_api_key', 'No API key provided. Send the header `Authorization: Bearer <API_KEY>`.', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    const match = BEARER.exec(header);
    const key = match ? await this.keys.authenticate(match[1]) : null;
    if (!key) {
      return new ApiError(401, 'authentication_error', 'invalid_api_key', 'The API key is invalid or has been revoked.', {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    const now = Date.now();
    if ((this.lastTouched.get(key.id) ?? 0) + TOUCH_INTERVAL_MS < now) {
      this.lastTouched.set(key.id, now);
      // Not awaited: a failed write of last_used_at never fails the request.
      this.keys.touch(key.id).catch(() => {});
    }
    return key;
  }
}

/** What every router puts first (/api/v1 and /dashboard/v1 alike): authentication and the per-key rate limit. */
export interface SharedGates {
  authenticate: RequestHandler;
  rateLimit: RequestHandler;
}

export function authenticate(auth: KeyAuthenticator): RequestHandler {
  return (req, res, next) => {
    auth.resolve(req.headers.authorization).then((key) => {
      if (key instanceof ApiError) return next(key);
      res.locals.apiKey = key;
      next();
    }, next);
  };
}

export function permissionDenied(role: string, permission: Permission): ApiError {
  return new ApiError(403, 'permission_error', 'insufficient_permissions', `This API key's role (${role}) lacks the ${permission} permission.`);
}

export function apiKeyOf(res: Response): ApiKeyRecord {
  return res.locals.apiKey as ApiKeyRecord;
}

export function requirePermission(permission: Permission): RequestHandler {
  return (_req, res, next) => {
    const key = apiKeyOf(res);
    if (!roleHas(key.role, permission)) {
      return next(permissionDenied(key.role, permission));
    }
    next();
  };
}
