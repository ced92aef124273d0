/** The wire contract of the service: zod schemas for every request and response, and the OpenAPI document made from them. */
export * from './enums.js';
export * as wire from './schemas.js';
export { openApiDocument } from './openapi.js';
export { OPERATIONS, type Operation } from './operations.js';
export { pathOf, ROUTES, type OperationId, type Route } from './routes.js';
