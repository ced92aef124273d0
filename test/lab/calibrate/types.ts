/** What `npm run calibrate` caches per analysed file, and how the fit sees a document. */

export interface CachedFinding {
  flag: string;
  code: string;
  /** The detector's hand-set strength. */
  strength: number;
}

export type Source = 'lab' | 'real' | 'shared';

export interface CachedDoc {
  /** `<source>:<path relative to its corpus>`; unique in the cache. */
  key: string;
  source: Source;
  label: 'genuine' | 'tampered' | 'ai_generated';
  /** Lab forgery family (A, B); `real` for real-world files. */
  family: string;
  /** Cross-validation group: the lab technique, or the real corpus's split unit. */
  group: string;
  /** Real corpus split (tune, validate, test); absent for the lab. */
  split?: string;
  status: string;
  findings?: CachedFinding[];
}

export interface FindingsCache {
  engine_version: string;
  /** Git commit of the worktree that produced the findings, when known. */
  commit?: string;
  docs: Record<string, CachedDoc>;
}
