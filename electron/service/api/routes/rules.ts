/** Workspace rules CRUD (SPEC "Rules", DECISIONS "Rules"); the rules use case fills defaults, compiles conditions and audits. */
import { Router } from 'express';
import { RuleBody as fullRule, RuleListQuery as listQuery, RulePatch as partialRule, type Rule } from '../../../../contract/api-v1.js';
import { apiKeyOf, requirePermission } from '../../http/auth.js';
import { invalidRequest, methodNotAllowed, notFound } from '../../http/errors.js';
import { parseWith } from '../../http/validation.js';
import type { RuleRecord } from '../../usecases/index.js';
import type { Rules } from '../../usecases/rules.js';

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

export function ruleRoutes(rules: Rules): Router {
  const router = Router();
  const view = requirePermission('view_documents');
  const manage = requirePermission('manage_documents');

  /** The rule the path names; a 404 before the body is read, as for every other resource. */
  const existing = async (id: string): Promise<RuleRecord> => {
    const rule = await rules.get(id);
    if (!rule) throw notFound('rule', id);
    return rule;
  };

  router
    .route('/rules')
    .get(view, async (req, res) => {
      const q = parseWith(listQuery, req.query);
      const page = await rules.list(q.limit ?? 100, q.starting_after);
      if (!page) throw invalidRequest('resource_missing', `Invalid 'starting_after': no such rule '${q.starting_after}'.`);
      res.json({ object: 'list', data: page.data.map(renderRule), has_more: page.has_more });
    })
    .post(manage, async (req, res) => {
      const rule = await rules.create(parseWith(fullRule, req.body), apiKeyOf(res).id);
      res.status(201).json(renderRule(rule));
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/rules/:id')
    .get(view, async (req, res) => {
      res.json(renderRule(await existing(req.params.id)));
    })
    .patch(manage, async (req, res) => {
      const rule = await existing(req.params.id);
      res.json(renderRule(await rules.patch(rule, parseWith(partialRule, req.body), apiKeyOf(res).id)));
    })
    .put(manage, async (req, res) => {
      const rule = await existing(req.params.id);
      res.json(renderRule(await rules.replace(rule, parseWith(fullRule, req.body), apiKeyOf(res).id)));
    })
    .delete(manage, async (req, res) => {
      const id = req.params.id;
      if (!(await rules.remove(id, apiKeyOf(res).id))) throw notFound('rule', id);
      res.json({ id: req.params.id, object: 'rule', deleted: true });
    })
    .all(methodNotAllowed(['GET', 'PATCH', 'PUT', 'DELETE']));

  return router;
}
