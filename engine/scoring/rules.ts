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
  for (const [obj, record] of [['extracted', ctx.extracted], ['document', ctx.document]] as const) {
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

export function ruleApplies(rule: RuleInput, docType: DocType | null): boolean {
  if (!rule.document_types || rule.document_types.length === 0) return true;
  return docType !== null && rule.document_types.includes(docType);
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
): RuleEvaluation {
  const triggered: TriggeredRule[] = [];
  const errors: RuleEvaluation['errors'] = [];
  for (const rule of rules) {
    if (!ruleApplies(rule, docType)) continue;
    const compiled = compileCondition(rule.condition);
    if (!compiled.ok) {
      errors.push({ id: rule.id, message: compiled.message });
      continue;
    }
    let fired = false;
    try {
      fired = compiled.evaluate(ctx);
    } catch (err) {
      errors.push({ id: rule.id, message: (err as Error).message.split('\n')[0] });
    }
    if (!fired) continue;
    const values = describeValues(rule.condition, ctx);
    triggered.push({
      id: rule.id,
      title: rule.title,
      outcome_guidance: rule.outcome_guidance,
      score_delta: rule.score_delta,
      reasoning: `Condition \`${rule.condition}\` was true${values ? ` (${values})` : ''}.`,
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
