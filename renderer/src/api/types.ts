/** The v1 API contract (SPEC.md + DECISIONS.md) as the renderer sees it, plus dashboard shapes. */
export type Decision = 'clear' | 'pending' | 'suspicious' | 'fraudulent';
export const DECISIONS: readonly Decision[] = ['clear', 'pending', 'suspicious', 'fraudulent'];
export type Severity = 'low' | 'medium' | 'high' | 'critical';
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low'];
export type BBox = [number, number, number, number];

export interface Thresholds {
  pending_below: number;
  suspicious_below: number;
  fraudulent_below: number;
}

export interface Evidence {
  page?: number;
  bbox?: BBox;
  regions?: Array<{ page: number; bbox: BBox; label?: string }>;
  revision?: number;
  revisions?: number[];
  before?: string;
  after?: string;
  heatmap?: string | { page?: number; bbox?: BBox; image: string };
  [key: string]: unknown;
}

export interface Reason {
  code: string;
  summary: string;
  pages: number[];
  evidence: Evidence;
}

export interface Flag {
  code: string;
  category: string;
  severity: Severity;
  title: string;
  description: string;
  pages: number[];
  reasons: Reason[];
}

export interface TriggeredRule {
  id: string;
  title: string;
  outcome_guidance: OutcomeGuidance;
  score_delta: number;
  reasoning: string;
}

export interface Extracted {
  doc_type: string | null;
  issuer: string | null;
  name: string | null;
  address: string | null;
  document_date: string | null;
  account_number: string | null;
  currency: string | null;
}

export interface DocumentCheck {
  id: string;
  object: 'document_check';
  created_at: string;
  status: 'processing' | 'completed' | 'failed';
  decision: Decision | null;
  risk_level: string | null;
  risk_score: number | null;
  thresholds: Thresholds;
  summary: string | null;
  flags: Flag[];
  rules: TriggeredRule[];
  document: { filename: string; mime_type: string; pages?: number; size_bytes?: number; sha256?: string; format?: string };
  extracted: Extracted;
  /** `incomplete`: detectors that did not run and why (a partial analysis); absent on older checks. */
  engine: { version: string; mode: string; incomplete?: Array<{ detector: string; message: string }> };
  error: { type: string; code: string; message: string } | null;
}

export interface List<T> {
  object: 'list';
  data: T[];
  has_more?: boolean;
}

export type OutcomeGuidance = 'ACCEPTED' | 'REJECTED' | 'PENDING' | 'ADVISORY';
export const OUTCOMES: readonly OutcomeGuidance[] = ['ADVISORY', 'PENDING', 'REJECTED', 'ACCEPTED'];

export interface Rule {
  id: string;
  object: 'rule';
  title: string;
  condition: string;
  guidance?: string | null;
  outcome_guidance: OutcomeGuidance;
  score_delta: number;
  document_types?: string[] | null;
  status: 'active' | 'disabled';
  created_at?: string;
  updated_at?: string;
}

export type RuleInput = Omit<Rule, 'id' | 'object' | 'created_at' | 'updated_at'>;

export interface FlagSettings {
  disabled_flag_codes: string[];
  available_flag_codes?: string[];
}

export interface FlagDefinition {
  code: string;
  category: string;
  severity: { min: Severity; max: Severity };
  title: string;
  description: string;
}

export interface Feedback {
  rating: 'agree' | 'disagree';
  flag_code?: string;
  corrected_decision?: Decision | '';
  reason?: string;
}

export interface TextDiff {
  page: number;
  /** The changed words only. */
  before: string;
  after: string;
  /** The whole line before and after, as context. */
  lineBefore?: string;
  lineAfter?: string;
  bbox?: BBox;
}

export interface Revision {
  number: number;
  endOffset: number;
  kind: string;
  added: number[];
  changed: number[];
  deleted: number[];
  changedPages: number[];
  textDiff?: TextDiff[];
}

export interface CheckAnalysis {
  available: boolean;
  revisions: Revision[];
  page_sizes: Array<{ width: number; height: number }>;
}

export interface ScorePoint {
  id: string;
  created_at: string;
  risk_score: number;
  decision: string;
}

export interface RulePreview {
  matched: boolean;
  reasoning: string | null;
  evaluation_error: string | null;
  risk_score: number;
}

export type Role = 'owner' | 'admin' | 'analyst' | 'viewer';
export const ROLES: readonly Role[] = ['owner', 'admin', 'analyst', 'viewer'];

export interface ApiKey {
  id: string;
  name: string | null;
  role: Role;
  created_at: string;
  last_used_at?: string | null;
  revoked_at?: string | null;
  key?: string;
}

export interface About {
  engine_version: string;
  service_version: string | null;
  data_dir: string;
}

export const DOC_TYPES = ['bank_statement', 'payslip', 'invoice', 'receipt', 'utility_bill', 'tax_form', 'id_document', 'letter', 'other'] as const;
