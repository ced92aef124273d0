import type { CheckErrorCode } from '../../../contract/enums.js';
import type { Analysis } from '../../../engine/types.js';

export interface AnalysisTask {
  path: string;
  filename: string;
  maxPages: number;
  maxMegapixels: number;
}

/** `service_stopping` is never stored: the check stays `processing` and resumes at the next start. */
export type AnalysisOutcome = { ok: true; analysis: Analysis } | { ok: false; code: CheckErrorCode | 'service_stopping'; message: string };
