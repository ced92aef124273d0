/** The audit log (manage_keys) and retention (GET view_documents, PATCH manage_documents). */
import { Router } from 'express';
import { AuditListQuery as listQuery, RetentionPatch as retentionPatch, type Retention as RetentionBody } from '../../../../contract/api-v1.js';
import { apiKeyOf, requirePermission } from '../../http/auth.js';
import { invalidRequest, methodNotAllowed } from '../../http/errors.js';
import { parseWith } from '../../http/validation.js';
import type { AuditLog } from '../../usecases/audit-log.js';
import type { RetentionPolicy } from '../../usecases/index.js';
import type { Retention } from '../../usecases/retention.js';

export function renderRetention(r: RetentionPolicy): RetentionBody {
  return {
    object: 'retention' as const,
    delete_files_after_days: r.delete_files_after_days,
    delete_checks_after_days: r.delete_checks_after_days,
    updated_at: r.updated_at,
  };
}

export function auditRoutes(audit: AuditLog, retention: Retention): Router {
  const router = Router();

  router
    .route('/audit-events')
    .get(requirePermission('manage_keys'), async (req, res) => {
      const q = parseWith(listQuery, req.query);
      const page = await audit.list(q.limit ?? 20, q.starting_after);
      if (!page) throw invalidRequest('resource_missing', `Invalid 'starting_after': no such audit_event '${q.starting_after}'.`);
      res.json({ object: 'list', data: page.data, has_more: page.has_more });
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/retention')
    .get(requirePermission('view_documents'), async (_req, res) => {
      res.json(renderRetention(await retention.current()));
    })
    .patch(requirePermission('manage_documents'), async (req, res) => {
      res.json(renderRetention(await retention.update(parseWith(retentionPatch, req.body), apiKeyOf(res).id)));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  return router;
}
