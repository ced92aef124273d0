/**
 * Document checks. A check snapshots the workspace settings when it is submitted (SPEC rule 6:
 * later edits never rewrite it) and stays `processing` in this table until a worker finishes,
 * which is what makes the queue durable: start-up re-queues whatever is still `processing`.
 *
 * One stored form per check (migration 4): the row holds the submission and index columns, the
 * verdict or error as settled, and the engine Analysis. Extracted fields and the document format
 * are read out of the Analysis; the public JSON is presented on read, never stored beside it.
 */
import type { Db } from '../db/open.js';
import type { Thresholds } from '../../../engine/scoring/bands.js';
import type { Analysis, Decision, Extracted } from '../../../engine/types.js';
import type { CheckError, CheckRecord, CompletedAnalysis, NewCheck, SettingsSnapshot, StoredVerdict } from '../domain/check-record.js';
import { presentCheck } from '../domain/present-check.js';
import { nowIso } from './ids.js';

/** SQLite reads the two small parts of the Analysis in C; the rest of it is not parsed here. */
const RECORD_COLUMNS =
  "id, created_at, status, filename, mime_type, size_bytes, sha256, pages, json_extract(analysis, '$.document.format') AS format, mode, engine_version, thresholds, verdict, json_extract(analysis, '$.extracted') AS extracted, error, webhook_url, override_decision, completed_at";

interface CheckRow extends Omit<CheckRecord, 'thresholds' | 'verdict' | 'extracted' | 'error'> {
  thresholds: string;
  verdict: string | null;
  extracted: string | null;
  error: string | null;
}

function jsonOf(row: CheckRow): string {
  return JSON.stringify(presentCheck(fromRow(row)));
}

const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function fromRow(row: CheckRow): CheckRecord {
  return {
    ...row,
    thresholds: JSON.parse(row.thresholds) as Thresholds,
    verdict: parse<StoredVerdict>(row.verdict),
    extracted: parse<Extracted>(row.extracted),
    error: parse<CheckError>(row.error),
  };
}

export class CheckStore {
  private readonly byId;
  private readonly seqOf;
  private readonly firstPage;
  private readonly nextPage;

  constructor(private readonly db: Db) {
    this.byId = db.prepare(`SELECT ${RECORD_COLUMNS} FROM checks WHERE id = ?`);
    this.seqOf = db.prepare('SELECT seq FROM checks WHERE id = ?');
    this.firstPage = db.prepare(`SELECT ${RECORD_COLUMNS} FROM checks ORDER BY seq DESC LIMIT ?`);
    this.nextPage = db.prepare(`SELECT ${RECORD_COLUMNS} FROM checks WHERE seq < ? ORDER BY seq DESC LIMIT ?`);
  }

  insert(check: NewCheck): CheckRecord {
    this.db
      .prepare(
        `INSERT INTO checks (id, created_at, status, filename, mime_type, size_bytes, sha256, pages, mode, engine_version, thresholds, snapshot, webhook_url)
         VALUES (?, ?, 'processing', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
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
      );
    return this.get(check.id)!;
  }

  get(id: string): CheckRecord | null {
    const row = this.byId.get(id) as CheckRow | undefined;
    return row ? fromRow(row) : null;
  }

  snapshot(id: string): SettingsSnapshot | null {
    const row = this.db.prepare('SELECT snapshot FROM checks WHERE id = ?').get(id) as { snapshot: string } | undefined;
    return row ? (JSON.parse(row.snapshot) as SettingsSnapshot) : null;
  }

  /** Newest first. `null` when `startingAfter` names no check. */
  list(limit: number, startingAfter?: string): { data: CheckRecord[]; has_more: boolean } | null {
    let rows: CheckRow[];
    if (startingAfter) {
      const anchor = this.seqOf.get(startingAfter) as { seq: number } | undefined;
      if (!anchor) return null;
      rows = this.nextPage.all(anchor.seq, limit + 1) as CheckRow[];
    } else {
      rows = this.firstPage.all(limit + 1) as CheckRow[];
    }
    return { data: rows.slice(0, limit).map(fromRow), has_more: rows.length > limit };
  }

  /** The public JSON of a check (SPEC document_check). */
  getJson(id: string): string | null {
    const row = this.byId.get(id) as CheckRow | undefined;
    return row ? jsonOf(row) : null;
  }

  /** `list` as public JSON strings, newest first. */
  listJson(limit: number, startingAfter?: string): { data: string[]; has_more: boolean } | null {
    let rows: CheckRow[];
    if (startingAfter) {
      const anchor = this.seqOf.get(startingAfter) as { seq: number } | undefined;
      if (!anchor) return null;
      rows = this.nextPage.all(anchor.seq, limit + 1) as CheckRow[];
    } else {
      rows = this.firstPage.all(limit + 1) as CheckRow[];
    }
    return { data: rows.slice(0, limit).map(jsonOf), has_more: rows.length > limit };
  }

  /** Checks still `processing`, oldest first: the durable queue after a restart. */
  processing(): string[] {
    return (this.db.prepare("SELECT id FROM checks WHERE status = 'processing' ORDER BY seq").all() as Array<{ id: string }>).map((r) => r.id);
  }

  complete(id: string, result: CompletedAnalysis): boolean {
    const info = this.db
      .prepare(
        `UPDATE checks SET status = 'completed', pages = ?, verdict = ?, analysis = ?, engine_version = ?, error = NULL, completed_at = ?
         WHERE id = ? AND status = 'processing'`,
      )
      .run(result.pages, JSON.stringify(result.verdict), JSON.stringify(withPresented(result)), result.engine_version, nowIso(), id);
    return info.changes > 0;
  }

  fail(id: string, error: CheckError): boolean {
    const info = this.db.prepare(`UPDATE checks SET status = 'failed', error = ?, completed_at = ? WHERE id = ? AND status = 'processing'`).run(JSON.stringify(error), nowIso(), id);
    return info.changes > 0;
  }

  /** The stored engine Analysis of a completed check (dashboard only). */
  analysis(id: string): Analysis | null {
    const row = this.db.prepare('SELECT analysis FROM checks WHERE id = ? AND analysis IS NOT NULL').get(id) as { analysis: string } | undefined;
    return row ? (JSON.parse(row.analysis) as Analysis) : null;
  }

  /** Reviewer override (SPEC rule 3); `null` clears it. Only completed checks carry a decision. */
  setOverride(id: string, decision: Decision | null): boolean {
    return this.db.prepare("UPDATE checks SET override_decision = ? WHERE id = ? AND status = 'completed'").run(decision, id).changes > 0;
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM checks').get() as { n: number }).n;
  }
}

/**
 * The Analysis as stored: the extracted fields and format the check presents are read from it,
 * so they are written into it as the check settled them (the pipeline hands the same values).
 */
function withPresented(result: CompletedAnalysis): Analysis {
  return { ...result.analysis, extracted: result.extracted, document: { ...result.analysis.document, format: result.format } };
}
