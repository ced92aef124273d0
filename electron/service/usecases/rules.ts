/**
 * Workspace rules (SPEC "Rules", DECISIONS "Rules"): a rule's defaults are filled in and its CEL
 * condition compiled on every write, so a rule the scorer cannot run is never stored; every
 * change is one audited transaction.
 */
import type { z } from 'zod';
import type { RuleBody, RulePatch } from '../../../contract/api-v1.js';
import { compileCondition } from '../../../engine/index.js';
import type { RuleFields, RuleRecord, Store } from '../store/index.js';
import { Rejected } from './rejections.js';

/** What a rule is when its body leaves a field out. */
const RULE_DEFAULTS: Omit<RuleFields, 'title' | 'condition'> = {
  guidance: null,
  outcome_guidance: 'ADVISORY',
  score_delta: 0,
  document_types: null,
  status: 'active',
};

type FullRule = z.output<typeof RuleBody>;
type PartialRule = z.output<typeof RulePatch>;

function withDefaults(body: FullRule): RuleFields {
  return {
    title: body.title,
    condition: body.condition,
    guidance: body.guidance ?? RULE_DEFAULTS.guidance,
    outcome_guidance: body.outcome_guidance ?? RULE_DEFAULTS.outcome_guidance,
    score_delta: body.score_delta ?? RULE_DEFAULTS.score_delta,
    document_types: body.document_types ?? RULE_DEFAULTS.document_types,
    status: body.status ?? RULE_DEFAULTS.status,
  };
}

function assertCompiles(condition: string): void {
  const compiled = compileCondition(condition);
  if (!compiled.ok) throw new Rejected('invalid_condition', `Invalid 'condition': ${compiled.message}`);
}

/** What the audit log keeps of a rule: its fields after the change. */
function ruleDetails(r: RuleRecord) {
  return {
    title: r.title,
    condition: r.condition,
    outcome_guidance: r.outcome_guidance,
    score_delta: r.score_delta,
    document_types: r.document_types,
    status: r.status,
  };
}

export class Rules {
  constructor(private readonly store: Store) {}

  /** Newest first; null when `startingAfter` names no rule. */
  list(limit: number, startingAfter?: string): Promise<{ data: RuleRecord[]; has_more: boolean } | null> {
    return this.store.rules.list(limit, startingAfter);
  }

  get(id: string): Promise<RuleRecord | null> {
    return this.store.rules.get(id);
  }

  create(body: FullRule, actor: string): Promise<RuleRecord> {
    const fields = withDefaults(body);
    assertCompiles(fields.condition);
    return this.store.audited(
      actor,
      (tx) => tx.rules.create(fields),
      (r) => ({ action: 'rule.created', target_id: r.id, details: { ...ruleDetails(r) } }),
    );
  }

  /** PATCH: the fields given replace the rule's; the others stay. */
  patch(existing: RuleRecord, patch: PartialRule, actor: string): Promise<RuleRecord> {
    if (patch.condition !== undefined) assertCompiles(patch.condition);
    const merged: RuleFields = { ...existing, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    return this.update(existing.id, merged, actor);
  }

  /** PUT: the body is the whole rule; what it leaves out goes back to the defaults. */
  replace(existing: RuleRecord, body: FullRule, actor: string): Promise<RuleRecord> {
    const fields = withDefaults(body);
    assertCompiles(fields.condition);
    return this.update(existing.id, fields, actor);
  }

  /** false when there is no such rule. */
  remove(id: string, actor: string): Promise<boolean> {
    return this.store.audited(
      actor,
      (tx) => tx.rules.softDelete(id),
      (done) => (done ? { action: 'rule.deleted', target_id: id } : null),
    );
  }

  private update(id: string, fields: RuleFields, actor: string): Promise<RuleRecord> {
    return this.store.audited(
      actor,
      async (tx) => (await tx.rules.update(id, fields))!,
      (r) => ({ action: 'rule.updated', target_id: r.id, details: { ...ruleDetails(r) } }),
    );
  }
}
