/** The library's shared types (kept apart so that the store and the judgements import no cycle). */
import type { LibraryFingerprint } from '../../../engine/index.js';

export type RelationKind = 'same_file' | 'same_content' | 'reused_content' | 'same_template' | 'template_mismatch';

/** A key held by more documents than this is a template's or an issuer's, not one document's. */
export const COMMON_KEY_HOLDERS = 8;

export interface LibraryDoc {
  checkId: string;
  seq: number;
  sha256: string;
  issuer: string | null;
  docType: string | null;
  /** The check's decision as it stands: a reviewer's override, else feedback's correction, else the verdict. */
  decision: string | null;
  /** True when feedback agreed with the verdict or corrected it (a reviewer looked at it). */
  reviewed: boolean;
  fp: LibraryFingerprint;
}

export interface StoredRelation {
  otherId: string;
  relation: RelationKind;
  similarity: number;
  details: Record<string, unknown>;
}

export interface RelatedItem {
  check_id: string;
  relation: RelationKind;
  similarity: number;
  details: Record<string, unknown>;
}
