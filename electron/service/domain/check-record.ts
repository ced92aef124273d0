/**
 * A document check as the service keeps it: what was submitted, the settings snapshot it is
 * scored with (SPEC rule 6), and how it settled. Plain data, shared by the store, the queue and
 * the presenter; it imports nothing of theirs.
 */
import type {
  Thresholds,
  RuleInput,
  TriggeredRule,
  Analysis,
  Decision,
  DocumentFormat,
  Extracted,
  Flag,
  IncompleteDetector,
  MimeType,
  Mode,
  RiskLevel,
} from '../../../engine/index.js';
import type { CheckErrorCode } from '../../../contract/enums.js';
import type { StageTimings } from '../../../contract/check.js';

export type { StageTimings };

export type CheckStatus = 'processing' | 'completed' | 'failed';

export interface SettingsSnapshot {
  disabled_flag_codes: string[];
  rules: RuleInput[];
}

export interface StoredVerdict {
  decision: Decision;
  risk_level: RiskLevel;
  risk_score: number;
  /** Score before rules; kept for the dashboard and threshold suggestions. */
  engine_score: number;
  summary: string;
  flags: Flag[];
  rules: TriggeredRule[];
  /** Detectors that did not run (engine Analysis.incomplete); absent on verdicts stored before it existed. */
  incomplete?: IncompleteDetector[];
  /** Where the check's time went up to scoring (contract StageTimings); absent on verdicts stored before it existed. */
  timings?: StageTimings;
}

export interface CheckError {
  type: 'api_error';
  code: CheckErrorCode;
  message: string;
}

export interface CheckRecord {
  id: string;
  created_at: string;
  status: CheckStatus;
  filename: string;
  mime_type: MimeType;
  size_bytes: number;
  sha256: string;
  pages: number | null;
  format: DocumentFormat | null;
  mode: Mode;
  engine_version: string;
  thresholds: Thresholds;
  verdict: StoredVerdict | null;
  extracted: Extracted | null;
  error: CheckError | null;
  webhook_url: string | null;
  /** A reviewer's decision override (SPEC rule 3); the score keeps the engine's value. */
  override_decision: Decision | null;
  completed_at: string | null;
  /** A password came with the file (the password itself is never stored: checks/passwords.ts). */
  password_supplied: boolean;
}

export interface NewCheck {
  id: string;
  filename: string;
  mime_type: MimeType;
  size_bytes: number;
  sha256: string;
  mode: Mode;
  engine_version: string;
  thresholds: Thresholds;
  snapshot: SettingsSnapshot;
  webhook_url: string | null;
  /** Known at submit for images (always one page). */
  pages?: number | null;
  created_at?: string;
  password_supplied?: boolean;
}

export interface CompletedAnalysis {
  pages: number;
  format: DocumentFormat;
  verdict: StoredVerdict;
  extracted: Extracted;
  engine_version: string;
  /** The full engine Analysis, kept for the dashboard only. */
  analysis: Analysis;
}
