export { dashboardRouter } from './router.js';
export { ROLE_PERMISSIONS, ROLES, type DashboardDeps, type PublicCheck, type StoredFile, type ScorePoint, type KeyRecord, type Role, type Permission } from './deps.js';
export { dashboardDepsFromStore } from './from-store.js';
export { dashboardExtension, DASHBOARD_PREFIX } from './extension.js';
