/** Feedback on a check: a rating, or a corrected decision, from a reviewer (written with its audit event). */
import type { z } from 'zod';
import type { FeedbackBody } from '../../../contract/api-v1.js';
import { isFlagCode } from '../../../engine/index.js';
import type { FeedbackRecord, Store } from '../store/index.js';
import { Missing, Rejected } from './rejections.js';

export class Feedback {
  constructor(private readonly store: Store) {}

  async give(checkId: string, body: z.output<typeof FeedbackBody>, actor: string): Promise<FeedbackRecord> {
    const flagCode = body.flag_code ?? null;
    if (flagCode !== null && !isFlagCode(flagCode)) {
      throw new Rejected('unknown_flag_code', `Invalid 'flag_code': '${flagCode}' is not a flag code (see GET /api/v1/flag-settings/ for the list).`);
    }
    return this.store.audited(
      actor,
      async (tx) => {
        // Re-checked inside the transaction: a check deleted meanwhile takes no feedback.
        if (!(await tx.checks.get(checkId))) throw new Missing('document_check', checkId);
        return tx.feedback.create({
          check_id: checkId,
          rating: body.rating,
          flag_code: flagCode,
          corrected_decision: body.corrected_decision ?? null,
          reason: body.reason ?? null,
          api_key_id: actor,
        });
      },
      (f) => ({
        action: 'feedback.created',
        target_id: checkId,
        details: { feedback_id: f.id, kind: f.kind, rating: f.rating, flag_code: f.flag_code, corrected_decision: f.corrected_decision },
      }),
    );
  }
}
