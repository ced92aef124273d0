/** Document checks: submit, get, list, feedback. */
import { Router, type Request } from 'express';
import { CheckListQuery as listQuery, FeedbackBody as feedbackBody, type Feedback } from '../../../../contract/api-v1.js';
import { RelatedQuery as relatedQuery, type RelatedDocumentList } from '../../../../contract/related.js';
import { isFlagCode } from '../../../../engine/index.js';
import type { ServiceContext } from '../../context.js';
import type { FeedbackRecord } from '../../store/feedback.js';
import { isMultipart, parseMultipart } from '../../upload/multipart.js';
import { apiKeyOf, requirePermission } from '../auth.js';
import { ApiError, invalidRequest, methodNotAllowed, notFound } from '../errors.js';
import { deleteCheck } from '../../store/deletion.js';
import { submitHandler } from '../submit.js';
import { parseWith } from '../validation.js';

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

export function checkRoutes(ctx: ServiceContext): Router {
  const { store } = ctx;
  const router = Router();
  const view = requirePermission('view_documents');
  const submit = requirePermission('submit_documents');

  router
    .route('/document-checks')
    .get(view, async (req, res) => {
      const q = parseWith(listQuery, req.query);
      const page = await store.checks.listJson(q.limit ?? 20, q.starting_after);
      if (!page) throw invalidRequest('resource_missing', `Invalid 'starting_after': no such document_check '${q.starting_after}'.`);
      // Stored JSON strings are spliced in as they are: no parse/stringify per check.
      res.type('json').send(`{"object":"list","data":[${page.data.join(',')}],"has_more":${page.has_more}}`);
    })
    .post(submit, submitHandler(ctx))
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/document-checks/:id')
    .get(view, async (req, res) => {
      const json = await store.checks.getJson(req.params.id);
      if (json === null) throw notFound('document_check', req.params.id);
      res.type('json').send(json);
    })
    .delete(requirePermission('manage_documents'), async (req, res) => {
      if (!(await deleteCheck(store, req.params.id, apiKeyOf(res).id, 'request'))) throw notFound('document_check', req.params.id);
      res.json({ id: req.params.id, object: 'document_check', deleted: true });
    })
    .all(methodNotAllowed(['GET', 'DELETE']));

  router
    .route('/document-checks/:id/related')
    .get(view, async (req, res) => {
      const q = parseWith(relatedQuery, req.query);
      const page = await ctx.checks.related(req.params.id, q.limit ?? 20);
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
      if (!(await store.checks.get(id))) throw notFound('document_check', id);
      const body = parseWith(feedbackBody, raw);
      const flagCode = body.flag_code ?? null;
      if (flagCode !== null && !isFlagCode(flagCode)) {
        throw new ApiError(400, 'invalid_request_error', 'unknown_flag_code', `Invalid 'flag_code': '${flagCode}' is not a flag code (see GET /api/v1/flag-settings/ for the list).`);
      }
      const actor = apiKeyOf(res).id;
      const record = await store.audited(
        actor,
        async (tx) => {
          // Re-checked inside the transaction: a check deleted meanwhile takes no feedback.
          if (!(await tx.checks.get(id))) throw notFound('document_check', id);
          return tx.feedback.create({
            check_id: id,
            rating: body.rating,
            flag_code: flagCode,
            corrected_decision: body.corrected_decision ?? null,
            reason: body.reason ?? null,
            api_key_id: actor,
          });
        },
        (f) => ({ action: 'feedback.created', target_id: id, details: { feedback_id: f.id, kind: f.kind, rating: f.rating, flag_code: f.flag_code, corrected_decision: f.corrected_decision } }),
      );
      res.status(201).json(renderFeedback(record));
    })
    .all(methodNotAllowed(['POST']));

  return router;
}
