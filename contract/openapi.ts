/**
 * The OpenAPI 3.1 document, generated from the contract's zod schemas (zod 4's JSON Schema output
 * is draft 2020-12, the dialect of OpenAPI 3.1). Served at GET /api/v1/openapi.json; the tests
 * validate every response they receive against it.
 */
import { z } from 'zod';
import * as api from './api-v1.js';
import * as check from './check.js';
import * as dash from './dashboard-v1.js';
import { MIME_TYPES } from './enums.js';
import * as related from './related.js';
import { OPERATIONS, type Operation } from './operations.js';

type JsonSchema = Record<string, unknown>;
type Document = Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; [key: string]: unknown };
};

/** Named response shapes: they become components, and a schema nested in another becomes a $ref. */
export const COMPONENTS: Record<string, z.ZodType> = {
  BBox: check.BBox,
  Evidence: check.Evidence,
  Reason: check.Reason,
  Flag: check.Flag,
  Thresholds: check.Thresholds,
  TriggeredRule: check.TriggeredRule,
  Extracted: check.Extracted,
  CheckError: check.CheckError,
  DocumentCheck: check.DocumentCheck,
  DocumentCheckList: api.DocumentCheckList,
  DocumentCheckDeleted: api.DocumentCheckDeleted,
  RelatedDocument: related.RelatedDocument,
  RelatedDocumentList: related.RelatedDocumentList,
  Feedback: api.Feedback,
  Rule: api.Rule,
  RuleList: api.RuleList,
  RuleDeleted: api.RuleDeleted,
  ThresholdsSettings: api.ThresholdsSettings,
  FlagSettings: api.FlagSettings,
  AuditEvent: api.AuditEvent,
  AuditEventList: api.AuditEventList,
  Retention: api.Retention,
  Health: api.Health,
  OpenApiDocument: api.OpenApiDocument,
  Error: api.ApiErrorBody,
  Session: dash.Session,
  TextDiff: dash.TextDiff,
  Revision: dash.Revision,
  CheckAnalysis: dash.CheckAnalysis,
  ScorePoint: dash.ScorePoint,
  ScoreList: dash.ScoreList,
  RulePreview: dash.RulePreview,
  FlagDefinition: dash.FlagDefinition,
  FlagCatalog: dash.FlagCatalog,
  About: dash.About,
  ApiKey: dash.ApiKey,
  ApiKeyList: dash.ApiKeyList,
  ApiKeyCreated: dash.ApiKeyCreated,
  ApiKeyRevoked: dash.ApiKeyRevoked,
  WebhookSecret: dash.WebhookSecret,
};

const REF = (name: string) => `#/components/schemas/${name}`;

function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, { uri: REF, io: 'output', target: 'draft-2020-12' }).schemas;
  return Object.fromEntries(Object.entries(out).map(([id, s]) => [id, clean(s as JsonSchema)]));
}

const componentName = new Map<z.ZodType, string>(Object.entries(COMPONENTS).map(([name, schema]) => [schema, name]));

/** A request schema as clients write it (the input side: strings for query values and form fields). */
function inputSchema(schema: z.ZodType): JsonSchema {
  return clean(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema);
}

function responseSchema(schema: z.ZodType): JsonSchema {
  const name = componentName.get(schema);
  if (!name) throw new Error('response schemas must be listed in COMPONENTS');
  return { $ref: REF(name) };
}

function parameters(op: Operation): unknown[] {
  const params: unknown[] = [];
  for (const name of op.path.match(/\{(\w+)\}/g) ?? []) {
    params.push({ name: name.slice(1, -1), in: 'path', required: true, schema: { type: 'string' } });
  }
  if (op.query) {
    const schema = inputSchema(op.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, s] of Object.entries(schema.properties ?? {})) {
      params.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: s });
    }
  }
  return params;
}

function requestBody(op: Operation): unknown {
  if (!op.body) return undefined;
  const schema = inputSchema(op.body.schema);
  const content: Record<string, unknown> = {};
  for (const type of op.body.types) {
    if (type === 'multipart/form-data' && op.body.file) {
      const s = schema as { properties?: Record<string, JsonSchema> };
      content[type] = {
        schema: { ...schema, properties: { ...s.properties, file: { type: 'string', format: 'binary', description: op.body.file } } },
        encoding: { file: { contentType: 'application/pdf, image/png, image/jpeg' } },
      };
    } else {
      content[type] = { schema };
    }
  }
  return { required: op.body.required ?? true, content };
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

function operationObject(op: Operation): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, out] of Object.entries(op.responses)) {
    if (out === 'file') {
      responses[status] = {
        description: 'The original file as it was uploaded.',
        content: Object.fromEntries(MIME_TYPES.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
      };
    } else {
      responses[status] = { description: op.responseDescription ?? op.summary, content: { 'application/json': { schema: responseSchema(out) } } };
    }
  }
  responses['4XX'] = ERROR_RESPONSE;
  responses['5XX'] = ERROR_RESPONSE;
  const params = parameters(op);
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.path.startsWith('/dashboard/') ? 'dashboard' : op.tag],
    ...(op.public ? { security: [] } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(op.body ? { requestBody: requestBody(op) } : {}),
    responses,
  };
}

let built: Document | null = null;

/**
 * The document, naming as its server the base URL it was fetched from (the port is chosen at
 * start, so no fixed URL is right); without one, a placeholder that says so.
 */
export function openApiDocument(version = '1', serverUrl?: string): Document {
  const doc = built ?? (built = buildDocument(version));
  return serverUrl ? { ...doc, servers: [{ url: serverUrl, description: 'This running service.' }] } : doc;
}

function buildDocument(version: string): Document {
  const paths: Document['paths'] = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  const doc: Document = {
    openapi: '3.1.0',
    info: {
      title: 'Veracity API',
      version,
      summary: 'Offline document fraud checks: genuine, tampered or AI-generated, and why.',
      description:
        'The local service of Veracity. Every route but health, this document and session redemption needs `Authorization: Bearer <API_KEY>`; errors are `{error: {type, code, message}}`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: 'http://127.0.0.1:{port}',
        description: 'The local service.',
        variables: { port: { default: '8080', description: 'The port the service listens on (`veracity serve` prints it; the served document names it).' } },
      },
    ],
    security: [{ bearer: [] }],
    tags: [
      { name: 'document-checks', description: 'Submit documents and read their verdicts.' },
      { name: 'rules', description: 'Workspace rules applied after the engine score.' },
      { name: 'settings', description: 'Thresholds, flag settings and retention.' },
      { name: 'audit', description: 'The tamper-evident audit log.' },
      { name: 'service', description: 'Health and this document.' },
      { name: 'dashboard', description: 'What the desktop dashboard shows beyond the public API (original files, revisions, keys).' },
    ],
    paths,
    components: {
      schemas: componentSchemas(),
      responses: { Error: { description: 'An error: `{error: {type, code, message}}`.', content: { 'application/json': { schema: { $ref: REF('Error') } } } } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key (`vk_live_...`).' } },
    },
  };
  return doc;
}
