/** Feedback on a check's verdict or on one of its flags. */
import type { Sql } from '../db/sql.js';
import type { Decision } from '../../../engine/index.js';
import { nowIso } from './ids.js';

export interface FeedbackInput {
  check_id: string;
  rating: 'agree' | 'disagree';
  flag_code: string | null;
  corrected_decision: Decision | null;
  reason: string | null;
  api_key_id: string | null;
}

export interface FeedbackRecord {
  id: number;
  created_at: string;
  check_id: string;
  kind: 'verdict' | 'flag';
  rating: 'agree' | 'disagree';
  flag_code: string | null;
  corrected_decision: Decision | null;
  reason: string | null;
  api_key_id: string | null;
}

export class FeedbackStore {
  constructor(private readonly sql: Sql) {}

  async create(input: FeedbackInput): Promise<FeedbackRecord> {
    const kind = input.flag_code ? 'flag' : 'verdict';
    const created_at = nowIso();
    const row = await this.sql.get<{ id: number }>(
      'INSERT INTO feedback (created_at, check_id, kind, rating, flag_code, corrected_decision, reason, api_key_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
      [created_at, input.check_id, kind, input.rating, input.flag_code, input.corrected_decision, input.reason, input.api_key_id],
    );
    return { id: Number(row!.id), created_at, kind, ...input };
  }

  async forCheck(checkId: string): Promise<FeedbackRecord[]> {
    return this.sql.all<FeedbackRecord>('SELECT * FROM feedback WHERE check_id = ? ORDER BY id', [checkId]);
  }
}
