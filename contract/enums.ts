/**
 * The closed value sets of the wire contract, as plain arrays: the zod schemas build on them, and
 * the renderer imports them as values without pulling zod or the engine into its bundle.
 */
export const DECISIONS = ['clear', 'pending', 'suspicious', 'fraudulent'] as const;
export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
/** Most severe first: the order the renderer lists flags in. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const CATEGORIES = ['structure', 'metadata', 'content', 'image', 'provenance', 'library'] as const;
export const MODES = ['normal', 'strict', 'lenient'] as const;
export const CHECK_STATUSES = ['processing', 'completed', 'failed'] as const;
export const MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const DOCUMENT_FORMATS = ['digital_pdf', 'scanned_pdf', 'hybrid_pdf', 'photo', 'scan_image', 'screenshot', 'digital_image'] as const;
export const DOC_TYPES = ['bank_statement', 'payslip', 'invoice', 'receipt', 'utility_bill', 'tax_form', 'id_document', 'letter', 'other'] as const;
/** Weakest binding first: the order the rule editor offers them in. */
export const OUTCOMES = ['ADVISORY', 'PENDING', 'REJECTED', 'ACCEPTED'] as const;
export const RULE_STATUSES = ['active', 'disabled'] as const;
export const ROLES = ['owner', 'admin', 'analyst', 'viewer'] as const;
export const PERMISSIONS = ['view_documents', 'submit_documents', 'manage_documents', 'manage_keys'] as const;
export const FEEDBACK_RATINGS = ['agree', 'disagree'] as const;
export const FEEDBACK_KINDS = ['verdict', 'flag'] as const;
export const REVISION_KINDS = ['original', 'linearization', 'signature', 'annotation', 'form_fill', 'metadata', 'content_edit', 'other'] as const;

export const ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'insufficient_credits_error',
  'permission_error',
  'not_found_error',
  'rate_limit_error',
  'api_error',
] as const;

/** Every `error.code` a request can be answered with (SPEC "Errors"; integrations branch on it). */
export const API_ERROR_CODES = [
  'check_not_completed',
  'file_and_url',
  'file_too_large',
  'host_not_allowed',
  'insufficient_permissions',
  'internal_error',
  'invalid_api_key',
  'invalid_body',
  'invalid_condition',
  'invalid_field',
  'invalid_json',
  'invalid_login_code',
  'invalid_multipart',
  'invalid_thresholds',
  'missing_api_key',
  'parameter_invalid',
  'parameter_missing',
  'rate_limit_exceeded',
  'request_aborted',
  'request_too_large',
  'resource_missing',
  'route_not_found',
  'storage_unavailable',
  'too_many_files',
  'unknown_flag_code',
  'unsupported_document',
  'unsupported_encoding',
  'url_fetch_failed',
] as const;

/** Every `error.code` of a `failed` document_check (the engine's named failures and the service's). */
export const CHECK_ERROR_CODES = [
  'corrupt_document',
  'encrypted_document',
  'unsupported_document',
  'too_many_pages',
  'image_too_large',
  'engine_error',
  'upload_missing',
  'analysis_timeout',
  'file_too_large',
] as const;

export type Decision = (typeof DECISIONS)[number];
export type DocType = (typeof DOC_TYPES)[number];
export type Severity = (typeof SEVERITIES)[number];
export type OutcomeGuidance = (typeof OUTCOMES)[number];
export type Role = (typeof ROLES)[number];
export type Permission = (typeof PERMISSIONS)[number];
export type ErrorType = (typeof ERROR_TYPES)[number];
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
export type CheckErrorCode = (typeof CHECK_ERROR_CODES)[number];
