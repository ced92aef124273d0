/**
 * "Test this condition against this check": the same CEL compile + evaluation the scorer uses,
 * fed with what the check was scored on (its stored flags and the engine score before rules).
 * The condition is evaluated by the service's ConditionEvaluator (off the API thread, with a
 * deadline), so a hostile condition cannot freeze the server.
 */
import { compileCondition, engineVerdict, ruleReasoning, type Analysis } from '../../../engine/index.js';
import type { ConditionEvaluator } from '../conditions/condition-sandbox.js';
import type { CheckRecord } from '../domain/check-record.js';

export type PreviewResult =
  { ok: false; message: string } | { ok: true; matched: boolean; reasoning: string | null; evaluation_error: string | null; risk_score: number };

export async function previewCondition(
  condition: string,
  check: CheckRecord,
  analysis: Analysis,
  disabledFlags: readonly string[],
  conditions: ConditionEvaluator,
): Promise<PreviewResult> {
  const compiled = compileCondition(condition);
  if (!compiled.ok) return { ok: false, message: compiled.message };
  const verdict = engineVerdict(
    { findings: analysis.findings, document: { ...analysis.document }, extracted: analysis.extracted, text: analysis.text },
    { mode: check.mode, disabledFlagCodes: disabledFlags },
  );
  // The flags the check was published with (the verdict's), so the preview sees what its rules saw.
  const flags = check.verdict?.flags ?? verdict.flags;
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
