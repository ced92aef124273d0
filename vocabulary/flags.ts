/**
 * The closed set of flag codes (SPEC: "closed and stable; integrations branch on flag.code") and
 * what a flag is filed under. Written once here, for the engine that raises flags, the contract
 * that sends them and the renderer that shows them. What each code means (title, description,
 * severity range) is the engine's catalog (engine/catalog/flags.ts), which must cover every code.
 * Adding a code is an API change: document it in docs/flags.md and bump the engine version.
 */

/** In catalog order: the order of the OpenAPI enum and of the flag catalog endpoint. */
export const FLAG_CODES = [
  'incremental_edit',
  'signature_invalidated',
  'font_inconsistency',
  'hidden_content',
  'page_inconsistency',
  'structural_anomaly',
  'active_content',
  'scrubbed_metadata',
  'editing_software',
  'metadata_mismatch',
  'date_inconsistency',
  'low_trust_origin',
  'arithmetic_error',
  'identifier_invalid',
  'content_inconsistency',
  'image_manipulation',
  'compression_anomaly',
  'ai_generated',
  'duplicate_document',
  'reused_content',
  'template_mismatch',
] as const;

export type FlagCode = (typeof FLAG_CODES)[number];

/** Flags decided by the workspace library rather than by a detector of one document. */
export const LIBRARY_FLAG_CODES = ['duplicate_document', 'reused_content', 'template_mismatch'] as const satisfies readonly FlagCode[];

export function isFlagCode(code: string): code is FlagCode {
  return (FLAG_CODES as readonly string[]).includes(code);
}

/** Most severe first: the order the renderer lists flags in. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CATEGORIES = ['structure', 'metadata', 'content', 'image', 'provenance', 'library'] as const;
export type Category = (typeof CATEGORIES)[number];
