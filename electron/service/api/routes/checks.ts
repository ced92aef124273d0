/** Document checks: submit, get, list, delete, related, feedback (the checks and feedback use cases). */
import { Router, type Request } from 'express';
import { CheckListQuery as listQuery, FeedbackBody as feedbackBody, type Feedback } from '../../../../contract/api-v1.js';
import { RelatedQuery as relatedQuery, type RelatedDocumentList } from '../../../../contract/related.js';
import { apiKeyOf, requirePermission } from '../../http/auth.js';
import { invalidRequest, methodNotAllowed, notFound } from '../../http/errors.js';
import { parseWith } from '../../http/validation.js';
import { isMultipart, parseMultipart } from '../../upload/multipart.js';
import type { FeedbackRecord, UseCases } from '../../usecases/index.js';
import { submitHandler, type SubmitLimits } from '../submit.js';

export function renderFeedback(f: FeedbackRecord): Feedback {
  return {
    id: f.id,
    object: 'check_feedback' as const,
    created_at: f.created_at,
    document_check: f.check_id,
    kind: f.kind,
    rating: f.rating,
    flag_code: f.flag_code as Feedback['flag_code'],
    corrected_decision: f.corrected_decision,
    reason: f.reason,
  };
}

/** Feedback bodies may be JSON, form-urlencoded or multipart (fields only). */
async function feedbackFields(req: Request): Promise<unknown> {
  if (isMultipart(req)) return (await parseMultipart(req, { maxBytes: 0 })).fields;
  return req.body;
}

export function checkRoutes(uc: Pick<UseCases, 'checks' | 'uploads' | 'feedback'>, limits: SubmitLimits): Router {
  const { checks, feedback } = uc;
  const router = Router();
  const view = requirePermission('view_documents');
  const submit = requirePermission('submit_documents');

  router
    .route('/document-checks')
    .get(view, async (req, res) => {
      const q = parseWith(listQuery, req.query);
      const page = await checks.list(q.limit ?? 20, q.starting_after);
      if (!page) throw invalidRequest('resource_missing', `Invalid 'starting_after': no such document_check '${q.starting_after}'.`);
      res.json({ object: 'list', data: page.data, has_more: page.has_more });
    })
    .post(submit, submitHandler(uc, limits))
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/document-checks/:id')
    .get(view, async (req, res) => {
      const check = await checks.present(req.params.id);
      if (check === null) throw notFound('document_check', req.params.id);
      res.json(check);
    })
    .delete(requirePermission('manage_documents'), async (req, res) => {
      if (!(await checks.remove(req.params.id, apiKeyOf(res).id))) throw notFound('document_check', req.params.id);
      res.json({ id: req.params.id, object: 'document_check', deleted: true });
    })
    .all(methodNotAllowed(['GET', 'DELETE']));

  router
    .route('/document-checks/:id/related')
    .get(view, async (req, res) => {
      const q = parseWith(relatedQuery, req.query);
      const page = await checks.related(req.params.id, q.limit ?? 20);
      if (!page) throw notFound('document_check', req.params.id);
      const body: RelatedDocumentList = { object: 'list', data: page.data.map((r) => ({ object: 'related_document', ...r })), has_more: page.has_more };
      res.json(body);
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/document-checks/:id/feedback')
    .post(submit, async (req, res) => {
      const id = String(req.params.id);
      // Read the body first: an unread multipart upload would otherwise stall the connection.
      const raw = await feedbackFields(req);
      if (!(await checks.exists(id))) throw notFound('document_check', id);
      const record = await feedback.give(id, parseWith(feedbackBody, raw), apiKeyOf(res).id);
      res.status(201).json(renderFeedback(record));
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
