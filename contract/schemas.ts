export * from './check.js';
export * from './api-v1.js';
export * from './dashboard-v1.js';
export * from './related.js';
