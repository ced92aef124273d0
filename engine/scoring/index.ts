export { engineVerdict, scoreAnalysis, type EngineVerdict, type ScoringInput, type ScoringSettings, type Verdict } from './score.js';
export { DEFAULT_THRESHOLDS, decisionForScore, riskLevelFor, thresholdsAreValid, type Thresholds } from './bands.js';
export { compileCondition, type ConditionContext } from './conditions.js';
export {
  decideFrom,
  evaluateRule,
  ruleApplies,
  type RuleDecider,
  type RuleInput,
  type RuleOutcome,
  type TriggeredRule,
  type OutcomeGuidance,
} from './rules.js';
export { applyMode } from './modes.js';
export { combineFlags, combineObservations } from './saturation.js';
