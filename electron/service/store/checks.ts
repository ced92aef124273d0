/**
 * Document checks. A check snapshots the workspace settings when it is submitted (SPEC rule 6:
 * later edits never rewrite it) and stays `processing` in this table until a worker finishes,
 * which is what makes the desktop queue durable: start-up re-queues whatever is still `processing`.
 * On a team server the jobs live in pg-boss (queue/pg-queue.ts); a worker claims a check with a
 * lease, and only the holder of the latest lease can settle it (exactly-once completion).
 *
 * One stored form per check (migration 4): the row holds the submission and index columns, the
 * verdict or error as settled, and the engine Analysis. Extracted fields and the document format
 * are read out of the Analysis. The store keeps records, not the wire format: the use cases present
 * a check on read (domain/present-check.ts), and the public JSON is never stored beside it.
 */
import { jsonPart, jsonText, type Dialect, type Sql } from '../db/sql.js';
import type { Thresholds, Analysis, Decision, Extracted } from '../../../engine/index.js';
import type { CheckError, CheckRecord, CompletedAnalysis, NewCheck, SettingsSnapshot, StoredVerdict } from '../domain/check-record.js';
import { nowIso } from './ids.js';

/** The two small parts of the Analysis a record needs are read by the database; the rest of it is not parsed here. */
const recordColumns = (d: Dialect) =>
  `id, created_at, status, filename, mime_type, size_bytes, sha256, pages, ${jsonText(d, 'analysis', 'document.format')} AS format, mode, engine_version, thresholds, verdict, ${jsonPart(d, 'analysis', 'extracted')} AS extracted, error, webhook_url, override_decision, completed_at, password_supplied`;

interface CheckRow extends Omit<CheckRecord, 'thresholds' | 'verdict' | 'extracted' | 'error' | 'password_supplied'> {
  password_supplied: number | string | null;
  thresholds: string;
  verdict: string | null;
  extracted: string | null;
  error: string | null;
}

const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function fromRow(row: CheckRow): CheckRecord {
  return {
    ...row,
    thresholds: JSON.parse(row.thresholds) as Thresholds,
    verdict: parse<StoredVerdict>(row.verdict),
    extracted: parse<Extracted>(row.extracted),
    error: parse<CheckError>(row.error),
    password_supplied: Number(row.password_supplied ?? 0) === 1,
  };
}

export class CheckStore {
  private readonly columns: string;

  constructor(private readonly sql: Sql) {
    this.columns = recordColumns(sql.dialect);
  }

  async insert(check: NewCheck): Promise<CheckRecord> {
    await this.sql.run(
      `INSERT INTO checks (id, created_at, status, filename, mime_type, size_bytes, sha256, pages, mode, engine_version, thresholds, snapshot, webhook_url, password_supplied)
       VALUES (?, ?, 'processing', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        check.id,
        check.created_at ?? nowIso(),
        check.filename,
        check.mime_type,
        check.size_bytes,
        check.sha256,
        check.pages ?? null,
        check.mode,
        check.engine_version,
        JSON.stringify(check.thresholds),
        JSON.stringify(check.snapshot),
        check.webhook_url,
        check.password_supplied ? 1 : 0,
      ],
    );
    return (await this.get(check.id))!;
  }

  async get(id: string): Promise<CheckRecord | null> {
    const row = await this.sql.get<CheckRow>(`SELECT ${this.columns} FROM checks WHERE id = ?`, [id]);
    return row ? fromRow(row) : null;
  }

  async snapshot(id: string): Promise<SettingsSnapshot | null> {
    const row = await this.sql.get<{ snapshot: string }>('SELECT snapshot FROM checks WHERE id = ?', [id]);
    return row ? (JSON.parse(row.snapshot) as SettingsSnapshot) : null;
  }

  /** A page of rows, newest first; null when `startingAfter` names no check. */
  private async page(limit: number, startingAfter?: string): Promise<CheckRow[] | null> {
    if (!startingAfter) return this.sql.all<CheckRow>(`SELECT ${this.columns} FROM checks ORDER BY seq DESC LIMIT ?`, [limit + 1]);
    const anchor = await this.sql.get<{ seq: number }>('SELECT seq FROM checks WHERE id = ?', [startingAfter]);
    if (!anchor) return null;
    return this.sql.all<CheckRow>(`SELECT ${this.columns} FROM checks WHERE seq < ? ORDER BY seq DESC LIMIT ?`, [anchor.seq, limit + 1]);
  }

  /** Newest first. `null` when `startingAfter` names no check. */
  async list(limit: number, startingAfter?: string): Promise<{ data: CheckRecord[]; has_more: boolean } | null> {
    const rows = await this.page(limit, startingAfter);
    return rows && { data: rows.slice(0, limit).map(fromRow), has_more: rows.length > limit };
  }

  /** Checks still `processing`, oldest first: the durable queue after a restart. */
  async processing(): Promise<string[]> {
    return (await this.sql.all<{ id: string }>("SELECT id FROM checks WHERE status = 'processing' ORDER BY seq")).map((r) => r.id);
  }

  /**
   * A new attempt at a `processing` check: its lease replaces any earlier one (an attempt whose
   * worker died, or one still running past its job's expiry, can no longer settle the check).
   * Returns the attempt's number, or null when the check is settled or gone.
   */
  async claim(id: string, lease: string): Promise<number | null> {
    const changed = await this.sql.run("UPDATE checks SET lease = ?, attempts = attempts + 1 WHERE id = ? AND status = 'processing'", [lease, id]);
    if (changed === 0) return null;
    const row = await this.sql.get<{ attempts: number; lease: string | null }>('SELECT attempts, lease FROM checks WHERE id = ?', [id]);
    return row && row.lease === lease ? Number(row.attempts) : null;
  }

  /** Gives an attempt back that stopped because its process is shutting down (it does not count). */
  async release(id: string, lease: string): Promise<void> {
    await this.sql.run("UPDATE checks SET lease = NULL, attempts = attempts - 1 WHERE id = ? AND lease = ? AND status = 'processing'", [id, lease]);
  }

  /** Settles the check if it is still `processing` under `lease` (null: the desktop's in-process queue). */
  async complete(id: string, result: CompletedAnalysis, lease: string | null = null): Promise<boolean> {
    const changes = await this.sql.run(
      `UPDATE checks SET status = 'completed', pages = ?, verdict = ?, analysis = ?, engine_version = ?, error = NULL, completed_at = ?
       WHERE id = ? AND status = 'processing' AND lease IS NOT DISTINCT FROM ?`,
      [result.pages, JSON.stringify(result.verdict), JSON.stringify(withPresented(result)), result.engine_version, nowIso(), id, lease],
    );
    return changes > 0;
  }

  async fail(id: string, error: CheckError, lease: string | null = null): Promise<boolean> {
    return (
      (await this.sql.run(
        `UPDATE checks SET status = 'failed', error = ?, completed_at = ? WHERE id = ? AND status = 'processing' AND lease IS NOT DISTINCT FROM ?`,
        [JSON.stringify(error), nowIso(), id, lease],
      )) > 0
    );
  }

  /** The stored engine Analysis of a completed check (dashboard only). */
  async analysis(id: string): Promise<Analysis | null> {
    const row = await this.sql.get<{ analysis: string }>('SELECT analysis FROM checks WHERE id = ? AND analysis IS NOT NULL', [id]);
    return row ? (JSON.parse(row.analysis) as Analysis) : null;
  }

  /** Reviewer override (SPEC rule 3); `null` clears it. Only completed checks carry a decision. */
  async setOverride(id: string, decision: Decision | null): Promise<boolean> {
    return (await this.sql.run("UPDATE checks SET override_decision = ? WHERE id = ? AND status = 'completed'", [decision, id])) > 0;
  }

  async count(): Promise<number> {
    return Number((await this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM checks'))!.n);
  }
}

/**
 * The Analysis as stored: the extracted fields and format the check presents are read from it,
 * so they are written into it as the check settled them (the pipeline hands the same values).
 */
function withPresented(result: CompletedAnalysis): Analysis {
  return { ...result.analysis, extracted: result.extracted, document: { ...result.analysis.document, format: result.format } };
}
