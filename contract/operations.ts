/**
 * Every route of `/api/v1` and `/dashboard/v1`: method, path, what it takes and what it answers.
 * The OpenAPI document is generated from this table; `test/service/contract.test.ts` checks that
 * the running app has no route missing from it.
 */
import type { z } from 'zod';
import * as api from './api-v1.js';
import { DocumentCheck } from './check.js';
import * as dash from './dashboard-v1.js';
import * as related from './related.js';

type BodyType = 'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data';

export interface Operation {
  id: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path, with the trailing slash SPEC writes. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** No key needed. */
  public?: boolean;
  query?: z.ZodType;
  body?: { schema: z.ZodType; types: BodyType[]; required?: boolean; /** The description of a multipart `file` part. */ file?: string };
  /** Status -> response schema (one of COMPONENTS), or 'file' for the original upload. */
  responses: Record<string, z.ZodType | 'file'>;
  responseDescription?: string;
}

const FORMS: BodyType[] = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const JSON_ONLY: BodyType[] = ['application/json'];

export const OPERATIONS: readonly Operation[] = [
  { id: 'getOpenApi', method: 'get', path: '/api/v1/openapi.json', tag: 'service', summary: 'This OpenAPI document', public: true, responses: { 200: api.OpenApiDocument } },
  { id: 'getHealth', method: 'get', path: '/api/v1/health/', tag: 'service', summary: 'Is the service up', public: true, responses: { 200: api.Health } },
  {
    id: 'listDocumentChecks',
    method: 'get',
    path: '/api/v1/document-checks/',
    tag: 'document-checks',
    summary: 'List document checks, newest first',
    query: api.CheckListQuery,
    responses: { 200: api.DocumentCheckList },
  },
  {
    id: 'createDocumentCheck',
    method: 'post',
    path: '/api/v1/document-checks/',
    tag: 'document-checks',
    summary: 'Submit a document (a file or a URL)',
    description: 'Stores the document and queues its analysis; with `?wait=true` answers once the check settles (or after 55 s).',
    query: api.SubmitQuery,
    body: { schema: api.SubmitFields, types: FORMS, file: 'The PDF, PNG or JPEG to check (judged by its content, not its name).' },
    responses: { 201: DocumentCheck },
  },
  { id: 'getDocumentCheck', method: 'get', path: '/api/v1/document-checks/{id}/', tag: 'document-checks', summary: 'Get a document check', responses: { 200: DocumentCheck } },
  {
    id: 'deleteDocumentCheck',
    method: 'delete',
    path: '/api/v1/document-checks/{id}/',
    tag: 'document-checks',
    summary: 'Delete a document check and its file',
    responses: { 200: api.DocumentCheckDeleted },
  },
  {
    id: 'createCheckFeedback',
    method: 'post',
    path: '/api/v1/document-checks/{id}/feedback/',
    tag: 'document-checks',
    summary: 'Agree or disagree with a verdict or one of its flags',
    body: { schema: api.FeedbackBody, types: FORMS },
    responses: { 201: api.Feedback },
  },
  {
    id: 'listRelatedDocuments',
    method: 'get',
    path: '/api/v1/document-checks/{id}/related/',
    tag: 'document-checks',
    summary: 'Checks the workspace library related to this one (same file, same or reused content, template)',
    description: 'Both directions, newest relation first; deleted checks never appear.',
    query: related.RelatedQuery,
    responses: { 200: related.RelatedDocumentList },
  },
  { id: 'listRules', method: 'get', path: '/api/v1/rules/', tag: 'rules', summary: 'List rules', query: api.RuleListQuery, responses: { 200: api.RuleList } },
  { id: 'createRule', method: 'post', path: '/api/v1/rules/', tag: 'rules', summary: 'Create a rule', body: { schema: api.RuleBody, types: JSON_ONLY }, responses: { 201: api.Rule } },
  { id: 'getRule', method: 'get', path: '/api/v1/rules/{id}/', tag: 'rules', summary: 'Get a rule', responses: { 200: api.Rule } },
  { id: 'updateRule', method: 'patch', path: '/api/v1/rules/{id}/', tag: 'rules', summary: 'Change some fields of a rule', body: { schema: api.RulePatch, types: JSON_ONLY }, responses: { 200: api.Rule } },
  { id: 'replaceRule', method: 'put', path: '/api/v1/rules/{id}/', tag: 'rules', summary: 'Replace a rule', body: { schema: api.RuleBody, types: JSON_ONLY }, responses: { 200: api.Rule } },
  { id: 'deleteRule', method: 'delete', path: '/api/v1/rules/{id}/', tag: 'rules', summary: 'Delete a rule', responses: { 200: api.RuleDeleted } },
  { id: 'getThresholds', method: 'get', path: '/api/v1/thresholds/', tag: 'settings', summary: 'Get the decision thresholds', responses: { 200: api.ThresholdsSettings } },
  {
    id: 'updateThresholds',
    method: 'patch',
    path: '/api/v1/thresholds/',
    tag: 'settings',
    summary: 'Change the decision thresholds',
    body: { schema: api.ThresholdsPatch, types: JSON_ONLY },
    responses: { 200: api.ThresholdsSettings },
  },
  { id: 'getFlagSettings', method: 'get', path: '/api/v1/flag-settings/', tag: 'settings', summary: 'Get the disabled flag codes', responses: { 200: api.FlagSettings } },
  {
    id: 'updateFlagSettings',
    method: 'patch',
    path: '/api/v1/flag-settings/',
    tag: 'settings',
    summary: 'Set the disabled flag codes',
    body: { schema: api.FlagSettingsPatch, types: JSON_ONLY },
    responses: { 200: api.FlagSettings },
  },
  { id: 'getRetention', method: 'get', path: '/api/v1/retention/', tag: 'settings', summary: 'Get the retention policy', responses: { 200: api.Retention } },
  {
    id: 'updateRetention',
    method: 'patch',
    path: '/api/v1/retention/',
    tag: 'settings',
    summary: 'Change the retention policy',
    body: { schema: api.RetentionPatch, types: JSON_ONLY },
    responses: { 200: api.Retention },
  },
  { id: 'listAuditEvents', method: 'get', path: '/api/v1/audit-events/', tag: 'audit', summary: 'List audit events, newest first', query: api.AuditListQuery, responses: { 200: api.AuditEventList } },

  {
    id: 'redeemSession',
    method: 'post',
    path: '/dashboard/v1/session/redeem',
    tag: 'dashboard',
    summary: 'Trade a one-time login code for a session key',
    public: true,
    body: { schema: dash.RedeemBody, types: JSON_ONLY },
    responses: { 200: dash.Session },
  },
  { id: 'getCheckFile', method: 'get', path: '/dashboard/v1/checks/{id}/file', tag: 'dashboard', summary: 'The original file of a check', responses: { 200: 'file' } },
  { id: 'getCheckAnalysis', method: 'get', path: '/dashboard/v1/checks/{id}/analysis', tag: 'dashboard', summary: 'Revisions and page sizes of a check', responses: { 200: dash.CheckAnalysis } },
  { id: 'getScoreStats', method: 'get', path: '/dashboard/v1/stats/scores', tag: 'dashboard', summary: 'Recent scores, to redraw the bands', query: dash.ScoresQuery, responses: { 200: dash.ScoreList } },
  {
    id: 'previewRule',
    method: 'post',
    path: '/dashboard/v1/rules/preview',
    tag: 'dashboard',
    summary: 'Test a condition against a check',
    body: { schema: dash.RulePreviewBody, types: JSON_ONLY },
    responses: { 200: dash.RulePreview },
  },
  { id: 'getFlagCatalog', method: 'get', path: '/dashboard/v1/flag-catalog', tag: 'dashboard', summary: 'The catalog of flag codes', responses: { 200: dash.FlagCatalog } },
  { id: 'getAbout', method: 'get', path: '/dashboard/v1/about', tag: 'dashboard', summary: 'Versions and the data folder', responses: { 200: dash.About } },
  { id: 'listKeys', method: 'get', path: '/dashboard/v1/keys', tag: 'dashboard', summary: 'List API keys', responses: { 200: dash.ApiKeyList } },
  { id: 'createKey', method: 'post', path: '/dashboard/v1/keys', tag: 'dashboard', summary: 'Create an API key', body: { schema: dash.KeyCreateBody, types: JSON_ONLY }, responses: { 201: dash.ApiKeyCreated } },
  { id: 'revokeKey', method: 'delete', path: '/dashboard/v1/keys/{id}', tag: 'dashboard', summary: 'Revoke an API key', responses: { 200: dash.ApiKeyRevoked } },
  { id: 'getWebhookSecret', method: 'get', path: '/dashboard/v1/webhook-secret', tag: 'dashboard', summary: 'The secret that signs webhooks', responses: { 200: dash.WebhookSecret } },
];
