/**
 * "Test this condition against this check": the same CEL compile + evaluation the scorer uses,
 * fed with what the check was scored on (its published flags and the engine score before rules).
 * The condition is evaluated by the service's ConditionEvaluator (off the API thread, with a
 * deadline), so a hostile condition cannot freeze the server.
 */
import { compileCondition, engineVerdict } from '../../../engine/scoring/index.js';
import type { ConditionEvaluator } from '../conditions/condition-sandbox.js';
import type { Analysis, Mode } from '../../../engine/types.js';
import type { PublicCheck } from './deps.js';
import { ruleReasoning } from '../../../engine/scoring/rules.js';

export type PreviewResult =
  | { ok: false; message: string }
  | { ok: true; matched: boolean; reasoning: string | null; evaluation_error: string | null; risk_score: number };

export async function previewCondition(
  condition: string,
  check: PublicCheck,
  analysis: Analysis,
  disabledFlags: readonly string[],
  conditions: ConditionEvaluator,
): Promise<PreviewResult> {
  const compiled = compileCondition(condition);
  if (!compiled.ok) return { ok: false, message: compiled.message };
  const mode = (['normal', 'strict', 'lenient'].includes(check.engine.mode) ? check.engine.mode : 'normal') as Mode;
  const document = { ...check.document, ...analysis.document };
  const verdict = engineVerdict({ findings: analysis.findings, document, extracted: analysis.extracted, text: analysis.text }, { mode, disabledFlagCodes: disabledFlags });
  const flags = check.flags.length > 0 || check.status === 'completed' ? check.flags : verdict.flags;
  const ctx = {
    ...verdict.conditionContext,
    extracted: { ...(check.extracted ?? analysis.extracted) },
    flags,
    flag_codes: flags.map((f) => String(f.code)),
  };
  const [outcome] = await conditions.evaluate([condition], ctx);
  const matched = 'fired' in outcome && outcome.fired;
  return {
    ok: true,
    matched,
    reasoning: matched ? ruleReasoning(condition, ctx) : null,
    evaluation_error: 'error' in outcome ? outcome.error : null,
    risk_score: verdict.engineScore,
  };
}
