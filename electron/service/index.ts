/** Public surface of the local service (plain Node; never imports `electron`). */
export { startService, defaultLogger, type RunningService, type StartOptions } from './server.js';
export { createApp } from './api/app.js';
export { resolveConfig, configFromEnv, DEFAULTS, type ServiceConfig, type ServiceOptions } from './config.js';
export type { ServiceContext } from './context.js';
export { resolveDataDir, defaultDataDir } from './data-dir.js';
export { Store } from './store/index.js';
export { authenticate, requirePermission, apiKeyOf } from './http/auth.js';
export { ApiError, sendError } from './http/errors.js';
export { presentCheck } from './domain/present-check.js';
export type { DocumentCheck } from '../../contract/check.js';
export { signPayload, verifySignature } from './webhooks/signature.js';
export { ROLES, PERMISSIONS, ROLE_PERMISSIONS, isRole, type Role, type Permission } from './domain/roles.js';
