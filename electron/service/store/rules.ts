/** Workspace rules: CEL conditions with guidance; soft-deleted so old checks can still name them. */
import { placeholders, type Sql } from '../db/sql.js';
import type { OutcomeGuidance, RuleInput } from '../../../engine/index.js';
import { newRuleId, nowIso } from './ids.js';

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
  constructor(private readonly sql: Sql) {}

  async create(fields: RuleFields): Promise<RuleRecord> {
    const at = nowIso();
    const id = newRuleId();
    await this.sql.run(
      `INSERT INTO rules (id, title, condition, guidance, outcome_guidance, score_delta, document_types, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        fields.title,
        fields.condition,
        fields.guidance,
        fields.outcome_guidance,
        fields.score_delta,
        fields.document_types === null ? null : JSON.stringify(fields.document_types),
        fields.status,
        at,
        at,
      ],
    );
    return (await this.get(id))!;
  }

  /** A live (not deleted) rule. */
  async get(id: string): Promise<RuleRecord | null> {
    const row = await this.sql.get<RuleRow>('SELECT * FROM rules WHERE id = ? AND deleted_at IS NULL', [id]);
    return row ? fromRow(row) : null;
  }

  async update(id: string, fields: RuleFields): Promise<RuleRecord | null> {
    const changes = await this.sql.run(
      `UPDATE rules SET title = ?, condition = ?, guidance = ?, outcome_guidance = ?, score_delta = ?, document_types = ?, status = ?, updated_at = ?
       WHERE id = ? AND deleted_at IS NULL`,
      [
        fields.title,
        fields.condition,
        fields.guidance,
        fields.outcome_guidance,
        fields.score_delta,
        fields.document_types === null ? null : JSON.stringify(fields.document_types),
        fields.status,
        nowIso(),
        id,
      ],
    );
    return changes > 0 ? this.get(id) : null;
  }

  async softDelete(id: string): Promise<boolean> {
    const at = nowIso();
    return (await this.sql.run('UPDATE rules SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL', [at, at, id])) > 0;
  }

  /** Newest first, keyset-paginated like checks. */
  async list(limit: number, startingAfter?: string): Promise<{ data: RuleRecord[]; has_more: boolean } | null> {
    let rows: RuleRow[];
    if (startingAfter) {
      const anchor = await this.sql.get<{ seq: number }>('SELECT seq FROM rules WHERE id = ? AND deleted_at IS NULL', [startingAfter]);
      if (!anchor) return null;
      rows = await this.sql.all<RuleRow>('SELECT * FROM rules WHERE deleted_at IS NULL AND seq < ? ORDER BY seq DESC LIMIT ?', [anchor.seq, limit + 1]);
    } else {
      rows = await this.sql.all<RuleRow>('SELECT * FROM rules WHERE deleted_at IS NULL ORDER BY seq DESC LIMIT ?', [limit + 1]);
    }
    return { data: rows.slice(0, limit).map(fromRow), has_more: rows.length > limit };
  }

  /** Active rules in creation order: the order they are evaluated and reported in. */
  async active(): Promise<RuleRecord[]> {
    return (await this.sql.all<RuleRow>("SELECT * FROM rules WHERE deleted_at IS NULL AND status = 'active' ORDER BY seq")).map(fromRow);
  }

  /** Which of these ids have been deleted (a deleted rule never fires, even on a check in flight). */
  async deletedAmong(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.sql.all<{ id: string }>(`SELECT id FROM rules WHERE deleted_at IS NOT NULL AND id IN (${placeholders(ids.length)})`, ids);
    return new Set(rows.map((r) => r.id));
  }
}
