/**
 * The closed value sets of the wire contract, as plain arrays: the zod schemas build on them, and
 * the renderer imports them as values without pulling zod or the engine into its bundle. The sets
 * the engine shares (flags, verdicts, documents) are written once, in vocabulary/; the ones only
 * the service speaks are written here.
 */
import { ENGINE_ERROR_CODES } from '../vocabulary/documents.js';

export { CATEGORIES, FLAG_CODES, LIBRARY_FLAG_CODES, SEVERITIES, type Category, type FlagCode, type Severity } from '../vocabulary/flags.js';
export { DECISIONS, MODES, RISK_LEVELS, type Decision, type Mode, type RiskLevel } from '../vocabulary/verdicts.js';
export {
  DOC_TYPES,
  DOCUMENT_FORMATS,
  MIME_TYPES,
  REVISION_KINDS,
  type DocType,
  type DocumentFormat,
  type MimeType,
  type RevisionKind,
} from '../vocabulary/documents.js';

export const CHECK_STATUSES = ['processing', 'completed', 'failed'] as const;
/** Weakest binding first: the order the rule editor offers them in. */
export const OUTCOMES = ['ADVISORY', 'PENDING', 'REJECTED', 'ACCEPTED'] as const;
export const RULE_STATUSES = ['active', 'disabled'] as const;
export const ROLES = ['owner', 'admin', 'analyst', 'viewer'] as const;
export const PERMISSIONS = ['view_documents', 'submit_documents', 'manage_documents', 'manage_keys'] as const;
export const FEEDBACK_RATINGS = ['agree', 'disagree'] as const;
export const FEEDBACK_KINDS = ['verdict', 'flag'] as const;

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
  'password_incorrect',
  'password_not_accepted',
  'password_required',
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
export const CHECK_ERROR_CODES = [...ENGINE_ERROR_CODES, 'upload_missing', 'analysis_timeout', 'file_too_large'] as const;

export type OutcomeGuidance = (typeof OUTCOMES)[number];
export type Role = (typeof ROLES)[number];
export type Permission = (typeof PERMISSIONS)[number];
export type ErrorType = (typeof ERROR_TYPES)[number];
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
export type CheckErrorCode = (typeof CHECK_ERROR_CODES)[number];
