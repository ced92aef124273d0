/**
 * The only door to the service: the v1 API and the dashboard endpoints, both with the bearer key.
 * Each call names a contract operation; its method and path come from the contract's routes.
 * Every failure becomes an ApiError carrying the envelope's type, code and message.
 */
import type {
  About,
  ApiKey,
  CheckAnalysis,
  DocumentCheck,
  Feedback,
  FlagDefinition,
  FlagSettings,
  List,
  Role,
  Rule,
  RuleInput,
  RelatedDocumentList,
  RulePreview,
  ScorePoint,
  Thresholds,
} from './contract.js';
import { pathOf, ROUTES, type OperationId, type ParamsOf } from './contract.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Fetch = typeof fetch;

/** What each operation the renderer calls answers with (a file comes back as its bytes). */
interface Answers {
  listDocumentChecks: List<DocumentCheck>;
  listRelatedDocuments: RelatedDocumentList;
  getDocumentCheck: DocumentCheck;
  createDocumentCheck: DocumentCheck;
  createCheckFeedback: { id: number; kind: string };
  listRules: List<Rule>;
  createRule: Rule;
  updateRule: Rule;
  deleteRule: { deleted: boolean };
  getThresholds: Thresholds;
  updateThresholds: Thresholds;
  getFlagSettings: FlagSettings;
  updateFlagSettings: FlagSettings;
  getCheckFile: ArrayBuffer;
  getCheckAnalysis: CheckAnalysis;
  getScoreStats: List<ScorePoint>;
  previewRule: RulePreview;
  getFlagCatalog: List<FlagDefinition>;
  getAbout: About;
  listKeys: List<ApiKey>;
  createKey: ApiKey & { key: string };
  revokeKey: { revoked: boolean };
  getWebhookSecret: { secret: string };
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly key: string,
    private readonly fetchImpl: Fetch = (...args) => fetch(...args),
  ) {}

  /** One operation of the contract (contract/routes.ts): its method and path, parameters filled in. */
  private call<Id extends OperationId & keyof Answers>(
    id: Id,
    params: ParamsOf<Id>,
    options: { query?: string; body?: BodyInit; json?: unknown } = {},
  ): Promise<Answers[Id]> {
    const path = pathOf(id, params) + (options.query ? `?${options.query}` : '');
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
    return this.request<Answers[Id]>(path, { method: ROUTES[id].method.toUpperCase(), body });
  }

  private async request<T>(path: string, init: RequestInit): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${this.key}`);
    if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
    let res: Response;
    try {
      res = await this.fetchImpl(this.baseUrl + path, { ...init, headers });
    } catch {
      throw new ApiError(0, 'network_error', 'unreachable', 'The Veracity service cannot be reached.');
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: { type?: string; code?: string; message?: string } } | null;
      const e = body?.error;
      throw new ApiError(res.status, e?.type ?? 'api_error', e?.code ?? 'http_' + res.status, e?.message ?? res.statusText);
    }
    const type = res.headers.get('content-type') ?? '';
    return (type.includes('json') ? await res.json() : await res.arrayBuffer()) as T;
  }

  // v1 API
  listChecks(limit = 100, startingAfter?: string) {
    const q = new URLSearchParams({ limit: String(limit) });
    if (startingAfter) q.set('starting_after', startingAfter);
    return this.call('listDocumentChecks', {}, { query: q.toString() });
  }
  /** Checks the workspace library related to this one (both directions). */
  listRelated(id: string) {
    return this.call('listRelatedDocuments', { id }, { query: 'limit=100' });
  }

  getCheck(id: string) {
    return this.call('getDocumentCheck', { id });
  }
  /**
   * `password` opens a password-protected PDF (sent in the body only); with it the call waits for
   * the analysis, so a wrong or missing password comes back as a 422 `password_incorrect` /
   * `password_required` ApiError to ask again on.
   */
  submit(file: Blob, filename: string, mode?: string, password?: string) {
    const form = new FormData();
    if (mode) form.set('mode', mode);
    if (password !== undefined) form.set('password', password);
    form.set('file', file, filename);
    return this.call('createDocumentCheck', {}, { body: form, ...(password !== undefined ? { query: 'wait=true' } : {}) });
  }
  sendFeedback(id: string, feedback: Feedback) {
    return this.call('createCheckFeedback', { id }, { json: feedback });
  }
  listRules() {
    return this.call('listRules', {});
  }
  createRule(rule: RuleInput) {
    return this.call('createRule', {}, { json: rule });
  }
  updateRule(id: string, patch: Partial<RuleInput>) {
    return this.call('updateRule', { id }, { json: patch });
  }
  deleteRule(id: string) {
    return this.call('deleteRule', { id });
  }
  getThresholds() {
    return this.call('getThresholds', {});
  }
  setThresholds(t: Thresholds) {
    return this.call('updateThresholds', {}, { json: t });
  }
  getFlagSettings() {
    return this.call('getFlagSettings', {});
  }
  setDisabledFlags(codes: string[]) {
    return this.call('updateFlagSettings', {}, { json: { disabled_flag_codes: codes } });
  }

  // dashboard
  getFile(id: string) {
    return this.call('getCheckFile', { id });
  }
  getAnalysis(id: string) {
    return this.call('getCheckAnalysis', { id });
  }
  recentScores(limit = 1000) {
    return this.call('getScoreStats', {}, { query: `limit=${limit}` });
  }
  previewRule(checkId: string, condition: string) {
    return this.call('previewRule', {}, { json: { check_id: checkId, condition } });
  }
  flagCatalog() {
    return this.call('getFlagCatalog', {});
  }
  about() {
    return this.call('getAbout', {});
  }
  listKeys() {
    return this.call('listKeys', {});
  }
  createKey(role: Role, name: string) {
    return this.call('createKey', {}, { json: { role, name } });
  }
  revokeKey(id: string) {
    return this.call('revokeKey', { id });
  }
  webhookSecret() {
    return this.call('getWebhookSecret', {});
  }
}
