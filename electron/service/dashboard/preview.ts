/**
 * "Test this condition against this check": the same CEL compile + evaluation the scorer uses,
 * fed with what the check was scored on (its published flags and the engine score before rules).
 */
import { compileCondition, scoreAnalysis, type Thresholds } from '../../../engine/scoring/index.js';
import { applyRules } from '../../../engine/scoring/rules.js';
import { TEXT_LIMIT_FOR_RULES } from '../../../engine/scoring/score.js';
import type { Analysis, Mode } from '../../../engine/types.js';
import type { PublicCheck } from './deps.js';

export type PreviewResult =
  | { ok: false; message: string }
  | { ok: true; matched: boolean; reasoning: string | null; evaluation_error: string | null; risk_score: number };

export function previewCondition(condition: string, check: PublicCheck, analysis: Analysis, disabledFlags: readonly string[]): PreviewResult {
  const compiled = compileCondition(condition);
  if (!compiled.ok) return { ok: false, message: compiled.message };
  const mode = (['normal', 'strict', 'lenient'].includes(check.engine.mode) ? check.engine.mode : 'normal') as Mode;
  const thresholds: Thresholds = check.thresholds;
  const document = { ...check.document, ...analysis.document };
  const verdict = scoreAnalysis(
    { findings: analysis.findings, document, extracted: analysis.extracted, text: analysis.text },
    { mode, thresholds, disabledFlagCodes: disabledFlags, rules: [] },
  );
  const flags = check.flags.length > 0 || check.status === 'completed' ? check.flags : verdict.flags;
  const evaluation = applyRules(
    [{ id: 'rule_preview', title: 'preview', condition, outcome_guidance: 'ADVISORY', score_delta: 0, document_types: null }],
    {
      document,
      extracted: { ...(check.extracted ?? analysis.extracted) },
      flags,
      flag_codes: flags.map((f) => String(f.code)),
      risk_score: verdict.engine_score,
      mode,
      text: analysis.text.slice(0, TEXT_LIMIT_FOR_RULES),
    },
    null,
    verdict.engine_score,
    thresholds,
  );
  const fired = evaluation.triggered[0];
  return {
    ok: true,
    matched: Boolean(fired),
    reasoning: fired?.reasoning ?? null,
    evaluation_error: evaluation.errors[0]?.message ?? null,
    risk_score: verdict.engine_score,
  };
}
