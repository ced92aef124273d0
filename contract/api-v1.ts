/**
 * Requests and responses of `/api/v1` (SPEC + DECISIONS). The routes parse with these request
 * schemas, so a 400 names the field exactly as the OpenAPI document describes it.
 */
import { z } from 'zod';
import { DocumentCheck, FlagCode } from './check.js';
import { API_ERROR_CODES, DECISIONS, DOC_TYPES, ERROR_TYPES, FEEDBACK_KINDS, FEEDBACK_RATINGS, MODES, OUTCOMES, RULE_STATUSES } from './enums.js';
import { booleanParam, emptyToUndefined, httpUrl, integerParam } from './params.js';

// ---- shared ----

export const ApiErrorBody = z.object({
  error: z.object({ type: z.enum(ERROR_TYPES), code: z.enum(API_ERROR_CODES), message: z.string() }),
});

export const listOf = <T extends z.ZodType>(item: T) => z.object({ object: z.literal('list'), data: z.array(item), has_more: z.boolean() });

export const Deleted = (object: string) => z.object({ id: z.string(), object: z.literal(object), deleted: z.literal(true) });

const pageQuery = (what: string) =>
  z.object({
    limit: integerParam(1, 100).optional(),
    starting_after: z.string({ error: `must be a single ${what} id` }).optional(),
  });

// ---- document checks ----

export const SubmitQuery = z.object({ wait: booleanParam().optional() });

/** The non-file fields of a submission (multipart form fields, form-urlencoded or JSON). */
export const SubmitFields = z.object({
  url: z.preprocess(emptyToUndefined, httpUrl('url').optional()),
  mode: z.preprocess(emptyToUndefined, z.enum(MODES, { error: 'must be one of normal, strict, lenient' }).optional()),
  webhook_url: z.preprocess(emptyToUndefined, httpUrl('webhook_url').optional()),
  /**
   * The password of a PDF that needs one to open (user or owner password). Used for this
   * analysis only: never stored, logged, echoed, or put in webhooks or the audit log.
   */
  password: z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' }).max(1024, { error: 'must be at most 1024 characters' }).optional(),
});

export const CheckListQuery = pageQuery('check');
export const DocumentCheckList = listOf(DocumentCheck);
export const DocumentCheckDeleted = Deleted('document_check');

export const FeedbackBody = z.object({
  rating: z.enum(FEEDBACK_RATINGS, { error: 'must be agree or disagree' }),
  flag_code: z.preprocess(emptyToUndefined, z.string({ error: 'must be a string' }).nullable().optional()),
  corrected_decision: z.preprocess(
    emptyToUndefined,
    z.enum(DECISIONS, { error: 'must be one of clear, pending, suspicious, fraudulent, or empty' }).nullable().optional(),
  ),
  reason: z.preprocess(emptyToUndefined, z.string({ error: 'must be a string' }).max(5000, { error: 'must be at most 5000 characters' }).nullable().optional()),
});

export const Feedback = z.object({
  id: z.number().int(),
  object: z.literal('check_feedback'),
  created_at: z.string(),
  document_check: z.string(),
  kind: z.enum(FEEDBACK_KINDS),
  rating: z.enum(FEEDBACK_RATINGS),
  flag_code: FlagCode.nullable(),
  corrected_decision: z.enum(DECISIONS).nullable(),
  reason: z.string().nullable(),
});

// ---- rules ----

const ruleFields = {
  title: z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' }),
  condition: z.string({ error: 'must be a string (a CEL expression)' }).max(10_000, { error: 'must be at most 10000 characters' }),
  guidance: z.string({ error: 'must be a string' }).max(10_000, { error: 'must be at most 10000 characters' }).nullable(),
  outcome_guidance: z.enum(OUTCOMES, { error: 'must be one of ACCEPTED, REJECTED, PENDING, ADVISORY' }),
  score_delta: z
    .number({ error: 'must be an integer between -100 and 100' })
    .int({ error: 'must be an integer between -100 and 100' })
    .min(-100, { error: 'must be an integer between -100 and 100' })
    .max(100, { error: 'must be an integer between -100 and 100' }),
  document_types: z
    .array(z.enum(DOC_TYPES, { error: `must list document types among ${DOC_TYPES.join(', ')}` }), { error: 'must be an array of document types' })
    .nullable(),
  status: z.enum(RULE_STATUSES, { error: 'must be active or disabled' }),
};

/** POST and PUT: title and condition required, omitted optional fields take their defaults. */
export const RuleBody = z.object({
  title: ruleFields.title,
  condition: ruleFields.condition,
  guidance: ruleFields.guidance.optional(),
  outcome_guidance: ruleFields.outcome_guidance.optional(),
  score_delta: ruleFields.score_delta.optional(),
  document_types: ruleFields.document_types.optional(),
  status: ruleFields.status.optional(),
});

export const RulePatch = z.object({
  title: ruleFields.title.optional(),
  condition: ruleFields.condition.optional(),
  guidance: ruleFields.guidance.optional(),
  outcome_guidance: ruleFields.outcome_guidance.optional(),
  score_delta: ruleFields.score_delta.optional(),
  document_types: ruleFields.document_types.optional(),
  status: ruleFields.status.optional(),
});

export const RuleListQuery = pageQuery('rule');

export const Rule = z.object({
  id: z.string(),
  object: z.literal('rule'),
  title: z.string(),
  condition: z.string(),
  guidance: z.string().nullable(),
  outcome_guidance: z.enum(OUTCOMES),
  score_delta: z.number().int(),
  document_types: z.array(z.enum(DOC_TYPES)).nullable(),
  status: z.enum(RULE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export const RuleList = listOf(Rule);
export const RuleDeleted = Deleted('rule');

// ---- settings ----

const cut = z.number({ error: 'must be an integer between 1 and 100' }).int({ error: 'must be an integer between 1 and 100' });
export const ThresholdsPatch = z.object({ pending_below: cut.optional(), suspicious_below: cut.optional(), fraudulent_below: cut.optional() });
export const ThresholdsSettings = z.object({
  object: z.literal('thresholds'),
  pending_below: z.number().int(),
  suspicious_below: z.number().int(),
  fraudulent_below: z.number().int(),
  updated_at: z.string().nullable(),
});

export const FlagSettingsPatch = z.object({
  disabled_flag_codes: z.array(z.string({ error: 'must contain only strings' }), { error: 'must be an array of flag codes' }),
});
export const FlagSettings = z.object({
  object: z.literal('flag_settings'),
  disabled_flag_codes: z.array(FlagCode),
  available_flag_codes: z.array(FlagCode),
});

// ---- audit and retention ----

export const AuditListQuery = pageQuery('audit event');
export const AuditEvent = z.object({
  id: z.string(),
  object: z.literal('audit_event'),
  created_at: z.string(),
  actor_key_id: z.string().nullable(),
  action: z.string(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  prev_hash: z.string(),
  hash: z.string(),
});
export const AuditEventList = listOf(AuditEvent);

const days = z
  .number({ error: 'must be an integer of at least 1, or null' })
  .int({ error: 'must be an integer of at least 1, or null' })
  .min(1, { error: 'must be an integer of at least 1, or null' })
  .nullable()
  .optional();
export const RetentionPatch = z.object({ delete_files_after_days: days, delete_checks_after_days: days });
export const Retention = z.object({
  object: z.literal('retention'),
  delete_files_after_days: z.number().int().nullable(),
  delete_checks_after_days: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});

// ---- service ----

export const Health = z.object({
  object: z.literal('health'),
  /** `degraded` while the disk under the data folder refuses writes (storage_error says why). */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  engine_version: z.string(),
  /** Checks submitted and not yet settled (waiting or being analysed): the backlog. */
  queue_depth: z.number().int().min(0),
  /** Present only while degraded: why writes fail, and since when (ISO 8601). */
  storage_error: z.string().optional(),
  storage_failing_since: z.string().optional(),
});
/** This document itself (described loosely: OpenAPI 3.1 has its own schema). */
export const OpenApiDocument = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }).catchall(z.unknown()) })
  .catchall(z.unknown());

export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
export type Feedback = z.infer<typeof Feedback>;
export type FeedbackBody = z.input<typeof FeedbackBody>;
export type Rule = z.infer<typeof Rule>;
export type RuleBody = z.input<typeof RuleBody>;
export type ThresholdsSettings = z.infer<typeof ThresholdsSettings>;
export type FlagSettings = z.infer<typeof FlagSettings>;
export type AuditEvent = z.infer<typeof AuditEvent>;
export type Retention = z.infer<typeof Retention>;
export type Health = z.infer<typeof Health>;
export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}
