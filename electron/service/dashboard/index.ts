export { mountDashboard, DASHBOARD_PREFIX } from './routes.js';
