/** Workspace rules: CEL conditions with guidance; soft-deleted so old checks can still name them. */
import type { Db } from '../db/open.js';
import type { OutcomeGuidance, RuleInput } from '../../../engine/scoring/rules.js';
import { newRuleId, nowIso } from './ids.js';

export const OUTCOME_GUIDANCE = ['ACCEPTED', 'REJECTED', 'PENDING', 'ADVISORY'] as const satisfies readonly OutcomeGuidance[];
export const RULE_STATUSES = ['active', 'disabled'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

export interface RuleFields {
  title: string;
  condition: string;
  guidance: string | null;
  outcome_guidance: OutcomeGuidance;
  score_delta: number;
  document_types: string[] | null;
  status: RuleStatus;
}

export interface RuleRecord extends RuleFields {
  id: string;
  created_at: string;
  updated_at: string;
}

export const RULE_DEFAULTS: Omit<RuleFields, 'title' | 'condition'> = {
  guidance: null,
  outcome_guidance: 'ADVISORY',
  score_delta: 0,
  document_types: null,
  status: 'active',
};

interface RuleRow extends Omit<RuleRecord, 'document_types'> {
  seq: number;
  document_types: string | null;
  deleted_at: string | null;
}

function fromRow(row: RuleRow): RuleRecord {
  return {
    id: row.id,
    title: row.title,
    condition: row.condition,
    guidance: row.guidance,
    outcome_guidance: row.outcome_guidance,
    score_delta: row.score_delta,
    document_types: row.document_types === null ? null : (JSON.parse(row.document_types) as string[]),
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toRuleInput(rule: RuleRecord): RuleInput {
  return {
    id: rule.id,
    title: rule.title,
    condition: rule.condition,
    outcome_guidance: rule.outcome_guidance,
    score_delta: rule.score_delta,
    document_types: rule.document_types,
  };
}

export class RuleStore {
  constructor(private readonly db: Db) {}

  create(fields: RuleFields): RuleRecord {
    const at = nowIso();
    const id = newRuleId();
    this.db
      .prepare(
        `INSERT INTO rules (id, title, condition, guidance, outcome_guidance, score_delta, document_types, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, fields.title, fields.condition, fields.guidance, fields.outcome_guidance, fields.score_delta, fields.document_types === null ? null : JSON.stringify(fields.document_types), fields.status, at, at);
    return this.get(id)!;
  }

  /** A live (not deleted) rule. */
  get(id: string): RuleRecord | null {
    const row = this.db.prepare('SELECT * FROM rules WHERE id = ? AND deleted_at IS NULL').get(id) as RuleRow | undefined;
    return row ? fromRow(row) : null;
  }

  update(id: string, fields: RuleFields): RuleRecord | null {
    const info = this.db
      .prepare(
        `UPDATE rules SET title = ?, condition = ?, guidance = ?, outcome_guidance = ?, score_delta = ?, document_types = ?, status = ?, updated_at = ?
         WHERE id = ? AND deleted_at IS NULL`,
      )
      .run(fields.title, fields.condition, fields.guidance, fields.outcome_guidance, fields.score_delta, fields.document_types === null ? null : JSON.stringify(fields.document_types), fields.status, nowIso(), id);
    return info.changes > 0 ? this.get(id) : null;
  }

  softDelete(id: string): boolean {
    const at = nowIso();
    return this.db.prepare('UPDATE rules SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, at, id).changes > 0;
  }

  /** Newest first, keyset-paginated like checks. */
  list(limit: number, startingAfter?: string): { data: RuleRecord[]; has_more: boolean } | null {
    let rows: RuleRow[];
    if (startingAfter) {
      const anchor = this.db.prepare('SELECT seq FROM rules WHERE id = ? AND deleted_at IS NULL').get(startingAfter) as { seq: number } | undefined;
      if (!anchor) return null;
      rows = this.db.prepare('SELECT * FROM rules WHERE deleted_at IS NULL AND seq < ? ORDER BY seq DESC LIMIT ?').all(anchor.seq, limit + 1) as RuleRow[];
    } else {
      rows = this.db.prepare('SELECT * FROM rules WHERE deleted_at IS NULL ORDER BY seq DESC LIMIT ?').all(limit + 1) as RuleRow[];
    }
    return { data: rows.slice(0, limit).map(fromRow), has_more: rows.length > limit };
  }

  /** Active rules in creation order: the order they are evaluated and reported in. */
  active(): RuleRecord[] {
    return (this.db.prepare("SELECT * FROM rules WHERE deleted_at IS NULL AND status = 'active' ORDER BY seq").all() as RuleRow[]).map(fromRow);
  }

  /** Which of these ids have been deleted (a deleted rule never fires, even on a check in flight). */
  deletedAmong(ids: readonly string[]): Set<string> {
    if (ids.length === 0) return new Set();
    const rows = this.db
      .prepare(`SELECT id FROM rules WHERE deleted_at IS NOT NULL AND id IN (${ids.map(() => '?').join(',')})`)
      .all(...ids) as Array<{ id: string }>;
    return new Set(rows.map((r) => r.id));
  }
}
