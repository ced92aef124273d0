/**
 * Every route of `/api/v1` and `/dashboard/v1` by operation id: its method and path, written
 * once. The operations (operations.ts) add what each takes and answers; the renderer's client
 * builds its requests from this table, which imports nothing, so no zod reaches its bundle.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Route {
  method: HttpMethod;
  /** OpenAPI path, with the trailing slash SPEC writes and `{name}` parameters. */
  path: string;
}

export const ROUTES = {
  getOpenApi: { method: 'get', path: '/api/v1/openapi.json' },
  getHealth: { method: 'get', path: '/api/v1/health/' },
  listDocumentChecks: { method: 'get', path: '/api/v1/document-checks/' },
  createDocumentCheck: { method: 'post', path: '/api/v1/document-checks/' },
  getDocumentCheck: { method: 'get', path: '/api/v1/document-checks/{id}/' },
  deleteDocumentCheck: { method: 'delete', path: '/api/v1/document-checks/{id}/' },
  createCheckFeedback: { method: 'post', path: '/api/v1/document-checks/{id}/feedback/' },
  listRelatedDocuments: { method: 'get', path: '/api/v1/document-checks/{id}/related/' },
  listRules: { method: 'get', path: '/api/v1/rules/' },
  createRule: { method: 'post', path: '/api/v1/rules/' },
  getRule: { method: 'get', path: '/api/v1/rules/{id}/' },
  updateRule: { method: 'patch', path: '/api/v1/rules/{id}/' },
  replaceRule: { method: 'put', path: '/api/v1/rules/{id}/' },
  deleteRule: { method: 'delete', path: '/api/v1/rules/{id}/' },
  getThresholds: { method: 'get', path: '/api/v1/thresholds/' },
  updateThresholds: { method: 'patch', path: '/api/v1/thresholds/' },
  getFlagSettings: { method: 'get', path: '/api/v1/flag-settings/' },
  updateFlagSettings: { method: 'patch', path: '/api/v1/flag-settings/' },
  getRetention: { method: 'get', path: '/api/v1/retention/' },
  updateRetention: { method: 'patch', path: '/api/v1/retention/' },
  listAuditEvents: { method: 'get', path: '/api/v1/audit-events/' },
  redeemSession: { method: 'post', path: '/dashboard/v1/session/redeem' },
  getCheckFile: { method: 'get', path: '/dashboard/v1/checks/{id}/file' },
  getCheckAnalysis: { method: 'get', path: '/dashboard/v1/checks/{id}/analysis' },
  getScoreStats: { method: 'get', path: '/dashboard/v1/stats/scores' },
  previewRule: { method: 'post', path: '/dashboard/v1/rules/preview' },
  getFlagCatalog: { method: 'get', path: '/dashboard/v1/flag-catalog' },
  getAbout: { method: 'get', path: '/dashboard/v1/about' },
  listKeys: { method: 'get', path: '/dashboard/v1/keys' },
  createKey: { method: 'post', path: '/dashboard/v1/keys' },
  revokeKey: { method: 'delete', path: '/dashboard/v1/keys/{id}' },
  getWebhookSecret: { method: 'get', path: '/dashboard/v1/webhook-secret' },
} as const satisfies Record<string, Route>;

export type OperationId = keyof typeof ROUTES;

/** The `{name}` parameters of a path, e.g. `'id'` for `/api/v1/rules/{id}/`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

export type ParamsOf<Id extends OperationId> = Record<PathParams<(typeof ROUTES)[Id]['path']>, string>;

/** The path of an operation with its parameters filled in, each URL-encoded. */
export function pathOf<Id extends OperationId>(id: Id, params: ParamsOf<Id>): string {
  const values = params as Record<string, string>;
  return ROUTES[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${id}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
