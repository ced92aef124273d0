/**
 * The only door to the service: the v1 API and the dashboard endpoints, both with the bearer key.
 * Every failure becomes an ApiError carrying the envelope's type, code and message.
 */
import type {
  About, ApiKey, CheckAnalysis, DocumentCheck, Feedback, FlagDefinition, FlagSettings, List, Role, Rule, RuleInput,
  RelatedDocumentList, RulePreview, ScorePoint, Thresholds,
} from './contract.js';

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

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly key: string,
    private readonly fetchImpl: Fetch = (...args) => fetch(...args),
  ) {}

  private async request<T>(path: string, init: RequestInit = {}): Promise<T> {
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

  private json<T>(path: string, method: string, body: unknown): Promise<T> {
    return this.request<T>(path, { method, body: JSON.stringify(body) });
  }

  // v1 API
  listChecks(limit = 100, startingAfter?: string) {
    const q = new URLSearchParams({ limit: String(limit) });
    if (startingAfter) q.set('starting_after', startingAfter);
    return this.request<List<DocumentCheck>>(`/api/v1/document-checks/?${q}`);
  }
  /** Checks the workspace library related to this one (both directions). */
  listRelated(id: string) {
    return this.request<RelatedDocumentList>(`/api/v1/document-checks/${encodeURIComponent(id)}/related/?limit=100`);
  }

  getCheck(id: string) {
    return this.request<DocumentCheck>(`/api/v1/document-checks/${encodeURIComponent(id)}/`);
  }
  submit(file: Blob, filename: string, mode?: string) {
    const form = new FormData();
    if (mode) form.set('mode', mode);
    form.set('file', file, filename);
    return this.request<DocumentCheck>('/api/v1/document-checks/', { method: 'POST', body: form });
  }
  sendFeedback(id: string, feedback: Feedback) {
    return this.json<{ id: number; kind: string }>(`/api/v1/document-checks/${encodeURIComponent(id)}/feedback/`, 'POST', feedback);
  }
  listRules() {
    return this.request<List<Rule>>('/api/v1/rules/');
  }
  createRule(rule: RuleInput) {
    return this.json<Rule>('/api/v1/rules/', 'POST', rule);
  }
  updateRule(id: string, patch: Partial<RuleInput>) {
    return this.json<Rule>(`/api/v1/rules/${encodeURIComponent(id)}/`, 'PATCH', patch);
  }
  deleteRule(id: string) {
    return this.request<{ deleted: boolean }>(`/api/v1/rules/${encodeURIComponent(id)}/`, { method: 'DELETE' });
  }
  getThresholds() {
    return this.request<Thresholds>('/api/v1/thresholds/');
  }
  setThresholds(t: Thresholds) {
    return this.json<Thresholds>('/api/v1/thresholds/', 'PATCH', t);
  }
  getFlagSettings() {
    return this.request<FlagSettings>('/api/v1/flag-settings/');
  }
  setDisabledFlags(codes: string[]) {
    return this.json<FlagSettings>('/api/v1/flag-settings/', 'PATCH', { disabled_flag_codes: codes });
  }

  // dashboard
  getFile(id: string) {
    return this.request<ArrayBuffer>(`/dashboard/v1/checks/${encodeURIComponent(id)}/file`);
  }
  getAnalysis(id: string) {
    return this.request<CheckAnalysis>(`/dashboard/v1/checks/${encodeURIComponent(id)}/analysis`);
  }
  recentScores(limit = 1000) {
    return this.request<List<ScorePoint>>(`/dashboard/v1/stats/scores?limit=${limit}`);
  }
  previewRule(checkId: string, condition: string) {
    return this.json<RulePreview>('/dashboard/v1/rules/preview', 'POST', { check_id: checkId, condition });
  }
  flagCatalog() {
    return this.request<List<FlagDefinition>>('/dashboard/v1/flag-catalog');
  }
  about() {
    return this.request<About>('/dashboard/v1/about');
  }
  listKeys() {
    return this.request<List<ApiKey>>('/dashboard/v1/keys');
  }
  createKey(role: Role, name: string) {
    return this.json<ApiKey & { key: string }>('/dashboard/v1/keys', 'POST', { role, name });
  }
  revokeKey(id: string) {
    return this.request<{ revoked: boolean }>(`/dashboard/v1/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
  }
  webhookSecret() {
    return this.request<{ secret: string }>('/dashboard/v1/webhook-secret');
  }
}
