/**
 * The verdict: findings + workspace settings snapshot -> score, decision, flags, rules, summary.
 * Order (each step documented in docs/scoring.md):
 * 1. disabled flag codes are removed, strengths calibrated, corroborating-only reasons without an
 *    act brought to context; 2. findings group into flags (saturation within a flag);
 * 3. flags combine by saturation into the engine score; 4. the mode moves it;
 * 5. rules add score_delta and bind; 6. decision and risk level follow from the final score.
 */
import type { Decision, Extracted, Finding, Flag, Mode, RiskLevel, DocumentFacts, IncompleteDetector } from '../types.js';
import { clampScore, decisionForScore, riskLevelFor, type Thresholds } from './bands.js';
import { groupFindings } from './flags.js';
import { applyMode } from './modes.js';
import { applyRules, type RuleDecider, type RuleInput, type TriggeredRule } from './rules.js';
import type { ConditionContext } from './conditions.js';
import { combineFlags } from './saturation.js';
import { calibrateFindings, CONTEXT_STRENGTH, type CalibrationTable } from './calibration.js';
import { FITTED_STRENGTHS } from './calibration.generated.js';
import { summarize } from './summary.js';
import { withCorroboration } from './corroborating.js';

export interface ScoringInput {
  findings: readonly Finding[];
  document: DocumentFacts & Record<string, unknown>;
  extracted: Extracted;
  text: string;
  /** Detectors that did not run (Analysis.incomplete): the verdict is then partial. */
  incomplete?: readonly IncompleteDetector[];
}

export interface ScoringSettings {
  mode: Mode;
  thresholds: Thresholds;
  disabledFlagCodes: readonly string[];
  rules: readonly RuleInput[];
  /** How rule conditions are decided; by default compiled and evaluated in this thread. */
  decideRule?: RuleDecider;
  /**
   * Fitted strengths per reason code (calibration.ts); default the generated table, `null` for
   * the detectors' hand-set strengths (what `npm run calibrate` compares against).
   */
  calibration?: CalibrationTable | null;
}

export interface Verdict {
  risk_score: number;
  /** Score after mode, before rules (what CEL sees as `risk_score`). */
  engine_score: number;
  decision: Decision;
  risk_level: RiskLevel;
  summary: string;
  flags: Flag[];
  rules: TriggeredRule[];
  rule_errors: Array<{ id: string; message: string }>;
  /** Detectors that did not run; non-empty means the score covers only the checks that did. */
  incomplete: IncompleteDetector[];
}

export const TEXT_LIMIT_FOR_RULES = 20_000;

/**
 * Findings at or below CONTEXT_STRENGTH are context (consumer-software origin, a re-save months
 * later, an attached invoice XML, form scripts): what genuine files show every day, about as
 * often as forgeries (calibration measures their likelihood ratio near or below 1). They are
 * shown, but they are not evidence, so they never move the score: beside evidence the score is
 * that of the evidence alone, and a document with nothing but context scores as its strongest
 * context finding. However many there are and whatever else is present, context never moves a
 * document out of clear. Calibration never lifts a context finding out of context.
 */
export { CONTEXT_STRENGTH };

export interface EngineVerdict {
  engineScore: number;
  flags: Flag[];
  /** What rule conditions see. */
  conditionContext: ConditionContext;
}

/** Steps 1-4: flags and the engine score, before any rule; what CEL conditions are evaluated on. */
export function engineVerdict(input: ScoringInput, settings: Pick<ScoringSettings, 'mode' | 'disabledFlagCodes' | 'calibration'>): EngineVerdict {
  const disabled = new Set(settings.disabledFlagCodes);
  const table = settings.calibration === undefined ? FITTED_STRENGTHS : settings.calibration;
  // Corroborating-only reasons (corroborating.ts) are weighed after calibration: context alone,
  // their calibrated weight beside a finding of an act.
  const kept = withCorroboration(
    calibrateFindings(
      input.findings.filter((f) => !disabled.has(f.flag)),
      table,
    ),
  );
  const grouped = groupFindings(kept);
  const engineRaw = 100 * evidenceStrength(kept);
  const engineScore = clampScore(applyMode(engineRaw, settings.mode));
  const flags = grouped.filter((g) => g.published).map((g) => g.flag);
  return {
    engineScore,
    flags,
    conditionContext: {
      document: input.document,
      extracted: { ...input.extracted },
      flags,
      flag_codes: flags.map((f) => f.code),
      risk_score: engineScore,
      mode: settings.mode,
      text: input.text.slice(0, TEXT_LIMIT_FOR_RULES),
    },
  };
}

/** Combined strength of the evidence (findings above context); the strongest context finding when there is none. */
export function evidenceStrength(findings: readonly Finding[]): number {
  const evidence = findings.filter((f) => f.strength > CONTEXT_STRENGTH);
  if (evidence.length === 0) return Math.max(0, ...findings.map((f) => f.strength));
  return combineFlags(groupFindings(evidence).map((g) => g.strength));
}

export function scoreAnalysis(input: ScoringInput, settings: ScoringSettings): Verdict {
  const { engineScore, flags, conditionContext } = engineVerdict(input, settings);
  const evaluation = applyRules(settings.rules, conditionContext, input.extracted.doc_type, engineScore, settings.thresholds, settings.decideRule);
  const riskScore = clampScore(evaluation.score);
  const decision = decisionForScore(riskScore, settings.thresholds);
  return {
    risk_score: riskScore,
    engine_score: engineScore,
    decision,
    risk_level: riskLevelFor(decision),
    summary: summarize(decision, flags, evaluation.triggered, input.document, input.incomplete ?? []),
    flags,
    rules: evaluation.triggered,
    rule_errors: evaluation.errors,
    incomplete: [...(input.incomplete ?? [])],
  };
}
