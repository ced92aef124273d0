/**
 * Engine Analysis + a check's settings snapshot -> the stored verdict (the "score" step of every
 * check, served or offline). Rule conditions are decided by a ConditionEvaluator (a sandbox thread with a
 * deadline), never on the caller's thread.
 */
import {
  type Thresholds,
  type ConditionContext,
  decideFrom,
  ruleApplies,
  type RuleInput,
  type RuleOutcome,
  engineVerdict,
  scoreAnalysis,
  type ScoringInput,
  type Analysis,
  type DocType,
  type Mode,
} from '../../../engine/index.js';
import type { ConditionEvaluator } from '../conditions/condition-sandbox.js';
import type { SettingsSnapshot, StoredVerdict } from '../domain/check-record.js';

export interface ScoredCheck {
  verdict: StoredVerdict;
  ruleErrors: Array<{ id: string; message: string }>;
}

/** Outcomes of the rules that apply to this document type, keyed by rule id. */
export async function decideRules(
  conditions: ConditionEvaluator,
  rules: readonly RuleInput[],
  ctx: ConditionContext,
  docType: DocType | null,
): Promise<Map<string, RuleOutcome>> {
  const applicable = rules.filter((r) => ruleApplies(r, docType));
  const outcomes = await conditions.evaluate(
    applicable.map((r) => r.condition),
    ctx,
  );
  return new Map(applicable.map((r, i) => [r.id, outcomes[i]]));
}

export async function scoreCheck(
  analysis: Analysis,
  settings: { mode: Mode; thresholds: Thresholds; snapshot: SettingsSnapshot },
  conditions: ConditionEvaluator,
): Promise<ScoredCheck> {
  const input: ScoringInput = {
    findings: analysis.findings,
    document: { ...analysis.document },
    extracted: analysis.extracted,
    text: analysis.text,
    incomplete: analysis.incomplete ?? [],
  };
  const scoring = {
    mode: settings.mode,
    thresholds: settings.thresholds,
    disabledFlagCodes: settings.snapshot.disabled_flag_codes,
    rules: settings.snapshot.rules,
  };
  const { conditionContext } = engineVerdict(input, scoring);
  const outcomes = await decideRules(conditions, scoring.rules, conditionContext, analysis.extracted.doc_type);
  const v = scoreAnalysis(input, { ...scoring, decideRule: decideFrom(outcomes) });
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
