/**
 * Workspace rules applied to an engine score: score_delta first, then binding outcomes.
 * Binding order is fixed so that conflicting rules resolve towards caution:
 * ACCEPTED caps into clear, then PENDING floors into pending, then REJECTED floors into fraudulent.
 */
import { compileCondition, type ConditionContext } from './conditions.js';
import type { Thresholds } from './bands.js';
import type { DocType } from '../types.js';

export type OutcomeGuidance = 'ACCEPTED' | 'REJECTED' | 'PENDING' | 'ADVISORY';

export interface RuleInput {
  id: string;
  title: string;
  condition: string;
  outcome_guidance: OutcomeGuidance;
  score_delta: number;
  document_types: string[] | null;
}

export interface TriggeredRule {
  id: string;
  title: string;
  outcome_guidance: OutcomeGuidance;
  score_delta: number;
  reasoning: string;
}

/** Values worth quoting in `reasoning`: the variables a condition mentions, as they were. */
function describeValues(condition: string, ctx: ConditionContext): string {
  const parts: string[] = [];
  const mention = (name: string) => new RegExp(`\\b${name}\\b`).test(condition);
  if (mention('risk_score')) parts.push(`risk_score=${ctx.risk_score}`);
  if (mention('flag_codes') || mention('flags')) parts.push(`flag_codes=[${ctx.flag_codes.join(', ')}]`);
  if (mention('mode')) parts.push(`mode=${ctx.mode}`);
  for (const [obj, record] of [
    ['extracted', ctx.extracted],
    ['document', ctx.document],
  ] as const) {
    const re = new RegExp(`\\b${obj}\\.([a-z_]+)`, 'g');
    for (const m of condition.matchAll(re)) {
      const key = m[1];
      const text = `${obj}.${key}=${JSON.stringify(record[key] ?? null)}`;
      if (!parts.includes(text)) parts.push(text);
    }
  }
  if (mention('text')) parts.push('text matched');
  return parts.join(', ');
}

/** The `reasoning` of a triggered rule: its condition and the values it was true on. */
export function ruleReasoning(condition: string, ctx: ConditionContext): string {
  const values = describeValues(condition, ctx);
  return `Condition \`${condition}\` was true${values ? ` (${values})` : ''}.`;
}

export function ruleApplies(rule: RuleInput, docType: DocType | null): boolean {
  if (!rule.document_types || rule.document_types.length === 0) return true;
  return docType !== null && rule.document_types.includes(docType);
}

/** What evaluating one rule's condition gave: fired or not, or why it could not be evaluated. */
export type RuleOutcome = { fired: boolean } | { error: string };

/** Decides one rule's condition. The default compiles and evaluates in this thread; the service
 * hands in outcomes computed in a sandbox thread with a deadline (a hostile condition is CPU). */
export type RuleDecider = (rule: RuleInput, ctx: ConditionContext) => RuleOutcome;

/** Compile and evaluate a rule's condition here, synchronously. */
export function evaluateRule(rule: Pick<RuleInput, 'condition'>, ctx: ConditionContext): RuleOutcome {
  const compiled = compileCondition(rule.condition);
  if (!compiled.ok) return { error: compiled.message };
  try {
    return { fired: compiled.evaluate(ctx) };
  } catch (err) {
    return { error: (err as Error).message.split('\n')[0] };
  }
}

/** A decider reading outcomes computed beforehand; a rule missing from them did not run. */
export function decideFrom(outcomes: ReadonlyMap<string, RuleOutcome>): RuleDecider {
  return (rule) => outcomes.get(rule.id) ?? { error: 'the condition was not evaluated' };
}

export interface RuleEvaluation {
  triggered: TriggeredRule[];
  score: number;
  /** Rules whose condition failed at evaluation time (e.g. a missing key): they do not fire. */
  errors: Array<{ id: string; message: string }>;
}

export function applyRules(
  rules: readonly RuleInput[],
  ctx: ConditionContext,
  docType: DocType | null,
  score: number,
  thresholds: Thresholds,
  decide: RuleDecider = evaluateRule,
): RuleEvaluation {
  const triggered: TriggeredRule[] = [];
  const errors: RuleEvaluation['errors'] = [];
  for (const rule of rules) {
    if (!ruleApplies(rule, docType)) continue;
    const outcome = decide(rule, ctx);
    if ('error' in outcome) {
      errors.push({ id: rule.id, message: outcome.error });
      continue;
    }
    if (!outcome.fired) continue;
    triggered.push({
      id: rule.id,
      title: rule.title,
      outcome_guidance: rule.outcome_guidance,
      score_delta: rule.score_delta,
      reasoning: ruleReasoning(rule.condition, ctx),
    });
  }
  let result = score + triggered.reduce((sum, r) => sum + r.score_delta, 0);
  result = Math.min(100, Math.max(0, Math.round(result)));
  const has = (o: OutcomeGuidance) => triggered.some((r) => r.outcome_guidance === o);
  if (has('ACCEPTED')) result = Math.min(result, thresholds.pending_below - 1);
  if (has('PENDING')) result = Math.max(result, thresholds.pending_below);
  if (has('REJECTED')) result = Math.max(result, thresholds.fraudulent_below);
  return { triggered, score: result, errors };
}
