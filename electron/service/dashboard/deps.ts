/**
 * What the dashboard router needs from the service. Kept as plain functions so the service (task A)
 * can hand over its store without the dashboard knowing about SQLite, and tests can use fakes.
 * Every function may be sync or async.
 */
import type { Analysis } from '../../../engine/types.js';
import type { ConditionEvaluator } from '../conditions/condition-sandbox.js';

export type Role = 'owner' | 'admin' | 'analyst' | 'viewer';
export type Permission = 'view_documents' | 'submit_documents' | 'manage_documents' | 'manage_keys';

type MaybePromise<T> = T | Promise<T>;

/** The public document_check JSON exactly as GET /api/v1/document-checks/:id/ returns it. */
export interface PublicCheck {
  id: string;
  status: string;
  created_at: string;
  decision: string | null;
  risk_score: number | null;
  thresholds: { pending_below: number; suspicious_below: number; fraudulent_below: number };
  flags: Array<{ code: string; [key: string]: unknown }>;
  document: { filename?: string; mime_type?: string; sha256?: string; [key: string]: unknown };
  extracted: Record<string, unknown>;
  engine: { version: string; mode: string; incomplete?: Array<{ detector: string; message: string }> };
  [key: string]: unknown;
}

export interface StoredFile {
  bytes: Uint8Array;
  mime_type: string;
  filename?: string;
}

/** One row of the score distribution: enough to redraw bands and count decision changes. */
export interface ScorePoint {
  id: string;
  created_at: string;
  risk_score: number;
  decision: string;
}

export interface KeyRecord {
  id: string;
  name: string | null;
  role: Role;
  created_at: string;
  last_used_at?: string | null;
  revoked_at?: string | null;
}

export interface DashboardDeps {
  /** Resolve a raw bearer key; null when unknown or revoked. */
  authenticate(rawKey: string): MaybePromise<{ role: Role; keyId?: string } | null>;
  getCheck(id: string): MaybePromise<PublicCheck | null>;
  /** The engine's Analysis stored with a completed check (revisions, page sizes, findings, text). */
  getAnalysis(id: string): MaybePromise<Analysis | null>;
  /** Original uploaded bytes of a check. */
  getFile(id: string): MaybePromise<StoredFile | null>;
  /** The most recent completed checks' scores, newest first. */
  recentScores(limit: number): MaybePromise<ScorePoint[]>;
  /** Optional: disabled flag codes snapshotted on the check, for an exact rule preview. */
  getCheckDisabledFlags?(id: string): MaybePromise<string[] | null>;
  keys: {
    /** `actorKeyId`: the key that asked, for the audit log. */
    create(input: { role: Role; name: string | null; actorKeyId?: string | null }): MaybePromise<KeyRecord & { key: string }>;
    list(): MaybePromise<KeyRecord[]>;
    /** false when no such key. */
    revoke(id: string, actorKeyId?: string | null): MaybePromise<boolean>;
  };
  webhookSecret(): MaybePromise<string>;
  /** Evaluates rule previews off the API thread, with a deadline. */
  conditions: ConditionEvaluator;
  dataDir: string;
  serviceVersion?: string;
  /** The API's base URL as local tools reach it (service.json's url). */
  apiUrl?(): string | null;
  /** The machine policy in force, shown read-only in Settings. */
  policy?: MachinePolicyView;
}

/** What Settings shows of policy.json: where it is looked for, what it pins, why it was refused. */
export interface MachinePolicyView {
  path: string;
  pinned: Record<string, unknown>;
  error: string | null;
}

/** DECISIONS "Keys, roles, permissions". */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: ['view_documents', 'submit_documents', 'manage_documents', 'manage_keys'],
  admin: ['view_documents', 'submit_documents', 'manage_documents'],
  analyst: ['view_documents', 'submit_documents'],
  viewer: ['view_documents'],
};

export const ROLES = Object.keys(ROLE_PERMISSIONS) as Role[];
