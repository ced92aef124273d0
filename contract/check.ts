/**
 * The document_check object (SPEC "document_check") and what it is made of. The engine's own
 * types (engine/types.ts) describe what the engine produces; these describe what leaves the
 * service, and the service's presenter is type-checked against them.
 */
import { z } from 'zod';
import {
  CATEGORIES,
  CHECK_ERROR_CODES,
  CHECK_STATUSES,
  DECISIONS,
  DOC_TYPES,
  DOCUMENT_FORMATS,
  FLAG_CODES,
  MIME_TYPES,
  MODES,
  OUTCOMES,
  RISK_LEVELS,
  SEVERITIES,
} from './enums.js';

export const Decision = z.enum(DECISIONS);
export const FlagCode = z.enum(FLAG_CODES);

/** A box on a page as fractions of the page size, origin top-left: [x0, y0, x1, y1]. */
export const BBox = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** Free-form per SPEC; these keys have fixed meanings everywhere so that a viewer can draw them. */
export const Evidence = z
  .object({
    page: z.number().int().optional(),
    bbox: BBox.optional(),
    regions: z.array(z.object({ page: z.number().int(), bbox: BBox, label: z.string().optional() })).optional(),
    revision: z.number().int().optional(),
    revisions: z.array(z.number().int()).optional(),
    objects: z.array(z.number().int()).optional(),
    fonts: z.array(z.string()).optional(),
    before: z.string().optional(),
    after: z.string().optional(),
    /** Pixel findings: a PNG (data URL) to lay over `bbox` on `page`, one pixel per analysed cell. */
    heatmap: z.object({ page: z.number().int(), bbox: BBox, image: z.string() }).optional(),
  })
  .catchall(z.unknown());

export const Reason = z.object({
  /** `<flag>.<detail>`; an open set under each flag. */
  code: z.string(),
  summary: z.string(),
  pages: z.array(z.number().int()),
  evidence: Evidence,
});

export const Flag = z.object({
  code: FlagCode,
  category: z.enum(CATEGORIES),
  severity: z.enum(SEVERITIES),
  title: z.string(),
  description: z.string(),
  pages: z.array(z.number().int()),
  reasons: z.array(Reason),
});

export const Thresholds = z.object({
  pending_below: z.number().int(),
  suspicious_below: z.number().int(),
  fraudulent_below: z.number().int(),
});

export const TriggeredRule = z.object({
  id: z.string(),
  title: z.string(),
  outcome_guidance: z.enum(OUTCOMES),
  score_delta: z.number().int(),
  reasoning: z.string(),
});

export const Extracted = z.object({
  doc_type: z.enum(DOC_TYPES).nullable(),
  issuer: z.string().nullable(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  document_date: z.string().nullable(),
  account_number: z.string().nullable(),
  currency: z.string().nullable(),
});

/**
 * A detector that did not run to the end (`cause` `error`, or absent on checks stored before
 * causes existed), or checks one ran but could not carry out because what they need could not be
 * read (`unreadable`: a scanned table OCR did not make out), named in `checks` as reason codes.
 */
export const IncompleteDetector = z.object({
  detector: z.string(),
  message: z.string(),
  cause: z.enum(['error', 'unreadable']).optional(),
  checks: z.array(z.string()).optional(),
});

/**
 * Where a check's time went, in milliseconds per stage (docs/performance.md): receiving the upload
 * (streamed to disk, hashed and flushed), storing it and the check, waiting in the queue, the
 * hand-off to and from the analysis thread, reading the file there, the engine itself, the
 * workspace library comparison and scoring. A stage the service could not see (the upload of a
 * check settled by another process) is absent.
 */
export const StageTimings = z.object({
  receive: z.number().optional(),
  store: z.number().optional(),
  queue: z.number().optional(),
  handoff: z.number().optional(),
  read: z.number().optional(),
  engine: z.number().optional(),
  library: z.number().optional(),
  score: z.number().optional(),
});

export const CheckError = z.object({ type: z.literal('api_error'), code: z.enum(CHECK_ERROR_CODES), message: z.string() });

export const DocumentCheck = z.object({
  id: z.string(),
  object: z.literal('document_check'),
  created_at: z.string(),
  status: z.enum(CHECK_STATUSES),
  decision: Decision.nullable(),
  risk_level: z.enum(RISK_LEVELS).nullable(),
  risk_score: z.number().int().min(0).max(100).nullable(),
  thresholds: Thresholds,
  summary: z.string().nullable(),
  flags: z.array(Flag),
  rules: z.array(TriggeredRule),
  document: z.object({
    filename: z.string(),
    mime_type: z.enum(MIME_TYPES),
    /** Known at submit for images; for a PDF once the analysis has counted them. */
    pages: z.number().int().nullable(),
    size_bytes: z.number().int(),
    sha256: z.string(),
    format: z.enum(DOCUMENT_FORMATS).nullable(),
  }),
  extracted: Extracted,
  /**
   * `incomplete`: the detectors that did not run to the end and why (empty unless the analysis was
   * partial). `password_supplied`: a password came with the file (the password is never stored).
   * `timings`: where the check's time went, per stage (null until it settles, and on checks settled before it existed).
   */
  engine: z.object({
    version: z.string(),
    mode: z.enum(MODES),
    incomplete: z.array(IncompleteDetector),
    password_supplied: z.boolean(),
    timings: StageTimings.nullable().optional(),
  }),
  error: CheckError.nullable(),
});

export type BBox = z.infer<typeof BBox>;
export type Evidence = z.infer<typeof Evidence>;
export type Reason = z.infer<typeof Reason>;
export type Flag = z.infer<typeof Flag>;
export type Thresholds = z.infer<typeof Thresholds>;
export type TriggeredRule = z.infer<typeof TriggeredRule>;
export type Extracted = z.infer<typeof Extracted>;
export type CheckError = z.infer<typeof CheckError>;
export type StageTimings = z.infer<typeof StageTimings>;
export type DocumentCheck = z.infer<typeof DocumentCheck>;
