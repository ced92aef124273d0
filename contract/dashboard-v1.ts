/**
 * Requests and responses of `/dashboard/v1`: what the desktop dashboard shows beyond the public
 * API (SPEC: original files, revisions and diffs are viewable only there).
 */
import { z } from 'zod';
import { BBox, Decision } from './check.js';
import { CATEGORIES, DOCUMENT_FORMATS, MIME_TYPES, REVISION_KINDS, ROLES, SEVERITIES } from './enums.js';

export const RedeemBody = z.object({ code: z.string({ error: 'must be a string' }) });
export const Session = z.object({ object: z.literal('session'), key: z.string() });

export const TextDiff = z.object({
  page: z.number().int(),
  /** The changed words only. */
  before: z.string(),
  after: z.string(),
  bbox: BBox.optional(),
  /** The whole line before and after, as context. */
  lineBefore: z.string().optional(),
  lineAfter: z.string().optional(),
});

export const Revision = z.object({
  number: z.number().int(),
  /** Byte offset of the end of this revision (its %%EOF). */
  endOffset: z.number().int(),
  kind: z.enum(REVISION_KINDS),
  added: z.array(z.number().int()),
  changed: z.array(z.number().int()),
  deleted: z.array(z.number().int()),
  changedPages: z.array(z.number().int()),
  textDiff: z.array(TextDiff).optional(),
  objectRoles: z.record(z.string(), z.array(z.number().int())).optional(),
  pageChanges: z
    .array(
      z.object({ page: z.number().int(), contents: z.boolean(), xobjects: z.boolean(), resources: z.boolean(), pageDict: z.boolean(), inserted: z.boolean() }),
    )
    .optional(),
  signatures: z
    .array(
      z.object({
        object: z.number().int(),
        byteRangeEnd: z.number().int(),
        coversRevision: z.number().int().nullable(),
        subFilter: z.string().optional(),
        signer: z.string().optional(),
      }),
    )
    .optional(),
  fieldChanges: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })).optional(),
  producer: z.string().optional(),
  creator: z.string().optional(),
  modDate: z.string().optional(),
});

export const PageSize = z.object({ width: z.number(), height: z.number() });

export const DocumentFacts = z.object({
  mime_type: z.enum(MIME_TYPES),
  format: z.enum(DOCUMENT_FORMATS),
  pages: z.number().int(),
  width: z.number().optional(),
  height: z.number().optional(),
});

export const CheckAnalysis = z.object({
  object: z.literal('check_analysis'),
  id: z.string(),
  available: z.boolean(),
  engine_version: z.string().optional(),
  document: DocumentFacts.nullable(),
  revisions: z.array(Revision),
  page_sizes: z.array(PageSize),
});

export const ScoresQuery = z.object({ limit: z.string().optional() });
export const ScorePoint = z.object({ id: z.string(), created_at: z.string(), risk_score: z.number().int(), decision: Decision });
export const ScoreList = z.object({ object: z.literal('list'), data: z.array(ScorePoint) });

export const RulePreviewBody = z.object({
  check_id: z.string({ error: 'must be a string' }),
  condition: z.string({ error: 'must be a string' }),
});
export const RulePreview = z.object({
  object: z.literal('rule_preview'),
  check_id: z.string(),
  matched: z.boolean(),
  reasoning: z.string().nullable(),
  evaluation_error: z.string().nullable(),
  /** The engine score before rules, which a condition sees as `risk_score`. */
  risk_score: z.number().int(),
});

export const FlagDefinition = z.object({
  code: z.string(),
  category: z.enum(CATEGORIES),
  severity: z.object({ min: z.enum(SEVERITIES), max: z.enum(SEVERITIES) }),
  title: z.string(),
  description: z.string(),
});
export const FlagCatalog = z.object({ object: z.literal('list'), data: z.array(FlagDefinition) });

/** What Settings shows of the machine policy.json: where it is looked for, what it pins, why it was refused. */
export const MachinePolicy = z.object({ path: z.string(), pinned: z.record(z.string(), z.unknown()), error: z.string().nullable() });
export const About = z.object({
  object: z.literal('about'),
  engine_version: z.string(),
  service_version: z.string().nullable(),
  /** Null for roles that do not manage the workspace (analyst, viewer). */
  data_dir: z.string().nullable(),
  /** The base URL local tools reach the service on (service.json's url). */
  api_url: z.string().nullable(),
  policy: MachinePolicy.nullable(),
});

const keyFields = {
  id: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  key_prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
};
export const ApiKey = z.object(keyFields);
export const ApiKeyList = z.object({ object: z.literal('list'), data: z.array(ApiKey) });
export const KeyCreateBody = z.object({
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }),
  name: z
    .string({ error: 'must be a string of at most 200 characters' })
    .max(200, { error: 'must be a string of at most 200 characters' })
    .nullable()
    .optional(),
});
/** The key itself is shown once, here. */
export const ApiKeyCreated = z.object({ object: z.literal('api_key'), ...keyFields, key: z.string() });
export const ApiKeyRevoked = z.object({ id: z.string(), object: z.literal('api_key'), revoked: z.literal(true) });

export const WebhookSecret = z.object({ object: z.literal('webhook_secret'), secret: z.string() });

export type TextDiff = z.infer<typeof TextDiff>;
export type Revision = z.infer<typeof Revision>;
export type CheckAnalysis = z.infer<typeof CheckAnalysis>;
export type ScorePoint = z.infer<typeof ScorePoint>;
export type RulePreview = z.infer<typeof RulePreview>;
export type FlagDefinition = z.infer<typeof FlagDefinition>;
export type About = z.infer<typeof About>;
export type ApiKey = z.infer<typeof ApiKey>;
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
