/** Workspace rules CRUD (SPEC "Rules", DECISIONS "Rules"): conditions are compiled on every write. */
import { Router } from 'express';
import { z } from 'zod';
import { compileCondition } from '../../../../engine/scoring/conditions.js';
import type { DocType } from '../../../../engine/types.js';
import type { ServiceContext } from '../../context.js';
import { OUTCOME_GUIDANCE, RULE_DEFAULTS, RULE_STATUSES, type RuleFields, type RuleRecord } from '../../store/rules.js';
import { apiKeyOf, requirePermission } from '../auth.js';
import { invalidRequest, methodNotAllowed, notFound } from '../errors.js';
import { integerParam, parseWith } from '../validation.js';

export const DOC_TYPES = ['bank_statement', 'payslip', 'invoice', 'receipt', 'utility_bill', 'tax_form', 'id_document', 'letter', 'other'] as const satisfies readonly DocType[];

const fieldSchemas = {
  title: z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' }),
  condition: z.string({ error: 'must be a string (a CEL expression)' }).max(10_000, { error: 'must be at most 10000 characters' }),
  guidance: z.string({ error: 'must be a string' }).max(10_000, { error: 'must be at most 10000 characters' }).nullable(),
  outcome_guidance: z.enum(OUTCOME_GUIDANCE, { error: 'must be one of ACCEPTED, REJECTED, PENDING, ADVISORY' }),
  score_delta: z.number({ error: 'must be an integer between -100 and 100' }).int({ error: 'must be an integer between -100 and 100' }).min(-100, { error: 'must be an integer between -100 and 100' }).max(100, { error: 'must be an integer between -100 and 100' }),
  document_types: z.array(z.enum(DOC_TYPES, { error: `must list document types among ${DOC_TYPES.join(', ')}` }), { error: 'must be an array of document types' }).nullable(),
  status: z.enum(RULE_STATUSES, { error: 'must be active or disabled' }),
};

/** POST and PUT: title and condition required, omitted optional fields take their defaults. */
const fullRule = z.object({
  title: fieldSchemas.title,
  condition: fieldSchemas.condition,
  guidance: fieldSchemas.guidance.optional(),
  outcome_guidance: fieldSchemas.outcome_guidance.optional(),
  score_delta: fieldSchemas.score_delta.optional(),
  document_types: fieldSchemas.document_types.optional(),
  status: fieldSchemas.status.optional(),
});

const partialRule = z.object({
  title: fieldSchemas.title.optional(),
  condition: fieldSchemas.condition.optional(),
  guidance: fieldSchemas.guidance.optional(),
  outcome_guidance: fieldSchemas.outcome_guidance.optional(),
  score_delta: fieldSchemas.score_delta.optional(),
  document_types: fieldSchemas.document_types.optional(),
  status: fieldSchemas.status.optional(),
});

const listQuery = z.object({
  limit: integerParam(1, 100).optional(),
  starting_after: z.string({ error: 'must be a single rule id' }).optional(),
});

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

export function renderRule(rule: RuleRecord) {
  return {
    id: rule.id,
    object: 'rule' as const,
    title: rule.title,
    condition: rule.condition,
    guidance: rule.guidance,
    outcome_guidance: rule.outcome_guidance,
    score_delta: rule.score_delta,
    document_types: rule.document_types,
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
    .get(view, (req, res) => {
      const q = parseWith(listQuery, req.query);
      const page = store.rules.list(q.limit ?? 100, q.starting_after);
      if (!page) throw invalidRequest('resource_missing', `Invalid 'starting_after': no such rule '${q.starting_after}'.`);
      res.json({ object: 'list', data: page.data.map(renderRule), has_more: page.has_more });
    })
    .post(manage, (req, res) => {
      const fields = withDefaults(parseWith(fullRule, req.body));
      assertCompiles(fields.condition);
      const rule = store.audit.record(apiKeyOf(res).id, () => store.rules.create(fields), (r) => ({ action: 'rule.created', target_id: r.id, details: { ...ruleDetails(r) } }));
      res.status(201).json(renderRule(rule));
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/rules/:id')
    .get(view, (req, res) => {
      const rule = store.rules.get(req.params.id);
      if (!rule) throw notFound('rule', req.params.id);
      res.json(renderRule(rule));
    })
    .patch(manage, (req, res) => {
      const existing = store.rules.get(req.params.id);
      if (!existing) throw notFound('rule', req.params.id);
      const patch = parseWith(partialRule, req.body);
      if (patch.condition !== undefined) assertCompiles(patch.condition);
      const merged: RuleFields = { ...existing, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
      res.json(renderRule(store.audit.record(apiKeyOf(res).id, () => store.rules.update(existing.id, merged)!, (r) => ({ action: 'rule.updated', target_id: r.id, details: { ...ruleDetails(r) } }))));
    })
    .put(manage, (req, res) => {
      const existing = store.rules.get(req.params.id);
      if (!existing) throw notFound('rule', req.params.id);
      const fields = withDefaults(parseWith(fullRule, req.body));
      assertCompiles(fields.condition);
      res.json(renderRule(store.audit.record(apiKeyOf(res).id, () => store.rules.update(existing.id, fields)!, (r) => ({ action: 'rule.updated', target_id: r.id, details: { ...ruleDetails(r) } }))));
    })
    .delete(manage, (req, res) => {
      const id = req.params.id;
      if (!store.audit.record(apiKeyOf(res).id, () => store.rules.softDelete(id), (done) => (done ? { action: 'rule.deleted', target_id: id } : null))) throw notFound('rule', id);
      res.json({ id: req.params.id, object: 'rule', deleted: true });
    })
    .all(methodNotAllowed(['GET', 'PATCH', 'PUT', 'DELETE']));

  return router;
}
