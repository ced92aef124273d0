/**
 * How a check's record changes as it lives: new (`processing`), then `completed` or `failed`.
 * The store writes the same transitions as SQL; `veracity check` (offline, no store) uses these.
 */
const nowIso = () => new Date().toISOString();
import type { CheckError, CheckRecord, CompletedAnalysis, NewCheck } from './check-record.js';

export function newRecord(check: NewCheck): CheckRecord {
  return {
    id: check.id,
    created_at: check.created_at ?? nowIso(),
    status: 'processing',
    filename: check.filename,
    mime_type: check.mime_type,
    size_bytes: check.size_bytes,
    sha256: check.sha256,
    pages: check.pages ?? null,
    format: null,
    mode: check.mode,
    engine_version: check.engine_version,
    thresholds: check.thresholds,
    verdict: null,
    extracted: null,
    error: null,
    webhook_url: check.webhook_url,
    override_decision: null,
    completed_at: null,
    password_supplied: check.password_supplied ?? false,
  };
}

export function completedRecord(check: CheckRecord, result: CompletedAnalysis): CheckRecord {
  return {
    ...check,
    status: 'completed',
    pages: result.pages,
    format: result.format,
    verdict: result.verdict,
    extracted: result.extracted,
    engine_version: result.engine_version,
    error: null,
    completed_at: nowIso(),
  };
}

export function failedRecord(check: CheckRecord, error: CheckError): CheckRecord {
  return { ...check, status: 'failed', error, completed_at: nowIso() };
}
