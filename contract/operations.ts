/**
 * Every route of `/api/v1` and `/dashboard/v1`: method and path (from routes.ts), what it takes
 * and what it answers. The OpenAPI document is generated from this table; `test/service/contract.test.ts` checks that
 * the running app has no route missing from it.
 */
import type { z } from 'zod';
import * as api from './api-v1.js';
import { DocumentCheck } from './check.js';
import * as dash from './dashboard-v1.js';
import * as related from './related.js';
import { ROUTES, type HttpMethod, type OperationId } from './routes.js';

type BodyType = 'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data';

export interface Operation {
  id: OperationId;
  method: HttpMethod;
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

/** An operation's id, method and path, from the one table of routes (routes.ts). */
const route = (id: OperationId): Pick<Operation, 'id' | 'method' | 'path'> => ({ id, method: ROUTES[id].method, path: ROUTES[id].path });

const FORMS: BodyType[] = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const JSON_ONLY: BodyType[] = ['application/json'];

export const OPERATIONS: readonly Operation[] = [
  { ...route('getOpenApi'), tag: 'service', summary: 'This OpenAPI document', public: true, responses: { 200: api.OpenApiDocument } },
  { ...route('getHealth'), tag: 'service', summary: 'Is the service up', public: true, responses: { 200: api.Health } },
  {
    ...route('listDocumentChecks'),
    tag: 'document-checks',
    summary: 'List document checks, newest first',
    query: api.CheckListQuery,
    responses: { 200: api.DocumentCheckList },
  },
  {
    ...route('createDocumentCheck'),
    tag: 'document-checks',
    summary: 'Submit a document (a file or a URL)',
    description:
      'Stores the document and queues its analysis; with `?wait=true` answers once the check settles (or after 55 s). A PDF that needs a password to open takes it in the `password` field (never stored, logged or echoed); with `?wait=true` a missing or wrong one is a 422 `password_required` / `password_incorrect`, without it the check fails with that code.',
    query: api.SubmitQuery,
    body: { schema: api.SubmitFields, types: FORMS, file: 'The PDF, PNG or JPEG to check (judged by its content, not its name).' },
    responses: { 201: DocumentCheck },
  },
  { ...route('getDocumentCheck'), tag: 'document-checks', summary: 'Get a document check', responses: { 200: DocumentCheck } },
  {
    ...route('deleteDocumentCheck'),
    tag: 'document-checks',
    summary: 'Delete a document check and its file',
    responses: { 200: api.DocumentCheckDeleted },
  },
  {
    ...route('createCheckFeedback'),
    tag: 'document-checks',
    summary: 'Agree or disagree with a verdict or one of its flags',
    body: { schema: api.FeedbackBody, types: FORMS },
    responses: { 201: api.Feedback },
  },
  {
    ...route('listRelatedDocuments'),
    tag: 'document-checks',
    summary: 'Checks the workspace library related to this one (same file, same or reused content, template)',
    description: 'Both directions, newest relation first; deleted checks never appear.',
    query: related.RelatedQuery,
    responses: { 200: related.RelatedDocumentList },
  },
  { ...route('listRules'), tag: 'rules', summary: 'List rules', query: api.RuleListQuery, responses: { 200: api.RuleList } },
  { ...route('createRule'), tag: 'rules', summary: 'Create a rule', body: { schema: api.RuleBody, types: JSON_ONLY }, responses: { 201: api.Rule } },
  { ...route('getRule'), tag: 'rules', summary: 'Get a rule', responses: { 200: api.Rule } },
  {
    ...route('updateRule'),
    tag: 'rules',
    summary: 'Change some fields of a rule',
    body: { schema: api.RulePatch, types: JSON_ONLY },
    responses: { 200: api.Rule },
  },
  { ...route('replaceRule'), tag: 'rules', summary: 'Replace a rule', body: { schema: api.RuleBody, types: JSON_ONLY }, responses: { 200: api.Rule } },
  { ...route('deleteRule'), tag: 'rules', summary: 'Delete a rule', responses: { 200: api.RuleDeleted } },
  { ...route('getThresholds'), tag: 'settings', summary: 'Get the decision thresholds', responses: { 200: api.ThresholdsSettings } },
  {
    ...route('updateThresholds'),
    tag: 'settings',
    summary: 'Change the decision thresholds',
    body: { schema: api.ThresholdsPatch, types: JSON_ONLY },
    responses: { 200: api.ThresholdsSettings },
  },
  { ...route('getFlagSettings'), tag: 'settings', summary: 'Get the disabled flag codes', responses: { 200: api.FlagSettings } },
  {
    ...route('updateFlagSettings'),
    tag: 'settings',
    summary: 'Set the disabled flag codes',
    body: { schema: api.FlagSettingsPatch, types: JSON_ONLY },
    responses: { 200: api.FlagSettings },
  },
  { ...route('getRetention'), tag: 'settings', summary: 'Get the retention policy', responses: { 200: api.Retention } },
  {
    ...route('updateRetention'),
    tag: 'settings',
    summary: 'Change the retention policy',
    body: { schema: api.RetentionPatch, types: JSON_ONLY },
    responses: { 200: api.Retention },
  },
  { ...route('listAuditEvents'), tag: 'audit', summary: 'List audit events, newest first', query: api.AuditListQuery, responses: { 200: api.AuditEventList } },

  {
    ...route('redeemSession'),
    tag: 'dashboard',
    summary: 'Trade a one-time login code for a session key',
    public: true,
    body: { schema: dash.RedeemBody, types: JSON_ONLY },
    responses: { 200: dash.Session },
  },
  { ...route('getCheckFile'), tag: 'dashboard', summary: 'The original file of a check', responses: { 200: 'file' } },
  { ...route('getCheckAnalysis'), tag: 'dashboard', summary: 'Revisions and page sizes of a check', responses: { 200: dash.CheckAnalysis } },
  { ...route('getScoreStats'), tag: 'dashboard', summary: 'Recent scores, to redraw the bands', query: dash.ScoresQuery, responses: { 200: dash.ScoreList } },
  {
    ...route('previewRule'),
    tag: 'dashboard',
    summary: 'Test a condition against a check',
    body: { schema: dash.RulePreviewBody, types: JSON_ONLY },
    responses: { 200: dash.RulePreview },
  },
  { ...route('getFlagCatalog'), tag: 'dashboard', summary: 'The catalog of flag codes', responses: { 200: dash.FlagCatalog } },
  { ...route('getAbout'), tag: 'dashboard', summary: 'Versions and the data folder', responses: { 200: dash.About } },
  { ...route('listKeys'), tag: 'dashboard', summary: 'List API keys', responses: { 200: dash.ApiKeyList } },
  {
    ...route('createKey'),
    tag: 'dashboard',
    summary: 'Create an API key',
    body: { schema: dash.KeyCreateBody, types: JSON_ONLY },
    responses: { 201: dash.ApiKeyCreated },
  },
  { ...route('revokeKey'), tag: 'dashboard', summary: 'Revoke an API key', responses: { 200: dash.ApiKeyRevoked } },
  { ...route('getWebhookSecret'), tag: 'dashboard', summary: 'The secret that signs webhooks', responses: { 200: dash.WebhookSecret } },
];
