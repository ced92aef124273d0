/**
 * The public document_check object (SPEC "document_check"). Every key is present in every state;
 * the engine Analysis (revisions, structure) is never part of it.
 */
import type { Thresholds } from '../../../engine/scoring/bands.js';
import type { TriggeredRule } from '../../../engine/scoring/rules.js';
import { EMPTY_EXTRACTED, type Decision, type Extracted, type Flag, type IncompleteDetector, type Mode, type RiskLevel } from '../../../engine/types.js';
import type { CheckError, CheckRecord, CheckStatus } from '../store/checks.js';
import { riskLevelFor } from '../../../engine/scoring/bands.js';

export interface DocumentCheckJson {
  id: string;
  object: 'document_check';
  created_at: string;
  status: CheckStatus;
  decision: Decision | null;
  risk_level: RiskLevel | null;
  risk_score: number | null;
  thresholds: Thresholds;
  summary: string | null;
  flags: Flag[];
  rules: TriggeredRule[];
  document: {
    filename: string;
    mime_type: string;
    pages: number | null;
    size_bytes: number;
    sha256: string;
    format: string | null;
  };
  extracted: Extracted;
  /** `incomplete`: engine detail beyond SPEC's version and mode, the detectors that did not run and why (empty unless the analysis was partial). */
  engine: { version: string; mode: Mode; incomplete: IncompleteDetector[] };
  error: CheckError | null;
}

export function renderCheck(check: CheckRecord): DocumentCheckJson {
  const verdict = check.status === 'completed' ? check.verdict : null;
  // SPEC rule 3: an override shows in `decision` (and its risk level) while the score stays the engine's.
  const decision = verdict ? (check.override_decision ?? verdict.decision) : null;
  return {
    id: check.id,
    object: 'document_check',
    created_at: check.created_at,
    status: check.status,
    decision,
    risk_level: decision ? riskLevelFor(decision) : null,
    risk_score: verdict ? verdict.risk_score : null,
    thresholds: {
      pending_below: check.thresholds.pending_below,
      suspicious_below: check.thresholds.suspicious_below,
      fraudulent_below: check.thresholds.fraudulent_below,
    },
    summary: verdict ? verdict.summary : null,
    flags: verdict ? verdict.flags : [],
    rules: verdict ? verdict.rules : [],
    document: {
      filename: check.filename,
      mime_type: check.mime_type,
      pages: check.pages,
      size_bytes: check.size_bytes,
      sha256: check.sha256,
      format: check.format,
    },
    extracted: { ...EMPTY_EXTRACTED, ...(check.status === 'completed' && check.extracted ? check.extracted : {}) },
    engine: { version: check.engine_version, mode: check.mode, incomplete: verdict?.incomplete ?? [] },
    error: check.status === 'failed' ? check.error : null,
  };
}
