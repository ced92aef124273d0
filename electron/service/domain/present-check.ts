/**
 * A check as it leaves the service: the contract's document_check (SPEC "document_check"). Every
 * key is present in every state; the engine Analysis (revisions, structure) is never part of it.
 * The one presenter for HTTP responses, stored renderings, webhooks and `veracity check --json`.
 */
import type { DocumentCheck } from '../../../contract/check.js';
import { riskLevelFor, EMPTY_EXTRACTED } from '../../../engine/index.js';
import type { CheckRecord } from './check-record.js';

export function presentCheck(check: CheckRecord): DocumentCheck {
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
    engine: {
      version: check.engine_version,
      mode: check.mode,
      incomplete: verdict?.incomplete ?? [],
      password_supplied: check.password_supplied,
      timings: verdict?.timings ?? null,
    },
    error: check.status === 'failed' ? check.error : null,
  };
}
