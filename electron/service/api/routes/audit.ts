/** The audit log (manage_keys) and retention (GET view_documents, PATCH manage_documents). */
import { Router } from 'express';
import { AuditListQuery as listQuery, RetentionPatch as retentionPatch, type Retention } from '../../../../contract/api-v1.js';
import type { ServiceContext } from '../../context.js';
import { getRetention, setRetention, type RetentionPolicy } from '../../store/retention.js';
import { apiKeyOf, requirePermission } from '../auth.js';
import { invalidRequest, methodNotAllowed } from '../errors.js';
import { parseWith } from '../validation.js';

export function renderRetention(r: RetentionPolicy): Retention {
  return { object: 'retention' as const, delete_files_after_days: r.delete_files_after_days, delete_checks_after_days: r.delete_checks_after_days, updated_at: r.updated_at };
}

export function auditRoutes(ctx: ServiceContext): Router {
  const { store } = ctx;
  const router = Router();

  router
    .route('/audit-events')
    .get(requirePermission('manage_keys'), async (req, res) => {
      const q = parseWith(listQuery, req.query);
      const page = await store.audit.list(q.limit ?? 20, q.starting_after);
      if (!page) throw invalidRequest('resource_missing', `Invalid 'starting_after': no such audit_event '${q.starting_after}'.`);
      res.json({ object: 'list', data: page.data, has_more: page.has_more });
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/retention')
    .get(requirePermission('view_documents'), async (_req, res) => {
      res.json(renderRetention(await getRetention(store, ctx.config.retentionPin)));
    })
    .patch(requirePermission('manage_documents'), async (req, res) => {
      const patch = parseWith(retentionPatch, req.body);
      const pinned = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined && ctx.config.retentionPin?.[k as keyof typeof patch] !== undefined);
      if (pinned.length) throw invalidRequest('parameter_invalid', `Invalid '${pinned[0]}': pinned by this machine's policy (policy.json); ask your administrator.`);
      await setRetention(store, patch, apiKeyOf(res).id);
      const next = await getRetention(store, ctx.config.retentionPin);
      // Apply the new policy now rather than at the next hourly pass.
      void ctx.retention?.kick();
      res.json(renderRetention(next));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  return router;
}
