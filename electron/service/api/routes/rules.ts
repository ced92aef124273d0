/** Workspace rules CRUD (SPEC "Rules", DECISIONS "Rules"): conditions are compiled on every write. */
import { Router } from 'express';
import type { z } from 'zod';
import { RuleBody as fullRule, RuleListQuery as listQuery, RulePatch as partialRule, type Rule } from '../../../../contract/api-v1.js';
import { compileCondition } from '../../../../engine/index.js';
import type { ServiceContext } from '../../context.js';
import { RULE_DEFAULTS, type RuleFields, type RuleRecord } from '../../store/rules.js';
import { apiKeyOf, requirePermission } from '../auth.js';
import { invalidRequest, methodNotAllowed, notFound } from '../errors.js';
import { parseWith } from '../validation.js';

function withDefaults(body: z.output<typeof fullRule>): RuleFields {
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
  if (!compiled.ok) throw invalidRequest('invalid_condition', `Invalid 'condition': ${compiled.message}`);
}

export function renderRule(rule: RuleRecord): Rule {
  return {
    id: rule.id,
    object: 'rule' as const,
    title: rule.title,
    condition: rule.condition,
    guidance: rule.guidance,
    outcome_guidance: rule.outcome_guidance,
    score_delta: rule.score_delta,
    document_types: rule.document_types as Rule['document_types'],
    status: rule.status,
    created_at: rule.created_at,
    updated_at: rule.updated_at,
  };
}

/** What the audit log keeps of a rule: its fields after the change. */
function ruleDetails(r: RuleRecord) {
  return { title: r.title, condition: r.condition, outcome_guidance: r.outcome_guidance, score_delta: r.score_delta, document_types: r.document_types, status: r.status };
}

export function ruleRoutes({ store }: ServiceContext): Router {
  const router = Router();
  const view = requirePermission('view_documents');
  const manage = requirePermission('manage_documents');

  router
    .route('/rules')
    .get(view, async (req, res) => {
      const q = parseWith(listQuery, req.query);
      const page = await store.rules.list(q.limit ?? 100, q.starting_after);
      if (!page) throw invalidRequest('resource_missing', `Invalid 'starting_after': no such rule '${q.starting_after}'.`);
      res.json({ object: 'list', data: page.data.map(renderRule), has_more: page.has_more });
    })
    .post(manage, async (req, res) => {
      const fields = withDefaults(parseWith(fullRule, req.body));
      assertCompiles(fields.condition);
      const rule = await store.audited(apiKeyOf(res).id, (tx) => tx.rules.create(fields), (r) => ({ action: 'rule.created', target_id: r.id, details: { ...ruleDetails(r) } }));
      res.status(201).json(renderRule(rule));
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/rules/:id')
    .get(view, async (req, res) => {
      const rule = await store.rules.get(req.params.id);
      if (!rule) throw notFound('rule', req.params.id);
      res.json(renderRule(rule));
    })
    .patch(manage, async (req, res) => {
      const existing = await store.rules.get(req.params.id);
      if (!existing) throw notFound('rule', req.params.id);
      const patch = parseWith(partialRule, req.body);
      if (patch.condition !== undefined) assertCompiles(patch.condition);
      const merged: RuleFields = { ...existing, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
      res.json(renderRule(await store.audited(apiKeyOf(res).id, async (tx) => (await tx.rules.update(existing.id, merged))!, (r) => ({ action: 'rule.updated', target_id: r.id, details: { ...ruleDetails(r) } }))));
    })
    .put(manage, async (req, res) => {
      const existing = await store.rules.get(req.params.id);
      if (!existing) throw notFound('rule', req.params.id);
      const fields = withDefaults(parseWith(fullRule, req.body));
      assertCompiles(fields.condition);
      res.json(renderRule(await store.audited(apiKeyOf(res).id, async (tx) => (await tx.rules.update(existing.id, fields))!, (r) => ({ action: 'rule.updated', target_id: r.id, details: { ...ruleDetails(r) } }))));
    })
    .delete(manage, async (req, res) => {
      const id = req.params.id;
      if (!(await store.audited(apiKeyOf(res).id, (tx) => tx.rules.softDelete(id), (done) => (done ? { action: 'rule.deleted', target_id: id } : null)))) throw notFound('rule', id);
      res.json({ id: req.params.id, object: 'rule', deleted: true });
    })
    .all(methodNotAllowed(['GET', 'PATCH', 'PUT', 'DELETE']));

  return router;
}
