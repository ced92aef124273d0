/** Engine Analysis + a check's settings snapshot -> the stored verdict (shared by the service and `veracity check`). */
import type { Thresholds } from '../../../engine/scoring/bands.js';
import { scoreAnalysis } from '../../../engine/scoring/score.js';
import type { Analysis, Mode } from '../../../engine/types.js';
import type { SettingsSnapshot, StoredVerdict } from '../store/checks.js';

export interface ScoredCheck {
  verdict: StoredVerdict;
  ruleErrors: Array<{ id: string; message: string }>;
}

export function scoreCheck(analysis: Analysis, settings: { mode: Mode; thresholds: Thresholds; snapshot: SettingsSnapshot }): ScoredCheck {
  const v = scoreAnalysis(
    { findings: analysis.findings, document: { ...analysis.document }, extracted: analysis.extracted, text: analysis.text, incomplete: analysis.incomplete ?? [] },
    { mode: settings.mode, thresholds: settings.thresholds, disabledFlagCodes: settings.snapshot.disabled_flag_codes, rules: settings.snapshot.rules },
  );
  return {
    verdict: {
      decision: v.decision,
      risk_level: v.risk_level,
      risk_score: v.risk_score,
      engine_score: v.engine_score,
      summary: v.summary,
      flags: v.flags,
      rules: v.rules,
      incomplete: v.incomplete,
    },
    ruleErrors: v.rule_errors,
  };
}
