/**
 * `GET /api/v1/document-checks/{id}/related/` (DECISIONS "Beyond v1"): the checks the workspace
 * library related to this one, in both directions (found when this check was compared, or when a
 * later check was compared with it). Deleted checks never appear.
 */
import { z } from 'zod';
import { integerParam } from './params.js';

export const RELATIONS = ['same_file', 'same_content', 'reused_content', 'same_template', 'template_mismatch'] as const;

export const RelatedDocument = z.object({
  object: z.literal('related_document'),
  check_id: z.string(),
  relation: z.enum(RELATIONS),
  /** 0-1: text similarity, share of transactions in common, picture likeness or fixed-text share, per relation. */
  similarity: z.number().min(0).max(1),
  /** What matched: transaction rows with their page regions on both documents, references, picture distance, template traits. */
  details: z.record(z.string(), z.unknown()),
});

export const RelatedDocumentList = z.object({ object: z.literal('list'), data: z.array(RelatedDocument), has_more: z.boolean() });

export const RelatedQuery = z.object({ limit: integerParam(1, 100).optional() });

export type RelatedDocument = z.infer<typeof RelatedDocument>;
export type RelatedDocumentList = z.infer<typeof RelatedDocumentList>;
