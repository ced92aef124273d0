import type { Analysis } from '../../../engine/types.js';

export interface AnalysisTask {
  path: string;
  filename: string;
  maxPages: number;
  maxMegapixels: number;
}

export type AnalysisOutcome = { ok: true; analysis: Analysis } | { ok: false; code: string; message: string };
