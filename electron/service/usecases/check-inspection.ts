/**
 * What the dashboard shows of checks beyond the public API (SPEC: original files, revisions and
 * diffs are "viewable only in a separate dashboard"): a check's file and engine Analysis, a rule
 * condition tried on a check, and the recent scores.
 */
import type { Analysis } from '../../../engine/index.js';
import type { ConditionEvaluator } from '../conditions/condition-sandbox.js';
import type { Store } from '../store/index.js';
import { PerKeyInFlight } from './in-flight-limit.js';
import { recentScores } from './recent-scores.js';
import { Missing, Rejected } from './rejections.js';
import { previewCondition, type PreviewResult } from './rule-preview.js';

/**
 * How many previews one key may have running. A hostile condition holds the preview sandbox until
 * its deadline, so without a bound one key could keep every other key's previews waiting.
 */
export const PREVIEWS_PER_KEY = 2;

export class CheckInspection {
  private readonly previewsInFlight = new PerKeyInFlight(PREVIEWS_PER_KEY, 'rule previews');

  constructor(
    private readonly store: Store,
    /** The previews' own sandbox, never the scoring path's: a preview cannot delay a check. */
    private readonly previewConditions: ConditionEvaluator,
  ) {}

  /** The stored file as submitted; null when there is no such check or its file is gone (retention). */
  async file(id: string): Promise<{ mime_type: string; bytes: Buffer } | null> {
    const check = await this.store.checks.get(id);
    if (!check || !this.store.uploads.exists(check.sha256)) return null;
    return { mime_type: check.mime_type, bytes: await this.store.uploads.read(check.sha256) };
  }

  /** The engine Analysis (null until the check completes); null when there is no such check. */
  async analysis(id: string): Promise<{ analysis: Analysis | null } | null> {
    if (!(await this.store.checks.get(id))) return null;
    return { analysis: await this.store.checks.analysis(id) };
  }

  /** `condition` evaluated on what the check was scored with, as a rule would be; `keyId` asked. */
  preview(checkId: string, condition: string, keyId: string): Promise<Extract<PreviewResult, { ok: true }>> {
    return this.previewsInFlight.run(keyId, () => this.previewNow(checkId, condition));
  }

  private async previewNow(checkId: string, condition: string): Promise<Extract<PreviewResult, { ok: true }>> {
    const check = await this.store.checks.get(checkId);
    if (!check) throw new Missing('document_check', checkId);
    const analysis = await this.store.checks.analysis(checkId);
    if (!analysis) throw new Rejected('check_not_completed', 'The check has no analysis yet.');
    const disabled = (await this.store.checks.snapshot(checkId))?.disabled_flag_codes ?? [];
    const result = await previewCondition(condition, check, analysis, disabled, this.previewConditions);
    if (!result.ok) throw new Rejected('invalid_condition', result.message);
    return result;
  }

  /** The newest completed checks' scores, at most `limit`. */
  recentScores(limit: number) {
    return recentScores(this.store, limit);
  }
}
