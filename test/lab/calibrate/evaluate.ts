/**
 * Scores cached findings with or without a calibration table (the engine's own scorer, so the
 * figures are what `npm run eval` would print for the same findings), and the cross-validation:
 * k folds by group (lab technique, real corpus unit), each fold scored with a table fitted on
 * the other folds, so the reported "fitted" figures are out-of-fold.
 */
import { DEFAULT_THRESHOLDS, engineVerdict } from '../../../engine/scoring/index.js';
import type { CalibrationTable } from '../../../engine/scoring/calibration.js';
import { EMPTY_EXTRACTED, type Finding } from '../../../engine/types.js';
import { rocAuc } from '../metrics/auc.js';
import { fitTable, type FitDoc, type FitParams } from './fit.js';
import type { CachedFinding } from './types.js';

export function engineScore(findings: readonly CachedFinding[], table: CalibrationTable | null): number {
  const full = findings.map((f) => ({ ...f, summary: '', pages: [], evidence: {} }) as unknown as Finding);
  return engineVerdict(
    { findings: full, document: { mime_type: 'application/pdf', format: 'digital_pdf', pages: 1 }, extracted: { ...EMPTY_EXTRACTED }, text: '' },
    { mode: 'normal', disabledFlagCodes: [], calibration: table },
  ).engineScore;
}

export interface Scored {
  score: number;
  forged: boolean;
}

export interface Figures {
  forged: number;
  genuine: number;
  /** Share of forged documents at suspicious or worse. */
  detection: number | null;
  /** Share of genuine documents at suspicious or worse / not clear. */
  fp_flagged: number | null;
  fp_not_clear: number | null;
  fraudulent_genuine: number;
  auc: number | null;
}

export function figures(scored: readonly Scored[]): Figures {
  const forged = scored.filter((s) => s.forged);
  const genuine = scored.filter((s) => !s.forged);
  const share = (xs: readonly Scored[], pred: (s: Scored) => boolean) => (xs.length ? xs.filter(pred).length / xs.length : null);
  return {
    forged: forged.length,
    genuine: genuine.length,
    detection: share(forged, (s) => s.score >= DEFAULT_THRESHOLDS.suspicious_below),
    fp_flagged: share(genuine, (s) => s.score >= DEFAULT_THRESHOLDS.suspicious_below),
    fp_not_clear: share(genuine, (s) => s.score >= DEFAULT_THRESHOLDS.pending_below),
    fraudulent_genuine: genuine.filter((s) => s.score >= DEFAULT_THRESHOLDS.fraudulent_below).length,
    auc: rocAuc(scored.map((s) => ({ score: s.score, positive: s.forged }))),
  };
}

/** A stable fold for a group name (FNV-1a), so folds do not depend on the order of the cache. */
export function foldOf(group: string, k: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < group.length; i++) {
    h ^= group.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % k;
}

export interface GroupedDoc extends FitDoc {
  group: string;
}

/** Out-of-fold scores: every document scored with a table fitted without its group's fold. */
export function crossValidate(docs: readonly GroupedDoc[], k: number, params: FitParams): { hand: Scored[]; fitted: Scored[]; real: boolean[] } {
  const hand: Scored[] = [];
  const fitted: Scored[] = [];
  const real: boolean[] = [];
  for (let fold = 0; fold < k; fold++) {
    const test = docs.filter((d) => foldOf(d.group, k) === fold);
    if (test.length === 0) continue;
    const { table } = fitTable(
      docs.filter((d) => foldOf(d.group, k) !== fold),
      params,
    );
    for (const d of test) {
      hand.push({ score: engineScore(d.findings, null), forged: d.forged });
      fitted.push({ score: engineScore(d.findings, table), forged: d.forged });
      real.push(d.real);
    }
  }
  return { hand, fitted, real };
}
