/** What the eval records for one analysed file. */
import type { Decision } from '../../../engine/types.js';
import type { FieldValues } from '../metrics/extraction.js';

export type OutcomeStatus = 'ok' | 'engine_error' | 'crash' | 'timeout';

export interface Outcome {
  /** Path relative to the corpus root. */
  file: string;
  status: OutcomeStatus;
  /** EngineError code, or the error name for crashes. */
  error_code?: string;
  error?: string;
  risk_score?: number;
  decision?: Decision;
  flags?: string[];
  /** Published reasons as `code (strength)` strings, strongest flag first (eval:real lists them). */
  reasons?: string[];
  extracted?: FieldValues;
  /** Detectors that threw (the engine survives them; the eval reports them). */
  detector_errors?: string[];
  /** Checks that ran into figures they could not read (Analysis.incomplete, cause `unreadable`), as reason codes. */
  not_checked?: string[];
  /** analyze + score, measured in the worker. */
  latency_ms?: number;
}

/** Request and reply between the runner and its worker thread. */
export interface WorkerRequest {
  id: number;
  path: string;
  filename: string;
  now?: string;
  producerContext?: false;
}

export type WorkerReply = { id: number } & Omit<Outcome, 'file'>;

export const FLAGGED: ReadonlySet<Decision> = new Set(['suspicious', 'fraudulent']);

export function isFlagged(o: Outcome): boolean {
  return o.status === 'ok' && FLAGGED.has(o.decision!);
}

export function isNotClear(o: Outcome): boolean {
  return o.status === 'ok' && o.decision !== 'clear';
}
